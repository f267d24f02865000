import { expect } from 'chai';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WARCParser } from 'warcio';
import { launchJob } from '../../src/job/launch-job.js';
import { verifyJob } from '../../src/job/verify-job.js';
import { isError } from '../../src/util/diagnostic.js';
import { parseCrawlLog, type CrawlLogEntry } from '../support/crawl-job.js';
import { dumpLevel } from '../support/level-store.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'heritrix');
const CONTACT_PLACEHOLDER = 'metadata.operatorContactUrl=ENTER_AN_URL_WITH_YOUR_CONTACT_INFO_HERE_FOR_WEBMASTERS_AFFECTED_BY_YOUR_CRAWL';
const EXAMPLE_SEED = 'http://example.example/example';

/** One WARC record as warcio reads it: its header fields. */
type Headers = Record<string, string>;

/** The header fields the tests look at. */
const FIELDS = [
  'WARC-Type', 'WARC-Target-URI', 'WARC-Date', 'WARC-Record-ID', 'WARC-Payload-Digest', 'WARC-Profile', 'WARC-Truncated',
  'WARC-Refers-To-Target-URI', 'WARC-Refers-To-Date', 'WARC-Refers-To', 'Content-Type',
];

/** Every record of a run's WARC files, as warcio (which shares no code with the writer) reads them. */
async function warcRecords(runDir: string): Promise<Headers[]> {
  const dir = join(runDir, 'warcs');
  const out: Headers[] = [];
  for (const name of (await readdir(dir)).sort()) {
    for await (const record of new WARCParser(createReadStream(join(dir, name)))) {
      await record.readFully(false);
      const headers: Headers = {};
      for (const name of FIELDS) {
        const value = record.warcHeader(name);
        if (value !== null && value !== undefined) headers[name] = value;
      }
      out.push(headers);
    }
  }
  return out;
}

/**
 * A Heritrix-style fixture with its contact URL and seeds set in its overrides, no politeness
 * wait, and the `--set` lines given.
 */
async function job(fixture: string, seeds: readonly string[], edit: (text: string) => string = (t) => t) {
  const text = edit(await readFile(join(FIXTURES, fixture), 'utf8'))
    .replace(CONTACT_PLACEHOLDER, 'metadata.operatorContactUrl=http://example.org/contact')
    .replace(EXAMPLE_SEED, seeds.join('\n'));
  return tempDir({ 'crawler-beans.cxml': text });
}

const FAST = ['disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0'];

async function launch(dir: string, sets: readonly string[] = []) {
  const result = await launchJob(dir, { sets: [...FAST, ...sets] });
  expect(result.exitStatus).to.equal('FINISHED');
  const runDir = join(dir, result.runDir);
  const log = parseCrawlLog(await readFile(join(runDir, 'logs', 'crawl.log'), 'utf8'));
  return { runDir, log, records: await warcRecords(runDir) };
}

function line(log: readonly CrawlLogEntry[], uri: string): CrawlLogEntry {
  const found = log.find((e) => e.uri === uri);
  expect(found, `${uri} in crawl.log:\n${log.map((e) => e.line).join('\n')}`).to.not.equal(undefined);
  return found!;
}

function record(records: readonly Headers[], type: string, uri: string): Headers {
  const found = records.filter((r) => r['WARC-Type'] === type && r['WARC-Target-URI'] === uri);
  expect(found, `one ${type} record for ${uri}; records: ${records.map((r) => `${r['WARC-Type']} ${r['WARC-Target-URI'] ?? ''}`).join(', ' +
    '')}`).to.have.length(1);
  return found[0];
}

describe('deduplication by content digest across jobs, in a Heritrix-style file (integration)', function () {
  this.timeout(120_000);

  it('verifies: BdbContentDigestHistory in a second BdbModule, the loader and the storer, with no warning of their own', async () => {
    const { diagnostics } = await verifyJob(join(FIXTURES, 'digest-dedup-crawler-beans.cxml'));
    const errors = diagnostics.filter(isError);
    expect(errors.map((e) => `${e.bean} ${e.property}`)).to.deep.equal(['metadata operatorContactUrl']);
    // Heritrix's placeholder seed (a warning, which launch refuses) and the beans accepted but not used.
    expect(diagnostics.filter((d) => !isError(d)).map((d) => d.bean)).to.deep.equal(['seeds', 'actionDirectory', 'configPathConfigurer']);
  });

  it('writes, in the second job, a different URL with the payload of the first job\'s capture as a revisit referring to that capture', async () => {
    const same = page('the same payload under two URLs');
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/a': { body: same },
      '/b': { body: same },
      '/c': { body: page('a page both jobs fetch') },
      '/d': { body: page('only in the second job') },
    });
    const shared = await tempDir();
    const history = join(shared.dir, 'digest-history');
    const one = await job('digest-dedup-crawler-beans.cxml', [`${site.origin}/a`, `${site.origin}/c`]);
    // The second job declares the history's BdbModule before the crawl's own: the crawl's state is still "bdb".
    const historyBdbFirst = (text: string) => text
      .replace(/ <bean id="historyBdb"[\s\S]*?<\/bean>\n/, '')
      .replace(' <bean id="bdb"', ' <bean id="historyBdb" class="org.archive.bdb.BdbModule" autowire-candidate="false"><property name="dir" ' +
        'value="history"/></bean>\n <bean id="bdb"');
    const two = await job('digest-dedup-crawler-beans.cxml', [`${site.origin}/b`, `${site.origin}/c`, `${site.origin}/d`], historyBdbFirst);
    try {
      const first = await launch(one.dir, [`historyBdb.dir=${history}`]);
      for (const uri of ['/a', '/c']) expect(line(first.log, `${site.origin}${uri}`).annotations).to.not.contain('duplicate:digest');
      const original = record(first.records, 'response', `${site.origin}/a`);
      const originalC = record(first.records, 'response', `${site.origin}/c`);

      const second = await launch(two.dir, [`historyBdb.dir=${history}`]);
      // A different URL with the same payload: a revisit of the first job's /a.
      expect(line(second.log, `${site.origin}/b`).annotations).to.contain('duplicate:digest');
      expect(line(second.log, `${site.origin}/b`).digest).to.equal(line(first.log, `${site.origin}/a`).digest);
      const revisit = record(second.records, 'revisit', `${site.origin}/b`);
      expect(second.records.filter((r) => r['WARC-Type'] === 'response' && r['WARC-Target-URI'] === `${site.origin}/b`)).to.have.length(0);
      expect(revisit).to.include({
        'WARC-Profile': 'http://netpreserve.org/warc/1.0/revisit/identical-payload-digest',
        'WARC-Refers-To-Target-URI': `${site.origin}/a`,
        'WARC-Refers-To-Date': original['WARC-Date'],
        'WARC-Refers-To': original['WARC-Record-ID'],
        'WARC-Payload-Digest': original['WARC-Payload-Digest'],
        'WARC-Truncated': 'length',
        'Content-Type': 'application/http; msgtype=response',
      });
      // The same URL with the same payload refers to its own earlier capture, in the other job.
      expect(record(second.records, 'revisit', `${site.origin}/c`)).to.include({
        'WARC-Refers-To-Target-URI': `${site.origin}/c`, 'WARC-Refers-To': originalC['WARC-Record-ID'],
      });
      // A payload never seen before is a response, and neither job's own state knows the other's.
      expect(line(second.log, `${site.origin}/d`).annotations).to.not.contain('duplicate:digest');
      record(second.records, 'response', `${site.origin}/d`);
      expect(await readdir(join(one.dir, 'state'))).to.include('CURRENT');
      // The shared store holds the history and its format stamp, and no job's run.
      const sublevels = new Set((await dumpLevel(history)).map(([key]) => key.split('!')[1]));
      expect([...sublevels].sort()).to.deep.equal(['history:contentDigestHistory', 'meta']);
      expect((await dumpLevel(join(two.dir, 'state'))).map(([key]) => key)).to.include('!run!current');
    } finally {
      await site.close();
      await Promise.all([one.cleanup(), two.cleanup(), shared.cleanup()]);
    }
  });

  it('keeps the history in the crawl\'s own BdbModule when the file names none: found within a run and in the job\'s next run', async () => {
    const same = page('twice in one run');
    // /second is linked from /first only, so that it is fetched after /first is written.
    const body = same.replace('</body>', '<a href="/second">next</a></body>');
    const site = await SiteServer.start({ '/robots.txt': { status: 404 }, '/first': { body }, '/second': { body } });
    // Heritrix's bdbModule left to autowiring: the crawl's "bdb".
    const own = (text: string) => text
      .replace(/ <bean id="historyBdb"[\s\S]*?<\/bean>\n/, '')
      .replace(/ {2}<property name="bdbModule">[\s\S]*?<\/property>\n/, '');
    const one = await job('digest-dedup-crawler-beans.cxml', [`${site.origin}/first`], own);
    try {
      expect(await readFile(join(one.dir, 'crawler-beans.cxml'), 'utf8')).to.not.contain('id="historyBdb"').and.not.contain('name="bdbModule"');
      const first = await launch(one.dir);
      expect(line(first.log, `${site.origin}/second`).annotations).to.contain('duplicate:digest');
      const original = record(first.records, 'response', `${site.origin}/first`);
      expect(record(first.records, 'revisit', `${site.origin}/second`)).to.include({
        'WARC-Refers-To-Target-URI': `${site.origin}/first`, 'WARC-Refers-To': original['WARC-Record-ID'],
      });
      // A new run of the job keeps the history, as it keeps the fetch history.
      const second = await launch(one.dir);
      expect(record(second.records, 'revisit', `${site.origin}/first`)['WARC-Refers-To']).to.equal(original['WARC-Record-ID']);
      expect(second.records.filter((r) => r['WARC-Type'] === 'response' && r['WARC-Target-URI']?.startsWith(`${site.origin}/`) && !r['WARC-Target-URI'].endsWith('robots.txt'))).to.deep.equal([]);
    } finally {
      await site.close();
      await one.cleanup();
    }
  });
});

describe('persist processors without a history bean, in a Heritrix-style file (integration)', function () {
  this.timeout(120_000);

  it('verifies: PersistLoadProcessor, FetchHistoryProcessor and PersistStoreProcessor against the crawl\'s BdbModule', async () => {
    const { diagnostics } = await verifyJob(join(FIXTURES, 'persist-crawler-beans.cxml'));
    expect(diagnostics.filter(isError).map((e) => `${e.bean} ${e.property}`)).to.deep.equal(['metadata operatorContactUrl']);
    // Heritrix's placeholder seed (a warning, which launch refuses) and the beans accepted but not used.
    expect(diagnostics.filter((d) => !isError(d)).map((d) => d.bean)).to.deep.equal(['seeds', 'actionDirectory', 'configPathConfigurer']);
  });

  it('recrawls: the second launch sends conditional requests and writes the 304s as server-not-modified revisits', async () => {
    const etags: Record<string, string> = { '/': '"home-1"', '/x': '"x-1"' };
    const bodies: Record<string, string> = { '/': page('home', ['/x']), '/x': page('x') };
    const conditional: string[] = [];
    const answer = (path: string) => (req: IncomingMessage, res: ServerResponse) => {
      if (req.headers['if-none-match'] !== undefined) conditional.push(path);
      if (req.headers['if-none-match'] === etags[path]) return res.writeHead(304, { etag: etags[path] }).end();
      res.writeHead(200, { 'content-type': 'text/html', etag: etags[path] }).end(bodies[path]);
    };
    const site = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': answer('/'), '/x': answer('/x') });
    const one = await job('persist-crawler-beans.cxml', [`${site.origin}/`]);
    try {
      const first = await launch(one.dir);
      expect(line(first.log, `${site.origin}/x`).status).to.equal(200);
      expect(conditional).to.deep.equal([]);

      const second = await launch(one.dir);
      expect(conditional.sort()).to.deep.equal(['/', '/x']);
      for (const uri of ['/', '/x']) {
        const entry = line(second.log, `${site.origin}${uri}`);
        expect(entry.status).to.equal(304);
        expect(entry.annotations).to.contain('duplicate:server-not-modified');
        expect(record(second.records, 'revisit', `${site.origin}${uri}`)['WARC-Profile']).to.equal('http://netpreserve.org/warc/1.0/revisit/server-not-modified');
      }
      // The outlinks of the unchanged home page came from its history: /x was reached.
    } finally {
      await site.close();
      await one.cleanup();
    }
  });
});
