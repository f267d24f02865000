import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { parseCrawlLog, type CrawlLogEntry } from '../support/crawl-job.js';
import { MultiHostSite } from '../support/multi-host-site.js';
import { RedisServer } from '../support/redis-server.js';
import { requireServer } from '../support/require-server.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';
import { setArgs, WorkerProcess } from '../support/worker-process.js';

/** The quota: successes a host may yield, crawl-wide. */
const QUOTA = 5;

/** The distributed profile with a QuotaEnforcer in the fetch chain right after the preconditions. */
async function beansWithQuota(): Promise<string> {
  const profile = await readFile(join(REPO_ROOT, 'profiles', 'distributed.xml'), 'utf8');
  const withBean = profile.replace('</beans>', ' <bean id="quotaEnforcer" class="QuotaEnforcer"/>\n</beans>');
  const inChain = withBean.replace('<ref bean="preconditions"/>', '<ref bean="preconditions"/>\n    <ref bean="quotaEnforcer"/>');
  if (inChain === withBean) throw new Error('the distributed profile has no <ref bean="preconditions"/> to put the quota enforcer after');
  return inChain;
}

/** Every worker's crawl.log lines (runs/RUN/workers/ID/logs/crawl.log), each with its worker. */
function crawlLogs(job: string): Array<CrawlLogEntry & { workerId: string }> {
  const out: Array<CrawlLogEntry & { workerId: string }> = [];
  for (const run of readdirSync(join(job, 'runs'))) {
    const workers = join(job, 'runs', run, 'workers');
    for (const id of existsSync(workers) ? readdirSync(workers) : []) {
      const file = join(workers, id, 'logs', 'crawl.log');
      if (existsSync(file)) out.push(...parseCrawlLog(readFileSync(file, 'utf8')).map((e) => ({ ...e, workerId: id })));
    }
  }
  return out;
}

describe('quotas of a crawl shared by worker processes through Redis (the binary, a real redis-server)', function () {
  this.timeout(120_000);
  let redis: RedisServer;
  let site: MultiHostSite | undefined;
  let work: { dir: string; cleanup(): Promise<void> } | undefined;
  const workers: WorkerProcess[] = [];

  before(async function () {
    requireServer(this, 'redis-server');
    redis = await RedisServer.create();
  });
  after(async () => redis?.close());
  afterEach(async () => {
    for (const w of workers) w.signal('SIGKILL');
    await Promise.all(workers.splice(0).map((w) => w.exited));
    await site?.close();
    await work?.cleanup();
  });

  const why = (): string => workers.map((w) => w.output).join('\n');

  function start(job: string, id: string, sets: readonly string[]): WorkerProcess {
    const worker = new WorkerProcess(id, job, setArgs(sets));
    workers.push(worker);
    return worker;
  }

  it(`two workers with hostMaxFetchSuccesses=${QUOTA}: each host yields ${QUOTA} successes across both workers' crawl.logs, no more, and the crawl ` +
    `ends by itself`, async () => {
    site = await MultiHostSite.create({ hosts: 6, pagesPerHost: 10, delayMs: 20, seed: 20261127 });
    // Held until both workers have joined, so that both take part in every host's count.
    let open!: () => void;
    site.gate = new Promise<void>((resolve) => (open = resolve));
    work = await tempDir();
    const job = join(work.dir, 'quotas');
    await mkdir(job, { recursive: true });
    await writeFile(join(job, 'crawler-beans.xml'), await beansWithQuota());
    const name = `quotas-${Date.now()}`;
    const sets = [
      'metadata.operatorContactUrl=http://example.org/contact', `metadata.jobName=${name}`, `redis.redisUrl=${redis.url}`,
      `seeds.textSource.value=${site.seeds.join('\n')}`,
      'disposition.delayFactor=0', 'disposition.minDelayMs=40', 'disposition.maxDelayMs=40',
      `quotaEnforcer.hostMaxFetchSuccesses=${QUOTA}`,
      // Two toe threads a worker, so that one worker cannot hold every host's queue at once: both fetch.
      'crawlController.maxToeThreads=2',
    ];
    for (const id of ['w1', 'w2']) start(job, id, sets);
    const probe = new Redis(redis.url);
    try {
      await until(async () => (await probe.hlen(`bc:{${name}}:workers`)) >= 2, `both workers to join\n${why()}`, { timeoutMs: 60_000, everyMs: 50 });
    } finally {
      probe.disconnect();
    }
    open();
    site.gate = undefined;
    for (const w of workers) expect(await w.code(), why()).to.equal(0);
    await site.settled();

    // What the workers logged: each host its quota of successes, its dns: lookup among them (as
    // Heritrix counts a host's), no more; and what the site answered: the rest of them.
    const lines = crawlLogs(job);
    const successes = lines.filter((e) => e.status > 0);
    const hostOf = (uri: string) => (uri.startsWith('dns:') ? uri.slice(4) : new URL(uri).hostname);
    const perHost = site.hosts.map((h) => [h, successes.filter((e) => hostOf(e.uri) === h).length]);
    const detail = `\n${lines.map((e) => `${e.workerId} ${e.line}`).join('\n')}\n${why()}`;
    expect(perHost, `successes per host in the crawl.logs${detail}`).to.deep.equal(site.hosts.map((h) => [h, QUOTA]));
    const requests = site.hosts.map((h) => [h, site!.log.filter((e) => e.host === h).length]);
    expect(requests, `requests per host${detail}`).to.deep.equal(site.hosts.map((h) => [h, QUOTA - 1]));
    // Both workers fetched (the counts they judged by were the crawl's, not their own).
    expect(new Set(successes.map((e) => e.workerId)), detail).to.deep.equal(new Set(['w1', 'w2']));
  });
});
