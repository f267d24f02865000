import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { Disposition } from '../../model/frontier.js';
import { CrawlTallies, hostOf } from './crawl-tallies.js';

function finished(uri: string, status: number, init: { size?: number; type?: string; seed?: boolean; tag?: string } = {}): CrawlUri {
  const c = new CrawlUri(uri, { isSeed: init.seed, sourceTag: init.tag });
  c.fetchStatus = status;
  // The reports count Heritrix's content size (headers included), which the fetchers set as recordedSize.
  c.recordedSize = init.size ?? -1;
  c.contentType = init.type ?? '';
  return c;
}

/** The URI as the precondition enforcer makes a server's robots.txt: a prerequisite (hop P). */
function prerequisite(c: CrawlUri): CrawlUri {
  c.hopsPath = 'P';
  return c;
}

describe(CrawlTallies.name, () => {
  describe('hostOf()', () => {
    it('names hosts as Heritrix does: no port, no user info, dns: for lookups', () => {
      expect(hostOf('http://www.example.org:8080/a?b#c')).to.equal('www.example.org');
      expect(hostOf('https://user:pw@example.org')).to.equal('example.org');
      expect(hostOf('http://127.0.0.1:4567/')).to.equal('127.0.0.1');
      expect(hostOf('http://[::1]:8080/x')).to.equal('[::1]');
      expect(hostOf('dns:www.example.org')).to.equal('dns:');
      expect(hostOf('file:///tmp/a.html')).to.equal('file:');
    });
  });

  describe('.tally()', () => {
    const t = new CrawlTallies({ trackSeeds: true, trackSources: true });
    const all: Array<[CrawlUri, Disposition]> = [
      [finished('dns:example.org', 1, { size: 57, type: 'text/dns' }), 'success'],
      [finished('http://example.org/', 200, { size: 1000, type: 'text/html; charset=utf-8', seed: true, tag: 'http://example.org/' }), 'success'],
      [finished('http://example.org/a.png', 200, { size: 300, type: 'image/png', tag: 'http://example.org/' }), 'success'],
      [finished('http://example.org/missing', 404, { size: 20, type: 'text/html' }), 'success'],
      [finished('http://example.org/private/x', -9998), 'disregarded'],
      [finished('http://down.example.com/', -2, { seed: true }), 'failure'],
      // A robots.txt answered 404 is a server without rules, not an error; one answered 503 is.
      [prerequisite(finished('http://example.org/robots.txt', 404, { size: 10, type: 'text/html' })), 'success'],
      [prerequisite(finished('http://busy.example.net/robots.txt', 503, { size: 10, type: 'text/html' })), 'success'],
    ];
    for (const [c, d] of all) t.tally(c, d);

    it('counts successes and their bytes per host; robots denials; hosts that only failed; errors by status', () => {
      expect(Object.fromEntries(t.hosts)).to.deep.equal({
        'dns:': { urls: 1, bytes: 57, robotsDenials: 0, novelUrls: 1, novelBytes: 57 },
        'example.org': { urls: 4, bytes: 1330, robotsDenials: 1, novelUrls: 4, novelBytes: 1330, errors: { 404: 1 } },
        'down.example.com': { urls: 0, bytes: 0, robotsDenials: 0, novelUrls: 0, novelBytes: 0, errors: { '-2': 1 } },
        'busy.example.net': { urls: 1, bytes: 10, robotsDenials: 0, novelUrls: 1, novelBytes: 10, errors: { 503: 1 } },
      });
      expect(t.bytes).to.equal(1397);
    });

    it('counts successes per status code and per MIME type without parameters', () => {
      expect(Object.fromEntries(t.statusCodes)).to.deep.equal({ 1: 1, 200: 2, 404: 2, 503: 1 });
      expect(Object.fromEntries(t.mimeTypes)).to.deep.equal({
        'text/dns': { urls: 1, bytes: 57 }, 'text/html': { urls: 4, bytes: 1040 }, 'image/png': { urls: 1, bytes: 300 },
      });
    });

    it('counts successes per source tag and host', () => {
      expect(Object.fromEntries(t.sourceTags.get('http://example.org/')!)).to.deep.equal({ 'example.org': 2 });
    });

    it('keeps each seed\'s latest status, and a redirected seed\'s Location target', () => {
      const moved = finished('http://old.example.org/', 301, { seed: true });
      moved.outlinks.push({ uri: 'http://old.example.org/img.png', hop: 'E', context: 'img/@src' }, { uri: 'http://new.example.org/', hop: 'R', context: 'Location:' });
      t.addSeed('http://never.example.org/');
      t.addSeed('http://example.org/');
      t.tally(moved, 'success');
      expect(Object.fromEntries(t.seeds)).to.deep.equal({
        'http://example.org/': { uri: 'http://example.org/', status: 200, redirect: undefined },
        'http://down.example.com/': { uri: 'http://down.example.com/', status: -2, redirect: undefined, reason: 'no connection could be made' },
        'http://never.example.org/': { uri: 'http://never.example.org/', status: 0 },
        'http://old.example.org/': { uri: 'http://old.example.org/', status: 301, redirect: 'http://new.example.org/' },
      });
    });
  });

  it('keeps no seeds or sources when told not to', () => {
    const t = new CrawlTallies({ trackSeeds: false, trackSources: false });
    t.addSeed('http://example.org/');
    t.tally(finished('http://example.org/', 200, { seed: true, tag: 'x' }), 'success');
    expect(t.seeds.size).to.equal(0);
    expect(t.sourceTags.size).to.equal(0);
    expect(t.hosts.get('example.org')!.urls).to.equal(1);
  });
});
