import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchJob } from '../../src/job/launch-job.js';
import type { CrawlControl } from '../../src/model/crawl-control.js';
import { fastSets, parseCrawlLog } from '../support/crawl-job.js';
import { diskFull, faultyRegistry } from '../support/faulty-state-store.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { skipBecause } from '../support/skip-because.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';
import { field, readWarcFile } from '../support/warc-reader.js';

const PAGES = 150;

/** No worker is fetching and no queue rests: a worker that the pause did not hold would be fetching now. */
function idle(controller: CrawlControl): boolean {
  const p = controller.progress();
  return p.busyWorkers === 0 && p.frontier.queues.snoozed === 0;
}

/** A crawl of the site (a home page linking PAGES pages) whose state store's commits fail while diskFull.on, paused by the first failure. */
interface PausedCrawl {
  readonly site: SiteServer;
  readonly job: { readonly dir: string; cleanup(): Promise<void> };
  readonly controller: CrawlControl;
  readonly launched: ReturnType<typeof launchJob>;
}

/** Launches the crawl, lets it fetch 30 pages, fills the "disk" and waits until the crawl has paused; `test` runs, then all is closed. */
async function withPausedCrawl(test: (crawl: PausedCrawl) => Promise<void>): Promise<void> {
  const routes: Record<string, Route> = { '/robots.txt': { status: 404 }, '/': { body: page('home', Array.from({ length: PAGES }, (_, i) => `/p${i}`)) } };
  for (let i = 0; i < PAGES; i++) routes[`/p${i}`] = { body: page(`p${i}`), delayMs: 10 };
  const site = await SiteServer.start(routes);
  // The default profile, its state store wrapped by one whose commits fail while the disk is "full".
  const beans = (await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'))
    .replace('</beans>', ' <bean id="stateStore" class="FaultyStateStore"><property name="inner" ref="bdb"/></bean>\n</beans>');
  const job = await tempDir({ 'crawler-beans.xml': beans });
  try {
    let controller: CrawlControl | undefined;
    const launched = launchJob(job.dir, {
      registry: faultyRegistry(),
      sets: fastSets([`${site.origin}/`], ['crawlController.maxToeThreads=3']).map((s) => s.replace(/\\n/g, '\n')),
      onRunning: (c) => (controller = c),
    });
    await until(() => site.requests.length >= 30, '30 requests');
    diskFull.on = true;
    await until(() => controller!.progress().state === 'PAUSED', 'the crawl to pause');
    await test({ site, job, controller: controller!, launched });
  } finally {
    diskFull.on = false;
    await site.close();
    await job.cleanup();
  }
}

describe('a full disk (ENOSPC from the state store) (integration)', function () {
  this.timeout(60_000);
  afterEach(() => {
    diskFull.on = false;
  });

  it('pauses the crawl with an alert, loses and repeats nothing, and goes on by itself once space is back', async () => {
    await withPausedCrawl(async ({ site, job, controller, launched }) => {
      expect(controller.progress().alert).to.match(/state store cannot write \(ENOSPC/);
      // Workers finish what they hold, then take nothing more while the disk is full: not even
      // after the store has tried (and failed) to commit again.
      await until(() => idle(controller), 'the workers to finish what they held');
      const whilePaused = site.requests.length;
      const failures = diskFull.failures;
      expect(failures).to.be.at.least(1);
      await until(() => diskFull.failures > failures, 'the next commit, failing too');
      expect(site.requests.length).to.equal(whilePaused);
      expect(idle(controller)).to.equal(true);
      expect(controller.progress().state).to.equal('PAUSED');

      diskFull.on = false;
      const result = await launched;
      expect(result.exitStatus).to.equal('FINISHED');
      const run = join(job.dir, result.runDir);
      const alerts = await readFile(join(run, 'logs', 'alerts.log'), 'utf8');
      expect(alerts).to.match(/SEVERE the state store cannot write \(ENOSPC/);
      expect(alerts).to.match(/WARNING the state store writes again; the crawl goes on/);
      const ok = parseCrawlLog(await readFile(join(run, 'logs', 'crawl.log'), 'utf8')).filter((e) => e.status === 200);
      expect(ok.map((e) => new URL(e.uri).pathname).sort()).to.deep.equal(['/', ...Array.from({ length: PAGES }, (_, i) => `/p${i}`)].sort());
      const paths = site.paths().filter((p) => p !== '/robots.txt');
      expect(paths.length).to.equal(new Set(paths).size);
    });
  });

  it('keeps an operator\'s pause asked for during the store\'s pause: the store writes again, the crawl stays paused until unpaused', async () => {
    await withPausedCrawl(async ({ site, job, controller, launched }) => {
      expect(controller.progress().pausedFor).to.deep.equal(['state-store']);
      // The operator pauses too, while the store's pause holds the crawl.
      controller.pause();
      expect(controller.progress().pausedFor).to.have.members(['state-store', 'operator']);
      // The operator's unpause lifts the operator's pause only: the store's holds until it writes.
      controller.unpause();
      expect(controller.progress().pausedFor).to.deep.equal(['state-store']);
      expect(controller.progress().state).to.be.oneOf(['PAUSING', 'PAUSED']);
      controller.pause();
      await until(() => idle(controller), 'the workers to finish what they held');
      const whilePaused = site.requests.length;

      // The store writes again: its pause is over, the operator's is not.
      diskFull.on = false;
      await until(() => controller.progress().alert === undefined, 'the store to write again');
      expect(controller.progress().state, 'still paused by the operator').to.equal('PAUSED');
      expect(controller.progress().pausedFor).to.deep.equal(['operator']);
      const commits = diskFull.commits;
      await until(() => diskFull.commits >= commits + 3, 'three more commits, going through');
      expect(site.requests.length, 'nothing fetched after the store came back').to.equal(whilePaused);
      expect(controller.progress().state).to.equal('PAUSED');

      controller.unpause();
      expect(controller.progress().pausedFor).to.equal(undefined);
      const result = await launched;
      expect(result.exitStatus).to.equal('FINISHED');
      const ok = parseCrawlLog(await readFile(join(job.dir, result.runDir, 'logs', 'crawl.log'), 'utf8')).filter((e) => e.status === 200);
      expect(ok.map((e) => new URL(e.uri).pathname).sort()).to.deep.equal(['/', ...Array.from({ length: PAGES }, (_, i) => `/p${i}`)].sort());
    });
  });

  it('on a real full disk (a small tmpfs): pauses, then finishes once space is back, every page once, WARCs whole', async function () {
    const mountPoint = await mkdtemp(join(tmpdir(), 'beancrawl-full-'));
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mountPoint]).status !== 0) {
      await rm(mountPoint, { recursive: true, force: true });
      skipBecause(this, 'mounting a tmpfs needs root (the wrapper test above covers the logic)');
    }
    const routes: Record<string, Route> = { '/robots.txt': { status: 404 }, '/': { body: page('home', Array.from({ length: PAGES }, (_, i) => `/p${i}`)) } };
    for (let i = 0; i < PAGES; i++) routes[`/p${i}`] = { body: page(`p${i}`, [], 'x'.repeat(4000)), delayMs: 10 };
    const site = await SiteServer.start(routes);
    const filler = join(mountPoint, 'filler');
    try {
      const job = join(mountPoint, 'job');
      await mkdir(job);
      await writeFile(join(job, 'crawler-beans.xml'), await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'));
      let controller: CrawlControl | undefined;
      const launched = launchJob(job, {
        sets: fastSets([`${site.origin}/`], ['crawlController.maxToeThreads=2']).map((s) => s.replace(/\\n/g, '\n')),
        onRunning: (c) => (controller = c),
      });
      await until(() => site.requests.length >= 30, '30 requests');
      // Fill the disk to the last byte.
      const chunk = Buffer.alloc(1 << 16, 1);
      const handle = await open(filler, 'w');
      try {
        for (;;) await handle.write(chunk);
      } catch (e) {
        expect((e as NodeJS.ErrnoException).code).to.equal('ENOSPC');
      } finally {
        await handle.close().catch(() => undefined);
      }
      await until(() => controller!.progress().state === 'PAUSED', 'the crawl to pause', { timeoutMs: 20_000 });
      expect(controller!.progress().alert).to.match(/cannot write/);
      await rm(filler);
      const result = await launched;
      expect(result.exitStatus).to.equal('FINISHED');
      const run = join(job, result.runDir);
      const ok = parseCrawlLog(await readFile(join(run, 'logs', 'crawl.log'), 'utf8')).filter((e) => e.status === 200);
      const all = ['/', ...Array.from({ length: PAGES }, (_, i) => `/p${i}`)].sort();
      expect(ok.map((e) => new URL(e.uri).pathname).sort()).to.deep.equal(all);
      const docs = (await readFile(join(run, 'documents.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => new URL((JSON.parse(l) as { url: string }).url).pathname);
      expect(docs.sort()).to.deep.equal(all);
      const responses: string[] = [];
      for (const name of await readdir(join(run, 'warcs'))) {
        expect(name).to.match(/\.warc\.gz$/);
        for (const r of await readWarcFile(join(run, 'warcs', name))) {
          const target = field(r, 'WARC-Target-URI');
          if (field(r, 'WARC-Type') === 'response' && target?.startsWith('http') && !target.endsWith('/robots.txt')) responses.push(new URL(target).pathname);
        }
      }
      expect([...new Set(responses)].sort()).to.deep.equal(all);
    } finally {
      await rm(filler, { force: true });
      await site.close();
      spawnSync('umount', [mountPoint]);
      await rm(mountPoint, { recursive: true, force: true });
    }
  });
});
