import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { decodeQueuedRow } from '../../src/model/queued-row.js';
import { parseCrawlLog } from '../support/crawl-job.js';
import { redisSuite } from '../support/redis-suite.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';
import { field, readWarcFile } from '../support/warc-reader.js';
import { MultiHostSite } from '../support/multi-host-site.js';
import { WorkerProcess, setArgs } from '../support/worker-process.js';

/**
 * Issue 40, items 3 and 5: a worker stalled past its lease writes nothing of the URI it lost
 * (crawl.log, WARC, documents.jsonl), and a Redis that refuses writes (out of memory) pauses the
 * workers with an alert instead of killing them; `status` tells live workers from dead ones.
 * Real `beancrawl launch` workers of the distributed profile and a real redis-server.
 */

const CONTACT = 'http://example.org/contact';
const LEASE_S = 2;

interface Job {
  readonly dir: string;
  readonly name: string;
  readonly workers: WorkerProcess[];
  start(id: string): WorkerProcess;
  outputs(): string;
}

async function distributedJob(root: string, name: string, redisUrl: string, seeds: readonly string[], sets: readonly string[] = []): Promise<Job> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  // The Redis and the crawl's name in the file itself, for `status`, which takes no --set.
  const xml = (await readFile(join(REPO_ROOT, 'profiles', 'distributed.xml'), 'utf8'))
    .replace('redis.redisUrl=redis://127.0.0.1:6379', `redis.redisUrl=${redisUrl}`).replace('metadata.jobName=distributed', `metadata.jobName=${name}`);
  await writeFile(join(dir, 'crawler-beans.xml'), xml);
  const all = [
    `metadata.operatorContactUrl=${CONTACT}`, `metadata.jobName=${name}`, `seeds.textSource.value=${seeds.join('\n')}`,
    'disposition.delayFactor=0', 'disposition.minDelayMs=20', 'disposition.maxDelayMs=20', 'crawlController.maxToeThreads=4', ...sets,
  ];
  const workers: WorkerProcess[] = [];
  return {
    dir, name, workers,
    start(id) {
      const w = new WorkerProcess(id, dir, setArgs(all));
      workers.push(w);
      return w;
    },
    outputs: () => workers.map((w) => w.output).join('\n'),
  };
}

/** Every file named `name` under `dir`, at any depth. */
function filesNamed(dir: string, test: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && test(e.name)).map((e) => join(e.parentPath, e.name));
}

/** Every worker's crawl.log lines, with the worker (runs/RUN/workers/ID/logs/crawl.log). */
function crawlLogLines(job: string): Array<{ uri: string; status: number; worker: string }> {
  return filesNamed(join(job, 'runs'), (n) => n === 'crawl.log').flatMap((file) => {
    const worker = /workers\/([^/]+)\/logs/.exec(file)?.[1] ?? '';
    return parseCrawlLog(readFileSync(file, 'utf8')).map((e) => ({ uri: e.uri, status: e.status, worker }));
  });
}

/** The URIs of the response records in every WARC file of the job (open ones too). */
async function warcResponses(job: string): Promise<string[]> {
  const out: string[] = [];
  for (const file of filesNamed(join(job, 'runs'), (n) => /\.warc(\.gz)?(\.open)?$/.test(n))) {
    for (const record of await readWarcFile(file)) if (field(record, 'WARC-Type') === 'response') out.push(field(record, 'WARC-Target-URI') ?? '');
  }
  return out;
}

/** The URLs of every documents.jsonl line of the job. */
function documentLines(job: string): string[] {
  return filesNamed(join(job, 'runs'), (n) => n === 'documents.jsonl').flatMap((file) =>
    readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => String((JSON.parse(line) as { url?: string }).url)));
}

/** The worker holding the lease on `uri` now (the shards' `held` hashes), if any. */
async function holderOf(redis: Redis, name: string, uri: string): Promise<string | undefined> {
  const [run, shards] = await redis.hmget(`bc:{${name}}:crawl`, 'run', 'shards');
  for (let n = 0; n < Number(shards ?? 0); n++) {
    for (const value of Object.values(await redis.hgetall(`bc:{${name}/${run}/${n}}:held`))) {
      const [, , worker, member] = /^([^\t]*)\t([^\t]*)\t(.*)$/s.exec(value)!;
      if (decodeQueuedRow(member, '').uri === uri) return worker;
    }
  }
  return undefined;
}

describe('workers on Redis under faults: fencing of every output, Redis refusing writes, live and dead workers (issue 40, items 3 and 5)', function () {
  this.timeout(120_000);
  const suite = redisSuite();
  let work: { dir: string; cleanup(): Promise<void> };
  let job: Job | undefined;
  const servers: SiteServer[] = [];
  const sites: MultiHostSite[] = [];
  const clients: Redis[] = [];

  beforeEach(async () => {
    work = await tempDir();
    job = undefined;
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && job) process.stderr.write(`${job.outputs()}\n`);
    for (const w of job?.workers ?? []) {
      w.signal('SIGCONT');
      w.signal('SIGKILL');
    }
    await Promise.all((job?.workers ?? []).map((w) => w.exited));
    // The server is the suite's: as it was.
    await clients[0]?.config('SET', 'maxmemory', '0').catch(() => undefined);
    for (const c of clients.splice(0)) c.disconnect();
    await Promise.all(servers.splice(0).map((s) => s.close()));
    await Promise.all(sites.splice(0).map((s) => s.close()));
    await work.cleanup();
  });

  const probe = (): Redis => {
    const c = new Redis(suite.server.url, { maxRetriesPerRequest: null });
    c.on('error', () => undefined);
    clients.push(c);
    return c;
  };

  it('a worker stopped mid-fetch past its lease, whose page another worker then fetched, adds nothing of it to crawl.log, the WARC or ' +
    'documents.jsonl when continued', async () => {
    // /slow's first answer sends its head and part of its body, then is held open; later answers are whole.
    const held: ServerResponse[] = [];
    let slowAsked = 0;
    const site = await SiteServer.start({
      '/': { body: page('home', ['/a', '/slow', '/b']) },
      '/a': { body: page('a') },
      '/b': { body: page('b') },
      '/slow': (_req, res) => {
        slowAsked++;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': '4000' });
        if (slowAsked === 1) {
          res.write(`<!doctype html><html><body>${'x'.repeat(500)}`);
          held.push(res);
        } else res.end(`<!doctype html><html><body>${'y'.repeat(4000 - 42)}</body></html>`.padEnd(4000, ' '));
      },
    });
    servers.push(site);
    const slow = `${site.origin}/slow`;
    job = await distributedJob(work.dir, 'fence', suite.server.url, [`${site.origin}/`], [`redis.leaseSeconds=${LEASE_S}`]);
    const redis = probe();
    const byId = new Map(['w1', 'w2'].map((id) => [id, job!.start(id)]));
    await until(() => slowAsked === 1, `/slow to be asked for\n${job.outputs()}`, { timeoutMs: 30_000 });
    // The worker whose request the site holds: found with both stopped, so that its lease cannot change meanwhile.
    for (const w of byId.values()) w.signal('SIGSTOP');
    const frozenId = await holderOf(redis, job.name, slow);
    expect(frozenId, `a worker holds ${slow}`).to.be.oneOf(['w1', 'w2']);
    const frozen = byId.get(frozenId!)!;
    const other = byId.get(frozenId === 'w1' ? 'w2' : 'w1')!;
    other.signal('SIGCONT');
    // Its lease runs out, the other worker fetches the page whole and logs it.
    const loggedBy = (id: string) => crawlLogLines(job!.dir).some((l) => l.uri === slow && l.worker === id);
    await until(() => loggedBy(other.id), `${other.id} to fetch ${slow} and log it\n${job.outputs()}`, {
      timeoutMs: 30_000, everyMs: 50,
    });
    frozen.signal('SIGCONT');
    await until(() => [...byId.values()].every((w) => !w.running), `both workers to exit\n${job.outputs()}`, { timeoutMs: 45_000, everyMs: 50 });
    for (const res of held) res.destroy();

    const why = `\n${job.outputs()}`;
    expect(slowAsked, 'the page was asked for twice (the stalled worker, then the other)').to.equal(2);
    expect(crawlLogLines(job.dir).filter((l) => l.uri === slow).map((l) => `${l.worker} ${l.status}`), `crawl.log lines of ${slow}${why}`).to.deep.equal([
      `${other.id} 200`,
    ]);
    expect((await warcResponses(job.dir)).filter((u) => u === slow), `response records of ${slow}${why}`).to.have.length(1);
    expect(documentLines(job.dir).filter((u) => u === slow), `documents.jsonl lines of ${slow}${why}`).to.have.length(1);
    // Every page, once, in each output.
    for (const p of ['/', '/a', '/b'].map((x) => `${site.origin}${x}`)) {
      expect(crawlLogLines(job.dir).filter((l) => l.uri === p), `crawl.log lines of ${p}${why}`).to.have.length(1);
    }
    // The stalled worker says it discarded the URI (alerts.log, and its console).
    const alerts = filesNamed(join(job.dir, 'runs'), (n) => n === 'alerts.log').filter((f) => f.includes(`/workers/${frozen.id}/`));
    expect(alerts.map((f) => readFileSync(f, 'utf8')).join(''), `${frozen.id}'s alerts.log${why}`).to.match(/discarded .*\/slow.*lease/);
  });

  it('Redis out of memory mid-crawl pauses every worker with an alert, and they go on when it takes writes again: every page crawled once; ' +
    '`status` tells a killed worker (dead) from live ones', async () => {
    const LEASE = 6;
    const site = await MultiHostSite.create({ hosts: 3, pagesPerHost: 40, delayMs: 30, seed: 4040 });
    sites.push(site);
    job = await distributedJob(work.dir, 'oom', suite.server.url, site.seeds, [`redis.leaseSeconds=${LEASE}`]);
    const redis = probe();
    const [w1, w2] = ['w1', 'w2'].map((id) => job!.start(id));
    const status = async (): Promise<{ workers: Array<{ id: string; live: boolean }> }> => {
      const r = await runCli(['status', job!.dir, '--json'], { timeoutMs: 30_000 });
      expect(r.code, `status failed: ${r.stderr}\n${job!.outputs()}`).to.equal(0);
      return JSON.parse(r.stdout) as { workers: Array<{ id: string; live: boolean }> };
    };
    const pagesAsked = () => new Set(site.log.filter((e) => site.pages.has(e.url)).map((e) => e.url)).size;
    await until(() => pagesAsked() >= site.pages.size * 0.2, `a fifth of the pages\n${job.outputs()}`, { timeoutMs: 30_000 });
    const run = readdirSync(join(job.dir, 'runs'))[0];
    const alertsOf = (id: string) => {
      const file = join(job!.dir, 'runs', run, 'workers', id, 'logs', 'alerts.log');
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    };

    // Out of memory: every write refused (maxmemory under what Redis uses, no eviction).
    await redis.config('SET', 'maxmemory-policy', 'noeviction');
    await redis.config('SET', 'maxmemory', '1');
    const refusedAt = site.log.length;
    await until(() => [w1, w2].every((w) => /Redis refuses writes.*OOM/.test(alertsOf(w.id))), `both workers to pause with the alert that Redis ` +
      `refuses writes\n${job.outputs()}`, { timeoutMs: 30_000, everyMs: 50 });
    expect([w1, w2].filter((w) => !w.running).map((w) => w.id), `workers that died of the refusal\n${job.outputs()}`).to.deep.equal([]);
    // Paused: no request starts (those under way when it came end).
    await until(() => site.inFlight === 0, 'the requests under way to end');
    const paused = site.log.length;
    expect(paused - refusedAt, 'requests made while Redis refused writes (those already taken)').to.be.below(20);
    // Still live while Redis refuses writes: their heartbeats renew a lease Redis keeps even out of memory.
    expect((await status()).workers.map((w) => `${w.id} ${w.live}`).sort()).to.deep.equal(['w1 true', 'w2 true']);
    await redis.config('SET', 'maxmemory', '0');
    await until(() => site.log.length > paused, `requests again once Redis takes writes\n${job.outputs()}`, { timeoutMs: 30_000 });
    await until(() => [w1, w2].every((w) => /can be reached again/.test(alertsOf(w.id))), `both workers to say the crawl goes on\n${job.outputs()}`, {
      timeoutMs: 30_000,
    });

    // A worker killed: dead in `status` once its heartbeat's lease has run out; the other live.
    w2.signal('SIGKILL');
    await w2.exited;
    await until(async () => (await status()).workers.some((w) => w.id === 'w2' && !w.live), `status to say w2 is dead\n${job.outputs()}`, {
      timeoutMs: 30_000, everyMs: 500,
    });
    const seen = await status();
    if (w1.running) expect(seen.workers.find((w) => w.id === 'w1')?.live, 'w1, running, is live').to.equal(true);

    await until(() => !w1.running, `w1 to end the crawl\n${job.outputs()}`, { timeoutMs: 60_000, everyMs: 50 });
    const why = `\n${job.outputs()}`;
    expect(w1.child.exitCode, `w1's exit${why}`).to.equal(0);
    // Every page crawled, each once in the crawl.logs (w2 killed may have left one it held to w1, logged by w1 alone, as its lease ran out).
    const logged = crawlLogLines(job.dir).filter((l) => site.pages.has(l.uri));
    expect([...site.pages.keys()].filter((p) => !logged.some((l) => l.uri === p && l.status === 200)), `pages never crawled${why}`).to.deep.equal([]);
    // Twice only where w2 was killed between its crawl.log line and Redis hearing the URI done (one of its last lines, a URI a host).
    const w2Last = new Set(logged.filter((l) => l.worker === 'w2').slice(-site.hosts.length).map((l) => l.uri));
    const twice = [...new Set(logged.map((l) => l.uri))].filter((u) => logged.filter((l) => l.uri === u).length > 1);
    expect(twice.filter((u) => !w2Last.has(u)), `pages logged more than once${why}`).to.deep.equal([]);
  });
});
