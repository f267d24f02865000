import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { MultiHostSite } from '../support/multi-host-site.js';
import { RedisServer } from '../support/redis-server.js';
import { requireServer } from '../support/require-server.js';
import { BIN, REPO_ROOT, runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';
import { parseCrawlLog } from '../support/crawl-job.js';

/** A worker process of the shared crawl, its output kept for the failure message. */
interface Worker {
  readonly id: string;
  readonly child: ChildProcess;
  output: string;
  readonly exited: Promise<number | null>;
}

describe('a crawl shared through Redis, driven from another shell (beancrawl status|pause|unpause|terminate|logs)', function () {
  this.timeout(120_000);
  let redis: RedisServer;
  let site: MultiHostSite;
  let job: { dir: string; cleanup(): Promise<void> };
  let workers: Worker[] = [];

  before(async function () {
    requireServer(this, 'redis-server');
    redis = await RedisServer.create();
    // Slow pages, so that the crawl is still running when the commands come.
    site = await MultiHostSite.create({ hosts: 3, pagesPerHost: 12, delayMs: 60 });
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
    for (const w of workers) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await job.cleanup();
  });

  const sets = (): string[] => ['disposition.delayFactor=0', 'disposition.minDelayMs=50', 'disposition.maxDelayMs=50'].flatMap((s) => ['--set', s]);

  function startWorker(id: string, args: readonly string[]): Worker {
    const child = spawn(process.execPath, [BIN, 'launch', job.dir, '--worker-id', id, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const worker: Worker = { id, child, output: '', exited: new Promise((resolve) => child.on('close', resolve)) };
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (worker.output += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (worker.output += d));
    workers.push(worker);
    return worker;
  }

  const why = (): string => workers.map((w) => `--- worker ${w.id}:\n${w.output}`).join('\n');

  async function status(): Promise<{ state: string; frontier: { succeeded: number; inProcess: number }; workers: Array<{ id: string }> }> {
    const r = await runCli(['status', job.dir, '--json'], { timeoutMs: 30_000 });
    expect(r.code, `status failed: ${r.stderr}\n${why()}`).to.equal(0);
    return JSON.parse(r.stdout) as { state: string; frontier: { succeeded: number; inProcess: number }; workers: Array<{ id: string }> };
  }

  it('pauses, unpauses and terminates every worker at once, and merges their crawl.logs', async () => {
    const args = sets();
    const a = startWorker('a', args);
    const b = startWorker('b', args);
    // Both workers have joined, and pages are being fetched.
    await until(async () => {
      // Before the first worker has begun the run, there is no crawl to ask about.
      const r = await runCli(['status', job.dir, '--json'], { timeoutMs: 30_000 });
      return r.code === 0 && (JSON.parse(r.stdout) as { workers: unknown[] }).workers.length === 2 && site.log.length > 4;
    }, 'two workers fetching', { timeoutMs: 60_000, everyMs: 200 });

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
    expect(await a.exited, why()).to.equal(5);
    expect(await b.exited, why()).to.equal(5);
    expect(a.output).to.match(/ABORTED/);

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

  it('says so when the job\'s crawl is not running, and refuses a checkpoint', async () => {
    const paused = await runCli(['pause', job.dir], { timeoutMs: 30_000 });
    expect(paused.code).to.equal(1);
    expect(paused.stderr).to.match(/BC_JOB_NOT_RUNNING/);
    const checkpoint = await runCli(['checkpoint', job.dir], { timeoutMs: 30_000 });
    expect(checkpoint.code).to.equal(1);
    expect(checkpoint.stderr).to.match(/not supported yet/);
  });
});
