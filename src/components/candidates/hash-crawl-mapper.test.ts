import { expect } from 'chai';
import { readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../../test/support/temp-dir.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { findRegex } from '../../util/java-regex.js';
import { timestamp17 } from '../../util/timestamp17.js';
import { HashCrawlMapper, mapString, topmostAssignedSurtPrefix } from './hash-crawl-mapper.js';

const DEFAULTS = {
  enabled: true, checkUri: true, checkOutlinks: true, localName: '.', diversionDir: '', rotationDigits: 10,
  crawlerCount: 1, usePublicSuffixesRegex: true, reducePrefixRegex: '',
};

describe('HashCrawlMapper', () => {
  describe('topmostAssignedSurtPrefix (Heritrix\'s PublicSuffixes regex, found in a class key)', () => {
    const cases: Array<[string, string | undefined]> = [
      ['org,example,www,', 'org,example,'],
      ['org,example,www,#8080', 'org,example,'],
      ['org,example,', 'org,example,'],
      ['uk,co,example,www,', 'uk,co,example,'],
      // A private suffix counts, as in Heritrix's bundled list.
      ['com,blogspot,example,www,', 'com,blogspot,example,'],
      // An unknown top-level domain: its second level is assigned.
      ['zzzunknown,example,www,', 'zzzunknown,example,'],
      // Wildcard and exception rules (*.kawasaki.jp, !city.kawasaki.jp).
      ['jp,kawasaki,foo,bar,', 'jp,kawasaki,foo,bar,'],
      ['jp,kawasaki,city,www,', 'jp,kawasaki,city,'],
      // A key that is a public suffix itself: the regex backs off to a shorter rule plus one label.
      ['uk,co,', 'uk,co,'],
      // No match: the key is hashed whole.
      ['127.0.0.1#8080', undefined],
      ['localhost#8080', undefined],
      ['org,', undefined],
    ];
    for (const [key, expected] of cases) {
      it(`${key} → ${expected ?? 'no match'}`, () => expect(topmostAssignedSurtPrefix(key)).to.equal(expected));
    }
  });

  describe('mapString (values printed by Heritrix\'s HashCrawlMapper.mapString)', () => {
    it('hashes the reduced key, modulo the crawler count', () => {
      expect(mapString('uk,co,example,www,', topmostAssignedSurtPrefix, 2)).to.equal('1');
      expect(mapString('uk,co,example,www,', topmostAssignedSurtPrefix, 5)).to.equal('1');
      expect(mapString('jp,kawasaki,city,www,', topmostAssignedSurtPrefix, 5)).to.equal('2');
      expect(mapString('uk,co,', topmostAssignedSurtPrefix, 5)).to.equal('4');
      expect(mapString('com,blogspot,example,www,', topmostAssignedSurtPrefix, 2)).to.equal('0');
      expect(mapString('org,example,www,#8080', topmostAssignedSurtPrefix, 3)).to.equal('2');
    });

    it('with reducePrefixRegex, hashes its first match, or the whole key when it does not match', () => {
      const reduce = (source: string) => {
        const re = findRegex(source);
        return (key: string) => re.exec(key)?.[0];
      };
      expect(mapString('org,example,www,#8080', reduce('^[^,]+,[^,]+,'), 3)).to.equal('2');
      expect(mapString('org,example,www,#8080', reduce('zzz'), 3)).to.equal('0');
      expect(mapString('org,example,www,#8080', undefined, 3)).to.equal('0');
    });
  });

  describe('as a processor', () => {
    let folder: { dir: string; cleanup(): Promise<void> };
    beforeEach(async () => (folder = await tempDir()));
    afterEach(async () => folder.cleanup());

    /** A crawler named by the bucket that `keep` falls in, among 2: the other bucket's URIs are diverted. */
    function mapper(localName: string, more: Record<string, unknown> = {}): HashCrawlMapper {
      const m = new HashCrawlMapper({ ...DEFAULTS, crawlerCount: 2, localName, diversionDir: folder.dir, ...more } as never);
      m.start();
      return m;
    }

    // org,example, falls in bucket 1 of 2; uk,co,example, in bucket 1; com,blogspot,example, in 0.
    it('diverts a candidate of another crawler: status -5002, annotation to:N, one divert line as Heritrix writes it', async () => {
      const m = mapper('0');
      const candidate = new CrawlUri('http://www.example.org/a', { hopsPath: 'LL', via: 'http://example.com/' });
      expect(await m.process(candidate)).to.equal('FINISH');
      expect(candidate.fetchStatus).to.equal(FetchStatus.BLOCKED_BY_CUSTOM_PROCESSOR);
      expect(candidate.annotations).to.deep.equal(['to:1']);
      const kept = new CrawlUri('http://example.blogspot.com/b', { hopsPath: 'L', via: 'http://example.com/' });
      expect(await m.process(kept)).to.equal('PROCEED');
      expect(kept.fetchStatus).to.equal(0);
      // Found again: written once (Heritrix's recently-seen cache).
      await m.process(new CrawlUri('http://www.example.org/a', { hopsPath: 'LL', via: 'http://example.com/' }));
      await m.stop();
      const files = await readdir(folder.dir);
      expect(files).to.have.length(1);
      expect(files[0]).to.match(/^\d{10}-0-to-1\.divert$/);
      expect(await readFile(join(folder.dir, files[0]), 'utf8')).to.equal('org,example,www, CrawlURI http://www.example.org/a LL http://example.com/\n');
    });

    it('diverts outlinks of another crawler (those the outlinkRule does not reject), keeping the rest', async () => {
      const rejectUk = { decisionFor: (c: CrawlUri) => (c.uri.includes('.uk/') ? DecideResult.REJECT : DecideResult.NONE) };
      const m = mapper('0', { outlinkRule: rejectUk });
      const page = new CrawlUri('http://example.com/', { hopsPath: '' });
      page.fetchStatus = 200;
      page.outlinks.push(
        { uri: 'http://www.example.org/x', hop: 'L', context: 'a/@href' },
        { uri: 'http://example.blogspot.com/y', hop: 'E', context: 'img/@src' },
        { uri: 'http://www.example.co.uk/z', hop: 'L', context: 'a/@href' },
      );
      expect(await m.process(page)).to.equal('PROCEED');
      expect(page.outlinks.map((l) => l.uri)).to.deep.equal(['http://example.blogspot.com/y', 'http://www.example.co.uk/z']);
      await m.stop();
      const files = await readdir(folder.dir);
      expect(await readFile(join(folder.dir, files[0]), 'utf8')).to.equal('org,example,www, CrawlURI http://www.example.org/x L http://example.com/\n');
    });

    it('writes nothing for a URI only judged (explain), and nothing when all stays here', async () => {
      const m = mapper('1');
      const judged = new CrawlUri('http://example.blogspot.com/b', { hopsPath: 'L' });
      judged.judgedOnly = true;
      await m.process(judged);
      expect(judged.annotations).to.deep.equal(['to:0']);
      await m.process(new CrawlUri('http://www.example.org/a', { hopsPath: 'L' }));
      await m.stop();
      expect(await readdir(folder.dir)).to.deep.equal([]);
    });

    it('fails its stop when a divert file could not be written, and leaves it .open (its lines are not all there)', async () => {
      // The divert files of this hour and the next are links to /dev/full, where every write fails (ENOSPC).
      const hour = Date.now();
      for (const at of [hour, hour + 3_600_000]) await symlink('/dev/full', join(folder.dir, `${timestamp17(at).slice(0, 10)}-1-to-0.open`));
      const m = mapper('1');
      await m.process(new CrawlUri('http://example.blogspot.com/lost', { hopsPath: 'L', via: 'http://example.org/' }));
      const stopped = await m.stop().then(() => undefined, (e: NodeJS.ErrnoException) => e);
      expect(stopped?.code, String(stopped)).to.equal('ENOSPC');
      expect((await readdir(folder.dir)).filter((f) => f.endsWith('.divert'))).to.deep.equal([]);
    });

    it('goes on with a generation\'s file after a stop instead of overwriting it', async () => {
      const first = mapper('1');
      await first.process(new CrawlUri('http://example.blogspot.com/one', { hopsPath: 'L', via: 'http://example.org/' }));
      await first.stop();
      const second = mapper('1');
      await second.process(new CrawlUri('http://example.blogspot.com/two', { hopsPath: 'L', via: 'http://example.org/' }));
      await second.stop();
      const files = await readdir(folder.dir);
      // Unless the hour turned between the two.
      const lines = (await Promise.all(files.map((f) => readFile(join(folder.dir, f), 'utf8')))).join('').split('\n').filter(Boolean);
      expect(lines).to.deep.equal([
        'com,blogspot,example, CrawlURI http://example.blogspot.com/one L http://example.org/',
        'com,blogspot,example, CrawlURI http://example.blogspot.com/two L http://example.org/',
      ]);
      expect(files.every((f) => f.endsWith('-1-to-0.divert'))).to.equal(true);
    });
  });
});
