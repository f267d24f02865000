import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { levelStore } from '../../../test/support/level-store.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { Disposition } from '../../model/frontier.js';
import { QuotaTallies, quotaHostKey, quotaServerKey } from './quota-tallies.js';

function done(uri: string, status: number, size: number, queueKey = 'org,example,'): CrawlUri {
  const curi = new CrawlUri(uri, { queueKey });
  curi.fetchStatus = status;
  curi.contentSize = size;
  return curi;
}

describe('QuotaTallies', () => {
  describe('keys (Heritrix\'s CrawlServer and CrawlHost keys)', () => {
    const table: [string, string | undefined, string | undefined][] = [
      ['http://Example.org/a', 'example.org', 'example.org'],
      ['http://example.org:8080/a', 'example.org:8080', 'example.org'],
      ['https://example.org/a', 'example.org:443', 'example.org'],
      ['https://example.org:8443/a', 'example.org:8443', 'example.org'],
      ['dns:Example.org', 'example.org', 'example.org'],
      ['mailto:someone@example.org', undefined, undefined],
    ];
    for (const [uri, server, host] of table) {
      it(`${uri}: server ${server}, host ${host}`, () => {
        expect(quotaServerKey(new CrawlUri(uri))).to.equal(server);
        expect(quotaHostKey(new CrawlUri(uri))).to.equal(host);
      });
    }
  });

  it('counts successes and their bytes, responses of failures, and nothing for URIs without a response or disregarded', () => {
    const t = new QuotaTallies();
    const cases: [CrawlUri, Disposition][] = [
      [done('http://example.org/a', 200, 1000), 'success'],
      [done('http://example.org/b', 404, 300), 'success'], // any positive status is a success, as in Heritrix
      [done('http://example.org/c', 401, 50), 'failure'],
      [done('http://example.org/d', -2, -1), 'failure'],
      [done('http://example.org/e', -9998, -1), 'disregarded'],
    ];
    for (const [curi, d] of cases) t.count(curi, d);
    const expected = { successes: 2, successBytes: 1300, responses: 3, totalBytes: 1350, novelUrls: 3, novelBytes: 1350 };
    expect(t.get('server', 'example.org')).to.deep.equal(expected);
    expect(t.get('host', 'example.org')).to.deep.equal(expected);
    expect(t.get('group', 'org,example,')).to.deep.equal(expected);
    expect(t.get('server', 'other.org').successes).to.equal(0);
  });

  it('does not count a document a delta run found unchanged as novel', () => {
    const t = new QuotaTallies();
    const unchanged = done('http://example.org/a', 200, 1000);
    unchanged.delta = 'unchanged';
    t.count(unchanged, 'success');
    expect(t.get('host', 'example.org')).to.include({ successes: 1, successBytes: 1000, novelUrls: 0, novelBytes: 0 });
  });

  it('keeps its counts in the state store, so that a resumed crawl goes on from them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'beancrawl-quota-'));
    try {
      const store = levelStore(dir);
      await store.start();
      const first = new QuotaTallies();
      await first.attach(store);
      for (const curi of [done('http://example.org/a', 200, 2048), done('http://example.org:8080/b', 200, 10)]) {
        first.count(curi, 'success');
        first.settled(curi);
      }
      await store.stop();

      const again = levelStore(dir);
      await again.start();
      const resumed = new QuotaTallies();
      await resumed.attach(again);
      expect(resumed.get('server', 'example.org')).to.include({ successes: 1, successBytes: 2048 });
      expect(resumed.get('host', 'example.org')).to.include({ successes: 2, successBytes: 2058 });
      resumed.count(done('http://example.org/c', 200, 1), 'success');
      expect(resumed.get('group', 'org,example,').successes, 'counting goes on from the stored tally').to.equal(3);
      await again.stop();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves out of its commits a URI counted at its turn and not yet done (writing behind), which a crash would have done again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'beancrawl-quota-'));
    try {
      const store = levelStore(dir);
      await store.start();
      const first = new QuotaTallies();
      await first.attach(store);
      const written = done('http://example.org/a', 200, 100);
      const writing = done('http://example.org/b', 200, 10);
      first.count(written, 'success');
      first.settled(written);
      first.count(writing, 'success');
      expect(first.get('host', 'example.org').successes, 'the next URI of the queue sees both').to.equal(2);
      await store.commit();
      // A kill now: the next launch does /b again.
      await store.stop();
      const again = levelStore(dir);
      await again.start();
      const resumed = new QuotaTallies();
      await resumed.attach(again);
      expect(resumed.get('host', 'example.org')).to.include({ successes: 1, successBytes: 100, responses: 1 });
      await again.stop();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
