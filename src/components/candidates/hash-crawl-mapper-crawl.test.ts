import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCrawlLog } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { explainJob } from '../../job/explain-job.js';
import { launchJob } from '../../job/launch-job.js';
import { verifyJob } from '../../job/verify-job.js';
import { isError } from '../../util/diagnostic.js';
import { surtAuthorityQueueKey } from '../../util/url/surt-authority-queue-key.js';
import { mapString, topmostAssignedSurtPrefix } from './hash-crawl-mapper.js';

const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'heritrix', 'hash-crawl-mapper-crawler-beans.cxml');
const CONTACT_PLACEHOLDER = 'metadata.operatorContactUrl=ENTER_AN_URL_WITH_YOUR_CONTACT_INFO_HERE_FOR_WEBMASTERS_AFFECTED_BY_YOUR_CRAWL';
const EXAMPLE_SEED = 'http://example.example/example';
const FAST = ['disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0'];

/** The crawler (of 2) that owns a server's URIs: its class key `127.0.0.1#PORT` (an IP: not reduced), hashed as Heritrix hashes it. */
function ownerOf(site: SiteServer): string {
  return mapString(surtAuthorityQueueKey(`${site.origin}/`), topmostAssignedSurtPrefix, 2);
}

describe('two crawlers dividing a site with HashCrawlMapper (integration)', function () {
  this.timeout(60000);
  const sites: SiteServer[] = [];
  let beans: string;

  before(async () => {
    // Servers until each crawler owns at least one (a server's port decides its crawler).
    while (sites.length < 3 || !['0', '1'].every((n) => sites.some((s) => ownerOf(s) === n))) {
      if (sites.length >= 24) throw new Error('24 loopback servers, all owned by one crawler: the hash does not divide');
      sites.push(await SiteServer.start({}));
    }
    // Each server's home links to its own two pages and to the next server's home and first page.
    sites.forEach((site, i) => {
      const next = sites[(i + 1) % sites.length];
      site.routes.set('/', { body: page(`home ${i}`, ['/a', '/b', `${next.origin}/`, `${next.origin}/a`]) });
      site.routes.set('/a', { body: page(`a ${i}`, ['/b']) });
      site.routes.set('/b', { body: page(`b ${i}`, []) });
    });
    const original = await readFile(FIXTURE, 'utf8');
    expect(original).to.include(CONTACT_PLACEHOLDER).and.include(EXAMPLE_SEED);
    beans = original
      .replace(CONTACT_PLACEHOLDER, 'metadata.operatorContactUrl=http://example.org/contact')
      .replace(EXAMPLE_SEED, sites.map((s) => `${s.origin}/`).join('\n'));
  });

  after(async () => Promise.all(sites.map((s) => s.close())));

  it('verifies the Heritrix-style file unmodified but for its contact URL', async () => {
    const { diagnostics } = await verifyJob(FIXTURE);
    const errors = diagnostics.filter(isError);
    expect(errors.map((e) => `${e.bean} ${e.property}`)).to.deep.equal(['metadata operatorContactUrl']);
    expect(diagnostics.filter((d) => !isError(d)).map((d) => d.bean)).to.deep.equal(['seeds', 'actionDirectory', 'configPathConfigurer']);
    expect(diagnostics.find((d) => d.bean === 'seeds')?.code).to.equal('BC_SEED_PLACEHOLDER');
  });

  it('crawls each server by one crawler only, together all of them, and writes the rest to Heritrix\'s divert files', async () => {
    const crawled = new Map<string, string[]>();
    const diverted = new Map<string, { files: string[]; lines: string[] }>();
    for (const localName of ['0', '1']) {
      const job = await tempDir({ 'crawler-beans.cxml': beans });
      try {
        const result = await launchJob(job.dir, { sets: [...FAST, `hashCrawlMapper.localName=${localName}`] });
        expect(result.exitStatus).to.equal('FINISHED');
        const log = parseCrawlLog(await readFile(join(job.dir, result.runDir, 'logs', 'crawl.log'), 'utf8'));
        // The other crawler's seeds are its own to crawl: no "seed is out of scope".
        expect(await readFile(join(job.dir, result.runDir, 'logs', 'uri-errors.log'), 'utf8')).to.equal('');
        crawled.set(localName, log.filter((e) => e.status === 200 && !e.uri.endsWith('/robots.txt')).map((e) => e.uri).sort());
        // The other crawler's seeds are said to be diverted, to which crawler and file: in seeds-report.txt, alerts.log and the summary's list.
        const other = localName === '0' ? '1' : '0';
        const theirSeeds = sites.filter((s) => ownerOf(s) === other).map((s) => `${s.origin}/`);
        const seedsReport = await readFile(join(job.dir, result.runDir, 'reports', 'seeds-report.txt'), 'utf8');
        const alerts = await readFile(join(job.dir, result.runDir, 'logs', 'alerts.log'), 'utf8');
        const divertFile = new RegExp(`${join(job.dir, 'diversions').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\d{10}-${localName}-to-${other}\\.divert`);
        for (const seed of theirSeeds) {
          const line = seedsReport.split('\n').find((l) => l.includes(` ${seed} `));
          expect(line, seedsReport).to.match(new RegExp(`^-5002 DIVERTED ${seed} to crawler ${other}: `)).and.match(divertFile);
          expect(alerts).to.contain(`WARNING seed ${seed} is diverted to crawler ${other} (written to `);
          const record = result.seedsNotCrawled.find((r) => r.uri === seed);
          expect(record?.divertedTo?.crawler).to.equal(other);
          expect(record?.divertedTo?.file).to.match(divertFile);
        }
        expect(seedsReport).not.to.contain('NOTCRAWLED');
        const files = (await readdir(join(job.dir, 'diversions'))).sort();
        const lines = (await Promise.all(files.map((f) => readFile(join(job.dir, 'diversions', f), 'utf8')))).join('').split('\n').filter(Boolean);
        diverted.set(localName, { files, lines });
      } finally {
        await job.cleanup();
      }
    }
    const all = sites.flatMap((s) => [`${s.origin}/`, `${s.origin}/a`, `${s.origin}/b`]).sort();
    const owned = (n: string) => all.filter((u) => ownerOf(sites.find((s) => u.startsWith(`${s.origin}/`))!) === n);
    expect(crawled.get('0')).to.deep.equal(owned('0'));
    expect(crawled.get('1')).to.deep.equal(owned('1'));
    for (const [localName, other] of [['0', '1'], ['1', '0']]) {
      const { files, lines } = diverted.get(localName)!;
      // One file a target crawler and generation, closed at the end of the crawl.
      expect(files).to.have.length.within(1, 2);
      for (const f of files) expect(f).to.match(new RegExp(`^\\d{10}-${localName}-to-${other}\\.divert$`));
      // classKey CrawlURI uri hopsPath via: the other crawler's seeds (no hops, no via) and the links found to its servers.
      for (const line of lines) expect(line).to.match(/^127\.0\.0\.1#\d+ CrawlURI http:\/\/127\.0\.0\.1:\d+\/[ab]? (|L) (|http:\/\/127\.0\.0\.1:\d+\/)$/);
      const uris = lines.map((l) => l.split(' ')[2]);
      expect(uris.filter((u, i) => uris.indexOf(u) !== i), 'URIs diverted twice').to.deep.equal([]);
      const otherSeeds = sites.filter((s) => ownerOf(s) === other).map((s) => `${s.origin}/`);
      for (const seed of otherSeeds) expect(lines).to.include(`${surtAuthorityQueueKey(seed)} CrawlURI ${seed}  `);
      expect(uris.every((u) => owned(other).includes(u))).to.equal(true);
      // Every link to the other crawler's servers found by this one was handed over.
      const linkedThere = sites.filter((s) => ownerOf(s) === localName).map((s) => sites[(sites.indexOf(s) + 1) % sites.length])
        .filter((s) => ownerOf(s) === other).flatMap((s) => [`${s.origin}/`, `${s.origin}/a`]);
      expect(uris).to.include.members(linkedThere);
    }
  });

  it('explain says a URI of the other crawler is diverted, and writes no divert file', async () => {
    const job = await tempDir({ 'crawler-beans.cxml': beans });
    try {
      const [theirs] = sites.filter((s) => ownerOf(s) === '1');
      const [ours] = sites.filter((s) => ownerOf(s) === '0');
      const [diverted, kept] = await explainJob(job.dir, [`${theirs.origin}/a`, `${ours.origin}/a`]);
      expect(diverted.divertedTo).to.equal('1');
      expect(kept.divertedTo).to.equal(undefined);
      expect(kept.queueKey).to.equal(surtAuthorityQueueKey(`${ours.origin}/a`));
      expect(existsSync(join(job.dir, 'diversions'))).to.equal(false);
    } finally {
      await job.cleanup();
    }
  });
});
