import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fastSets, parseCrawlLog, type CrawlLogEntry } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { launchJob } from '../../job/launch-job.js';
import { hostOf } from './crawl-tallies.js';

/** Crawls with the default profile plus a statistics tracker; returns crawl.log, the progress log and the reports. */
async function crawlWithReports(sets: readonly string[]) {
  // The default profile has the tracker; the crawl below sets its interval with --set.
  const beans = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  const job = await tempDir({ 'crawler-beans.xml': beans });
  try {
    const result = await launchJob(job.dir, { sets: sets.map((s) => s.replace(/\\n/g, '\n')) });
    const run = join(job.dir, result.runDir);
    const log = parseCrawlLog(await readFile(join(run, 'logs', 'crawl.log'), 'utf8'));
    const progress = await readFile(join(run, 'logs', 'progress-statistics.log'), 'utf8');
    const reports: Record<string, string> = {};
    for (const name of await readdir(join(run, 'reports'))) reports[name] = await readFile(join(run, 'reports', name), 'utf8');
    return { ...result, log, progress, reports };
  } finally {
    await job.cleanup();
  }
}

/** A report's lines after its header, each split into fields. */
const rows = (text: string) => text.trim().split('\n').slice(1).map((l) => l.trim().split(' '));

/**
 * The bytes Heritrix's reports count for a crawl.log line: its content size, the whole response
 * with its headers for HTTP (logExtraInfo's `contentSize`), else the size field (dns:).
 */
function reportedBytes(e: CrawlLogEntry): number {
  if (typeof e.extra?.contentSize === 'number') return e.extra.contentSize;
  return e.size === '-' ? 0 : Number(e.size);
}

function tally<K>(entries: readonly CrawlLogEntry[], key: (e: CrawlLogEntry) => K) {
  const out = new Map<K, { urls: number; bytes: number }>();
  for (const e of entries) {
    const t = out.get(key(e)) ?? { urls: 0, bytes: 0 };
    t.urls++;
    t.bytes += reportedBytes(e);
    out.set(key(e), t);
  }
  return out;
}

describe('statistics and reports after a crawl of a loopback site (integration)', function () {
  this.timeout(30000);
  let site: SiteServer;
  let crawl: Awaited<ReturnType<typeof crawlWithReports>>;
  let ok: CrawlLogEntry[];

  before(async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    site = await SiteServer.start({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\n' },
      '/': { body: page('home', ['/a.html', '/b.html', '/missing.html', '/private/x.html'], '<img src="/logo.png">') },
      '/a.html': { body: page('a', ['/b.html', '/c.html']) },
      '/b.html': { body: page('b', ['/']) },
      '/c.html': { body: page('c') },
      '/logo.png': { headers: { 'content-type': 'image/png' }, body: png },
      '/old': { status: 301, headers: { location: '/a.html' } },
    });
    const seeds = [`${site.origin}/`, `${site.origin}/old`, `${site.origin}/private/seed.html`];
    crawl = await crawlWithReports(fastSets(seeds, ['statisticsTracker.intervalSeconds=1', 'seeds.sourceTagSeeds=true', 'loggerModule.logExtraInfo=true']));
    ok = crawl.log.filter((e) => e.status > 0);
  });
  after(() => site.close());

  it('writes Heritrix\'s nine default reports', () => {
    expect(crawl.exitStatus).to.equal('FINISHED');
    expect(Object.keys(crawl.reports).sort()).to.deep.equal([
      'crawl-report.txt', 'frontier-summary-report.txt', 'hosts-report.txt', 'mimetype-report.txt', 'processors-report.txt',
      'responsecode-report.txt', 'seeds-report.txt', 'source-report.txt', 'threads-report.txt',
    ]);
  });

  it('progress-statistics.log has the legend, a line at the start and a final line after the crawl ended', () => {
    const lines = crawl.progress.trimEnd().split('\n');
    expect(lines[0]).to.match(/^ +timestamp +discovered +queued +downloaded +doc\/s\(avg\)/);
    expect(lines[1]).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ +\d+ +\d+ +\d+ /);
    expect(lines.at(-2)).to.match(/Z CRAWL ENDED - Finished$/);
    const final = lines.at(-1)!.trim().split(/ +/);
    expect(final.slice(1, 4).map(Number)).to.deep.equal([crawl.log.length, 0, ok.length]);
  });

  it('responsecode-report.txt: URIs per status code agree with crawl.log', () => {
    const fromLog = tally(ok, (e) => String(e.status));
    expect(new Map(rows(crawl.reports['responsecode-report.txt']).map(([n, code]) => [code, Number(n)]))).to.deep.equal(new Map([...fromLog].map(([k, v]) => [k, v.urls])));
    expect(fromLog.get('404')?.urls).to.equal(1);
    expect(fromLog.get('301')?.urls).to.equal(1);
  });

  it('hosts-report.txt: URIs, bytes and robots denials per host agree with crawl.log', () => {
    const fromLog = tally(ok, (e) => hostOf(e.uri));
    const report = rows(crawl.reports['hosts-report.txt']);
    expect(new Map(report.map((f) => [f[2], { urls: Number(f[0]), bytes: Number(f[1]) }]))).to.deep.equal(fromLog);
    const denials = crawl.log.filter((e) => e.status === -9998).length;
    expect(denials).to.equal(2);
    expect(report.find((f) => f[2] === '127.0.0.1')![3]).to.equal(String(denials));
  });

  it('mimetype-report.txt: URIs and bytes per MIME type agree with crawl.log', () => {
    const fromLog = tally(ok, (e) => e.mime);
    expect(new Map(rows(crawl.reports['mimetype-report.txt']).map(([n, bytes, mime]) => [mime, { urls: Number(n), bytes: Number(bytes) }]))).to.deep.equal(fromLog);
    // crawl.log's size is the body as received: 16 bytes, chunked by the server ("10\r\n", 16 bytes, "\r\n0\r\n\r\n"),
    // so 27, as Heritrix counts it; the report counts the whole response, as Heritrix.
    expect(ok.find((e) => e.uri.endsWith('/logo.png'))?.size).to.equal('27');
    expect(fromLog.get('image/png')?.urls).to.equal(1);
    expect(fromLog.get('image/png')!.bytes, 'the status line and headers are counted').to.be.greaterThan(16 + 'HTTP/1.1 200 OK\r\n\r\n'.length);
  });

  it('crawl-report.txt: totals agree with crawl.log', () => {
    const text = crawl.reports['crawl-report.txt'];
    const bytes = [...tally(ok, () => 'all').values()][0].bytes;
    const disregarded = crawl.log.filter((e) => e.status === -9998).length;
    expect(text).to.contain('crawl name: basic\ncrawl status: Finished\n');
    expect(text).to.contain('seeds crawled: 2\nseeds uncrawled: 1\n');
    expect(text).to.contain('hosts visited: 1\n');
    expect(text).to.contain(`URIs processed: ${crawl.log.length}\nURI successes: ${ok.length}\nURI failures: ` +
      `${crawl.log.length - ok.length - disregarded}\nURI disregards: ${disregarded}\n`);
    expect(text).to.match(new RegExp(`\ntotal crawled bytes: ${bytes} \\(.+\\) \nnovel crawled bytes: ${bytes} `));
  });

  it('seeds-report.txt: each seed with its status in crawl.log, a redirect with its target', () => {
    const status = (uri: string) => crawl.log.find((e) => e.uri === uri)!.status;
    expect(crawl.reports['seeds-report.txt'].trim().split('\n')).to.deep.equal([
      '[code] [status] [seed] [redirect]',
      `-9998 NOTCRAWLED ${site.origin}/private/seed.html`,
      `301 CRAWLED ${site.origin}/old ${site.origin}/a.html`,
      `200 CRAWLED ${site.origin}/`,
    ]);
    expect(status(`${site.origin}/old`)).to.equal(301);
  });

  it('source-report.txt: URIs per seed and host agree with crawl.log', () => {
    const fromLog = tally(ok.filter((e) => e.source !== '-'), (e) => `${e.source} ${hostOf(e.uri)}`);
    expect(new Map(rows(crawl.reports['source-report.txt']).map(([source, host, n]) => [`${source} ${host}`, { urls: Number(n) }])))
      .to.deep.equal(new Map([...fromLog].map(([k, v]) => [k, { urls: v.urls }])));
  });

  it('processors-report.txt, frontier-summary-report.txt and threads-report.txt describe the run', () => {
    const processors = crawl.reports['processors-report.txt'];
    expect(processors.match(/^\w+Chain - Processors report - \d{12}$/gm)!.map((l) => l.split(' ' +
      '')[0])).to.deep.equal(['CandidateChain', 'FetchChain', 'DispositionChain']);
    // Heritrix's words: each processor by its Heritrix class, an extractor with its links.
    expect(processors).to.contain('\nProcessor: org.archive.modules.fetcher.FetchHTTP\n\n');
    const html = /\nProcessor: org\.archive\.modules\.extractor\.ExtractorHTML\n {2}(\d+) links from (\d+) CrawlURIs\n/.exec(processors);
    expect(html, processors).to.not.equal(null);
    expect(Number(html![1]), 'the home page alone links to four pages and an image').to.be.at.least(5);
    expect(Number(html![2]), 'the pages it read').to.be.at.least(ok.filter((e) => e.status === 200 && e.mime === 'text/html').length);
    const frontier = crawl.reports['frontier-summary-report.txt'];
    expect(frontier).to.contain(` Discovered:    ${crawl.log.length}\n Queued:        0\n Finished:      ${crawl.log.length}\n`);
    expect(frontier).to.contain('\n             Last state: FINISH\n');
    expect(frontier.match(/^ -----===== .* =====-----$/gm)!.slice(2)).to.deep.equal([
      ' -----===== 0 LONGEST QUEUES =====-----', ' -----===== IN-PROCESS QUEUES =====-----', ' -----===== READY QUEUES =====-----',
      ' -----===== SNOOZED QUEUES =====-----', ' -----===== INACTIVE QUEUES =====-----', ' -----===== RETIRED QUEUES =====-----',
    ]);
    expect(crawl.reports['threads-report.txt']).to.match(/^Toe threads report - \d{12}\n Job being crawled: basic\n Number of toe threads in pool: 25 \(0 active\)\n/);
  });
});
