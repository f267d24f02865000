import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { MultiHostSite } from '../support/multi-host-site.js';
import { RedisServer } from '../support/redis-server.js';
import { requireServer } from '../support/require-server.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { setArgs, WorkerProcess } from '../support/worker-process.js';
import { until } from '../support/until.js';
import { parseCrawlLog } from '../support/crawl-job.js';


describe('a crawl shared through Redis, driven from another shell (beancrawl status|pause|unpause|terminate|logs)', function () {
  this.timeout(120_000);
  let redis: RedisServer;
  let site: MultiHostSite;
  let job: { dir: string; cleanup(): Promise<void> };
  let workers: WorkerProcess[] = [];

  before(async function () {
    requireServer(this, 'redis-server');
    redis = await RedisServer.create();
    // Slow pages, so that the crawl is still running when the commands come.
    site = await MultiHostSite.create({ hosts: 3, pagesPerHost: 40, delayMs: 100 });
  });

  after(async () => {
    await site?.close();
    await redis?.close();
  });

  beforeEach(async () => {
    job = await tempDir({});
    // The job's own file names its Redis and crawl: the commands from another shell read it too.
    const profile = await readFile(join(REPO_ROOT, 'profiles', 'distributed.xml'), 'utf8');
    await writeFile(join(job.dir, 'crawler-beans.xml'), profile
      .replace(/metadata\.operatorContactUrl=.*/, 'metadata.operatorContactUrl=http://example.org/contact')
      .replace('metadata.jobName=distributed', `metadata.jobName=control-${Date.now()}`)
      .replace(/redis\.redisUrl=.*/, `redis.redisUrl=${redis.url}`)
      .replace('http://example.example/example', site.seeds.join('\n')));
    workers = [];
  });

  afterEach(async () => {
    for (const w of workers) w.signal('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await job.cleanup();
  });

  const sets = (): string[] => setArgs(['disposition.delayFactor=0', 'disposition.minDelayMs=50', 'disposition.maxDelayMs=50']);

  function startWorker(id: string, args: readonly string[]): WorkerProcess {
    const worker = new WorkerProcess(id, job.dir, args);
    workers.push(worker);
    return worker;
  }

  const why = (): string => workers.map((w) => w.output).join('\n');

  async function status(): Promise<{ state: string; frontier: { succeeded: number; inProcess: number }; workers: Array<{ id: string }> }> {
    const r = await runCli(['status', job.dir, '--json'], { timeoutMs: 30_000 });
    expect(r.code, `status failed: ${r.stderr}\n${why()}`).to.equal(0);
    return JSON.parse(r.stdout) as { state: string; frontier: { succeeded: number; inProcess: number }; workers: Array<{ id: string }> };
  }

  /** Until `n` workers have joined the crawl and every worker started has logged a page of its own. */
  async function untilFetching(n: number): Promise<void> {
    const logged = async (id: string): Promise<boolean> =>
      (await readFile(join(job.dir, 'latest', 'workers', id, 'logs', 'crawl.log'), 'utf8').catch(() => '')).length > 0;
    await until(async () => {
      // Before the first worker has begun the run, there is no crawl to ask about.
      const r = await runCli(['status', job.dir, '--json'], { timeoutMs: 30_000 });
      if (r.code !== 0 || (JSON.parse(r.stdout) as { workers: unknown[] }).workers.length !== n || site.log.length <= 4) return false;
      return (await Promise.all(workers.map((w) => logged(w.id)))).every(Boolean);
    }, `${n} workers fetching, each a page of its own`, { timeoutMs: 60_000, everyMs: 200 }).catch((e: Error) => {
      throw new Error(`${e.message}\n${why()}`);
    });
  }

  it('pauses, unpauses and terminates every worker at once, and merges their crawl.logs', async () => {
    const args = sets();
    const a = startWorker('a', args);
    const b = startWorker('b', args);
    // Both workers have joined, and pages are being fetched.
    await untilFetching(2);

    const paused = await runCli(['pause', job.dir], { timeoutMs: 30_000 });
    expect(paused.code, paused.stderr).to.equal(0);
    expect(paused.stdout).to.match(/^state: (PAUSING|PAUSED) \(after pause\)/);
    // Nothing in flight anywhere: PAUSED, and the site hears nothing more.
    await until(async () => (await status()).state === 'PAUSED', 'the crawl to be PAUSED', { timeoutMs: 30_000, everyMs: 200 });
    await site.settled();
    const heard = site.log.length;
    const before = await status();
    expect(before.frontier.inProcess).to.equal(0);

    const unpaused = await runCli(['unpause', job.dir], { timeoutMs: 30_000 });
    expect(unpaused.code, unpaused.stderr).to.equal(0);
    await until(() => site.log.length > heard + 2, 'fetches after unpause', { timeoutMs: 30_000, everyMs: 50 });

    const ended = await runCli(['terminate', job.dir], { timeoutMs: 30_000 });
    expect(ended.code, ended.stderr).to.equal(0);
    expect(await a.code(), why()).to.equal(5);
    expect(await b.code(), why()).to.equal(5);
    expect(a.stdout + a.stderr).to.match(/ABORTED/);

    // One crawl.log a worker; `logs` merges them in time order, every line of both.
    const own = await Promise.all(['a', 'b'].map(async (id) => {
      const run = (await readFile(join(job.dir, 'latest', 'workers', id, 'run.json'), 'utf8'));
      expect(JSON.parse(run).run).to.match(new RegExp(`workers/${id}$`));
      return parseCrawlLog(await readFile(join(job.dir, 'latest', 'workers', id, 'logs', 'crawl.log'), 'utf8'));
    }));
    expect(own[0].length, why()).to.be.greaterThan(0);
    expect(own[1].length, why()).to.be.greaterThan(0);
    const merged = await runCli(['logs', job.dir], { timeoutMs: 30_000 });
    expect(merged.code, merged.stderr).to.equal(0);
    const lines = parseCrawlLog(merged.stdout);
    expect(lines.map((l) => l.line).sort()).to.deep.equal([...own[0], ...own[1]].map((l) => l.line).sort());
    const times = lines.map((l) => l.time);
    expect(times).to.deep.equal([...times].sort());
  });

  it('takes a checkpoint of the whole crawl, and a launch from it goes on from there, every page logged once', async () => {
    const args = sets();
    startWorker('a', args);
    startWorker('b', args);
    await untilFetching(2);
    const taken = await runCli(['checkpoint', job.dir], { timeoutMs: 60_000 });
    expect(taken.code, `${taken.stderr}\n${why()}`).to.equal(0);
    const name = /checkpoint: (cp\d+-\d+)/.exec(taken.stdout)?.[1];
    expect(name, taken.stdout).to.be.a('string');
    const stamp = JSON.parse(await readFile(join(job.dir, 'checkpoints', name!, 'checkpoint.json'), 'utf8')) as { shared: { workers: string[] }; entries: number };
    expect(stamp.shared.workers).to.deep.equal(['a', 'b']);
    expect(stamp.entries).to.be.greaterThan(0);
    // More is fetched after the checkpoint; then every worker dies, and Redis forgets the crawl.
    const heard = site.log.length;
    await until(() => site.log.length > heard + 4, 'fetches after the checkpoint', { timeoutMs: 30_000, everyMs: 50 });
    for (const w of workers) w.signal('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await redis.restart();
    const { Redis } = await import('ioredis');
    const client = new Redis(redis.url);
    await client.flushall();
    await client.quit();

    const again = [startWorker('a', [...args, '--checkpoint', 'latest']), startWorker('b', [...args, '--checkpoint', 'latest'])];
    for (const w of again) expect(await w.code(), why()).to.equal(0);
    const merged = await runCli(['logs', job.dir], { timeoutMs: 30_000 });
    const pages = parseCrawlLog(merged.stdout).filter((e) => !e.uri.startsWith('dns:') && !e.uri.endsWith('/robots.txt'));
    // Lines written after the checkpoint were cut when each worker's files were put back in step with its state.
    expect(pages.map((e) => e.uri).sort(), why()).to.deep.equal([...site.pages.keys()].sort());
    expect(pages.every((e) => e.status === 200)).to.equal(true);
  });

  it('says so when the job\'s crawl is not running', async () => {
    const paused = await runCli(['pause', job.dir], { timeoutMs: 30_000 });
    expect(paused.code).to.equal(1);
    expect(paused.stderr).to.match(/BC_JOB_NOT_RUNNING/);
    const checkpoint = await runCli(['checkpoint', job.dir], { timeoutMs: 30_000 });
    expect(checkpoint.code).to.equal(1);
    expect(checkpoint.stderr).to.match(/BC_JOB_NOT_RUNNING/);
  });
});
