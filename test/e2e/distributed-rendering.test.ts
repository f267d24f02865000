import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCrawlLog, type CrawlLogEntry } from '../support/crawl-job.js';
import { RedisServer } from '../support/redis-server.js';
import { renderingBeans } from '../support/rendering-beans.js';
import { requireServer } from '../support/require-server.js';
import { SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';
import { WorkerProcess, setArgs } from '../support/worker-process.js';

const html = (body: string): Route => ({ body: `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>` });
const PAGES = 6;

/** Every worker's crawl.log lines, each with its worker's id. */
function crawlLogs(job: string): Array<CrawlLogEntry & { workerId: string }> {
  const out: Array<CrawlLogEntry & { workerId: string }> = [];
  const runs = join(job, 'runs');
  for (const run of existsSync(runs) ? readdirSync(runs) : []) {
    const workers = join(runs, run, 'workers');
    for (const id of existsSync(workers) ? readdirSync(workers) : []) {
      const file = join(workers, id, 'logs', 'crawl.log');
      if (existsSync(file)) out.push(...parseCrawlLog(readFileSync(file, 'utf8')).map((e) => ({ ...e, workerId: id })));
    }
  }
  return out;
}

/**
 * Issue 37 with workers sharing a crawl through Redis. The start page links every page and, last,
 * the script the pages load (queued behind them: one URI of a queue in flight crawl-wide, so the
 * first page's browser fetches it before its queued copy's turn, which whichever worker takes the
 * queue then passes over); the pages' stylesheet is on another server, asked for by the browsers
 * only (a rendered page's requests are marked seen before its own links are queued). Each worker
 * serves its browser from its own cache: a file is requested once a worker at most, never for a
 * queued copy, each request logged once and counted in the crawl's totals.
 */
describe('BrowserProcessor in a crawl shared by two workers through Redis (issue 37; the binary, a real redis-server, Chromium)', function () {
  this.timeout(180_000);
  let work: { dir: string; cleanup(): Promise<void> };
  const closing: Array<() => Promise<void>> = [];
  const workers: WorkerProcess[] = [];

  before(function () {
    requireServer(this, 'redis-server');
    requireServer(this, 'chromium');
  });
  beforeEach(async () => {
    work = await tempDir();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') process.stderr.write(`${workers.map((w) => w.output).join('\n')}\n`);
    for (const w of workers) w.signal('SIGKILL');
    await Promise.all(workers.splice(0).map((w) => w.exited));
    for (const c of closing.splice(0)) await c().catch(() => undefined);
    await work.cleanup();
  });

  let crawls = 0;
  /** Two workers of a job of `beans` crawl from `seed` to the end; every worker's crawl.log lines, and their output for messages. */
  async function crawl(beans: string, seed: string): Promise<{ log: Array<CrawlLogEntry & { workerId: string }>; outputs: string }> {
    const redis = await RedisServer.create();
    closing.push(() => redis.close());
    const name = `dist-render${++crawls}`;
    const job = join(work.dir, name);
    await mkdir(job, { recursive: true });
    await writeFile(join(job, 'crawler-beans.xml'), beans);
    const sets = [
      'metadata.operatorContactUrl=http://example.org/contact', `metadata.jobName=${name}`, `seeds.textSource.value=${seed}`,
      'disposition.delayFactor=0', 'disposition.minDelayMs=20', 'disposition.maxDelayMs=20', 'crawlController.maxToeThreads=4', `redis.redisUrl=${redis.url}`,
    ];
    for (const id of ['w1', 'w2']) workers.push(new WorkerProcess(id, job, setArgs(sets)));
    await until(() => workers.every((w) => !w.running), `both workers to exit by themselves\n${workers.map((w) => w.output).join('\n')}`, {
      timeoutMs: 150_000, everyMs: 50,
    });
    const outputs = `\n${workers.map((w) => w.output).join('\n')}`;
    expect(workers.map((w) => `${w.id}: ${w.child.exitCode}`), outputs).to.deep.equal(['w1: 0', 'w2: 0']);
    return { log: crawlLogs(job), outputs };
  }

  it('requests the files pages share only for the browsers, passes over their queued copies, and counts each request once in the crawl\'s totals', async () => {
    const other = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/style.css': { headers: { 'content-type': 'text/css' }, body: 'body { color: black; }' },
    });
    closing.push(() => other.close());
    const embeds = `<link rel="stylesheet" href="${other.origin}/style.css"><script src="/lib.js"></script>`;
    const routes: Record<string, Route> = {
      '/robots.txt': { status: 404 },
      '/lib.js': { headers: { 'content-type': 'text/javascript' }, body: 'document.body.append(" rendered");' },
      '/': html(`${Array.from({ length: PAGES }, (_, i) => `<a href="/p${i}">p${i}</a> `).join('')}<a href="/lib.js">the script</a>`),
    };
    for (let i = 0; i < PAGES; i++) routes[`/p${i}`] = html(`page ${i}${embeds}`);
    const pages = await SiteServer.start(routes);
    closing.push(() => pages.close());

    const { log, outputs } = await crawl(await renderingBeans('', 'distributed.xml'), `${pages.origin}/`);
    const lines = `\n${log.map((e) => `${e.workerId} ${e.line}`).join('\n')}${outputs}`;
    const pageUris = [`${pages.origin}/`, ...Array.from({ length: PAGES }, (_, i) => `${pages.origin}/p${i}`)];
    expect(log.filter((e) => pageUris.includes(e.uri)).map((e) => `${e.uri} ${e.status}`).sort(), `every page once${lines}`)
      .to.deep.equal(pageUris.map((u) => `${u} 200`).sort());
    for (const url of [`${pages.origin}/lib.js`, `${other.origin}/style.css`]) {
      const path = new URL(url).pathname;
      const asked = (url.startsWith(pages.origin) ? pages : other).paths().filter((p) => p === path).length;
      const logged = log.filter((e) => e.uri === url);
      expect(logged.length, `${path}: a crawl.log line for each request the server saw (${asked})${lines}`).to.equal(asked);
      expect(asked, `${path} requested (at most once a worker)${lines}`).to.be.within(1, 2);
      expect(new Set(logged.map((e) => e.workerId)).size, `${path}: one request a worker at most${lines}`).to.equal(logged.length);
      expect(logged.filter((e) => !e.annotations.split(',').includes('browser')).map((e) => e.line), `${path} fetched from its queue${lines}`)
        .to.deep.equal([]);
    }
    // Each worker's last line gives the crawl-wide counts: nothing queued, every fetch of the crawl.logs downloaded, the pages' requests too.
    const finals = workers.map((w) => /^FINISHED: .*?(\d+) queued, (\d+) downloaded/m.exec(w.stdout)?.slice(1, 3).join(' queued, ') ?? w.stdout);
    expect(new Set(finals), `the FINISHED lines${lines}`).to.deep.equal(new Set([`0 queued, ${log.filter((e) => e.status > 0).length}`]));
  });

  it('counts what a page\'s requests fetched against the server\'s quotas, crawl-wide', async () => {
    const fetching = (path: string) => `<script>fetch('${path.slice(0, 2)}' + '${path.slice(2)}');</script>`;
    const script: Route = { headers: { 'content-type': 'text/javascript' }, body: 'window.x = 1;' };
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': html(`<a href="/p">p</a>${fetching('/a.js')}${fetching('/b.js')}`),
      '/p': html('p'),
      '/a.js': script,
      '/b.js': script,
    });
    closing.push(() => site.close());
    // robots.txt and / make 2 successes of the server; its page's two requests 4, past the quota of 3 when /p's turn comes (whichever worker takes it).
    const beans = (await renderingBeans(`
 <bean id="quotas" class="QuotaEnforcer">
  <property name="serverMaxFetchSuccesses" value="3"/>
  <property name="forceRetire" value="false"/>
 </bean>`, 'distributed.xml')).replace('<ref bean="preconditions"/>', '<ref bean="preconditions"/>\n    <ref bean="quotas"/>');
    const { log, outputs } = await crawl(beans, `${site.origin}/`);
    const lines = `\n${log.map((e) => `${e.workerId} ${e.line}`).join('\n')}${outputs}`;
    expect(log.filter((e) => e.uri.endsWith('.js')).map((e) => e.status), `the page's requests${lines}`).to.deep.equal([200, 200]);
    expect(log.find((e) => e.uri === `${site.origin}/p`)?.status, `/p over the server's quota${lines}`).to.equal(-5003);
    expect(site.paths(), 'the server never saw /p').to.not.include('/p');
  });
});
