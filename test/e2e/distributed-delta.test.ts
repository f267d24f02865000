import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { ChangingSite } from '../support/changing-site.js';
import { RedisCluster } from '../support/redis-cluster.js';
import { RedisServer } from '../support/redis-server.js';
import { requireServer } from '../support/require-server.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';
import { setArgs, WorkerProcess } from '../support/worker-process.js';


interface Event { readonly kind: string; readonly url: string }

const N = 24;

/**
 * The delta-recrawl profile with its shared beans swapped in: the frontier, the seen set, the
 * server cache and the fetch history kept in Redis, and the connection they share.
 */
function sharedDeltaBeans(profile: string, redisUrl: string, jobName: string, seeds: readonly string[]): string {
  const swap = (from: string, to: string): void => {
    if (!profile.includes(from)) throw new Error(`the delta-recrawl profile has no ${from}`);
    profile = profile.replace(from, to);
  };
  swap('<bean id="frontier" class="LevelFrontier">', `<bean id="redis" class="RedisConnection"><property name="redisUrl" ` +
    `value="${redisUrl}"/></bean>\n <bean id="frontier" class="RedisFrontier">`);
  swap('<bean id="uriUniqFilter" class="LevelUriUniqFilter"/>', '<bean id="uriUniqFilter" class="RedisUriUniqFilter"/>');
  swap('<bean id="serverCache" class="ServerCache"/>', '<bean id="serverCache" class="RedisServerCache"/>');
  swap('<bean id="fetchHistory" class="FetchHistoryStore">', '<bean id="fetchHistory" class="RedisFetchHistory">');
  swap('metadata.jobName=delta', `metadata.jobName=${jobName}`);
  swap('http://example.example/example', seeds.join('\n'));
  return profile.replace(/metadata\.operatorContactUrl=.*/, 'metadata.operatorContactUrl=http://example.org/contact');
}

describe('delta runs of a crawl shared through Redis: the fetch history crawl-wide, one end of run for all workers', function () {
  this.timeout(180_000);
  let redis: RedisServer;
  let job: { dir: string; cleanup(): Promise<void> };
  let workers: WorkerProcess[] = [];

  before(async function () {
    requireServer(this, 'redis-server');
    redis = await RedisServer.create();
  });

  after(async () => {
    await redis?.close();
  });

  afterEach(async () => {
    for (const w of workers) w.signal('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    workers = [];
    await job?.cleanup();
  });

  function startWorker(id: string, args: readonly string[] = []): WorkerProcess {
    const sets = ['disposition.delayFactor=0', 'disposition.minDelayMs=20', 'disposition.maxDelayMs=20', 'frontier.retryDelaySeconds=0', 'frontier.maxRetries=1'];
    const worker = new WorkerProcess(id, job.dir, [...setArgs(sets), ...args]);
    workers.push(worker);
    return worker;
  }

  const why = (): string => workers.map((w) => w.output).join('\n');

  /** Which workers reported a deletion in the latest run. */
  let deletedBy: string[] = [];

  /** Every worker's documents.jsonl of the latest run, as events by kind (each URL once across workers, or the test fails). */
  async function eventsOfRun(origins: readonly string[]): Promise<Map<string, string[]>> {
    const runDir = join(job.dir, 'latest', 'workers');
    const events: Event[] = [];
    deletedBy = [];
    for (const id of await readdir(runDir)) {
      const text = await readFile(join(runDir, id, 'documents.jsonl'), 'utf8').catch(() => '');
      const own = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Event);
      if (own.some((e) => e.kind === 'deleted')) deletedBy.push(id);
      events.push(...own);
    }
    const short = (url: string): string => origins.reduce((u, o, i) => u.replace(o, i === 0 ? '' : `H${i}`), url);
    const urls = events.map((e) => short(e.url));
    expect(urls.filter((u, i) => urls.indexOf(u) !== i), `documents reported twice\n${why()}`).to.deep.equal([]);
    const byKind = new Map<string, string[]>();
    for (const e of events) byKind.set(e.kind, [...(byKind.get(e.kind) ?? []), short(e.url)].sort());
    return byKind;
  }

  /**
   * Four runs of two workers (the last one worker, with --forget-history) against the Redis at
   * `redisUrl`, the site edited between the first two: each document's event once across the workers.
   */
  async function deltaRuns(redisUrl: string, connection: readonly string[]): Promise<void> {
    // The site answers once every worker of a run has joined it: a worker slow to start must not
    // find the run over and begin another.
    let gate: Promise<void> | undefined;
    const gated = (handle: (req: IncomingMessage, res: ServerResponse) => void) => (req: IncomingMessage, res: ServerResponse): void => {
      void (gate ?? Promise.resolve()).then(() => handle(req, res));
    };
    const runWorkers = async (ids: readonly string[], args: readonly string[] = []): Promise<WorkerProcess[]> => {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      const started = ids.map((id) => startWorker(id, [...setArgs(connection), ...args]));
      try {
        // A launch says where its folder is once it has joined the run.
        await until(() => started.every((w) => /launched .*: run folder/.test(w.stderr) || !w.running), `every worker to ` +
          `join\n${why()}`, { timeoutMs: 60_000 });
      } finally {
        open();
        gate = undefined;
      }
      for (const w of started) expect(await w.code(), why()).to.equal(0);
      return started;
    };
    const site = new ChangingSite();
    const paths = ['/', '/parent', '/child', '/orphan', ...Array.from({ length: N + 1 }, (_, i) => `/p${i}`)];
    const routes: Record<string, Route> = { '/robots.txt': gated((_req, res) => res.writeHead(404).end()) };
    for (const p of paths) routes[p] = gated(site.route(p));
    // Two hosts, so that two workers have two queues to share.
    const a = await SiteServer.start(routes);
    const b = await SiteServer.start(routes);
    try {
      const half = Math.floor(N / 2);
      site.set('/', page('home', ['/parent', ...Array.from({ length: half }, (_, i) => `/p${i}`)]));
      site.set('/parent', page('parent', ['/child', '/orphan', ...Array.from({ length: N - half }, (_, i) => `/p${half + i}`)]));
      site.set('/child', page('child'));
      site.set('/orphan', page('orphan'));
      for (let i = 0; i < N; i++) site.set(`/p${i}`, page(`p${i} version 1`));
      job = await tempDir({});
      const profile = await readFile(join(REPO_ROOT, 'profiles', 'delta-recrawl.xml'), 'utf8');
      await writeFile(join(job.dir, 'crawler-beans.xml'), sharedDeltaBeans(profile, redisUrl, `delta-${Date.now()}`, [`${a.origin}/`, `${b.origin}/`]));
      const origins = [a.origin, b.origin];
      const all = (list: readonly string[]): string[] => list.flatMap((p) => [p, `H1${p}`]).sort();
      const rest = (from: number): string[] => Array.from({ length: N - from }, (_, i) => `/p${from + i}`);

      await runWorkers(['a', 'b']);
      const first = await eventsOfRun(origins);
      expect([...first.keys()], why()).to.deep.equal(['new']);
      expect(first.get('new')).to.deep.equal(all(['/', '/parent', '/child', '/orphan', ...rest(0)]));

      // Edit three pages (one links to a new page), delete two; /parent no longer links to /child
      // (still there) nor to /orphan (gone): neither is reached, and the end of the run checks them.
      site.set('/p0', page('p0 version 2', ['/p24']));
      site.set('/p1', page('p1 version 2'));
      site.set('/p2', page('p2 version 2'));
      site.pages.delete('/p3');
      site.set('/p4', '', 410);
      site.set('/p24', page('p24'));
      site.set('/parent', page('parent', rest(half)));
      site.pages.delete('/orphan');
      site.bodies = [];
      const secondWorkers = await runWorkers(['a', 'b']);
      const second = await eventsOfRun(origins);
      expect(second.get('changed'), why()).to.deep.equal(all(['/p0', '/p1', '/p2', '/parent']));
      expect(second.get('deleted'), why()).to.deep.equal(all(['/orphan', '/p3', '/p4']));
      expect(second.get('new'), why()).to.deep.equal(all(['/p24']));
      expect(second.get('unchanged'), why()).to.deep.equal(all(['/', '/child', ...rest(5)]));
      // Conditional requests whichever worker fetched a page before: bodies only for the changed and new ones.
      expect(site.bodies.sort(), why()).to.deep.equal(all(['/p0', '/p1', '/p2', '/parent', '/p24']).map((p) => p.replace(/^H1/, '')).sort());
      // The deletions were decided once, by one worker, and reported through its receivers.
      expect(deletedBy, why()).to.have.length(1);
      // Every worker's summary counts the whole crawl's documents by kind, the deletions decided at the end included.
      const counts = ['new', 'changed', 'unchanged', 'deleted'].map((k) => `${second.get(k)?.length ?? 0} ${k}`).join(', ');
      for (const w of secondWorkers) expect(w.stdout, why()).to.contain(`delta: ${counts}`);

      // A third run with no change: everything unchanged, nothing deleted; a new run after --forget-history is all new again.
      await runWorkers(['a', 'b']);
      const third = await eventsOfRun(origins);
      expect([...third.keys()], why()).to.deep.equal(['unchanged']);
      await runWorkers(['b', 'a'].slice(0, 1), ['--forget-history']);
      const fourth = await eventsOfRun(origins);
      expect([...fourth.keys()], why()).to.deep.equal(['new']);
    } finally {
      await a.close();
      await b.close();
    }
  }

  it('reports each document once across the workers: new, changed, unchanged and deleted, the documents not reached checked once for all', async () => {
    await deltaRuns(redis.url, []);
  });

  it('does the same on a Redis Cluster of three masters: history buckets, run numbers and the end\'s steps each in their slot', async () => {
    const cluster = await RedisCluster.create({ masters: 3 });
    try {
      await deltaRuns(cluster.urls[0], ['redis.cluster=true', `redis.redisUrl=${cluster.urls.join(',')}`]);
    } finally {
      await cluster.close();
    }
  });

  it('verify refuses a shared job whose fetch history would be each worker\'s own', async () => {
    job = await tempDir({});
    const profile = await readFile(join(REPO_ROOT, 'profiles', 'delta-recrawl.xml'), 'utf8');
    const beans = sharedDeltaBeans(profile, redis.url, 'refused', ['http://127.0.0.1:1/']).replace('class="RedisFetchHistory"', 'class="FetchHistoryStore"');
    await writeFile(join(job.dir, 'crawler-beans.xml'), beans);
    const verified = await runCli(['verify', job.dir], { timeoutMs: 30_000 });
    const output = verified.stdout + verified.stderr;
    expect(verified.code, output).to.equal(1);
    expect(output).to.match(/each worker's own state store/);
    expect(output).to.match(/RedisFetchHistory/);
  });
});
