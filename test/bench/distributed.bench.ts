/**
 * Issue 24's figures: one crawl, many worker processes sharing a Redis frontier.
 *
 * 1. Throughput: the many-hosts site (many-hosts-site.ts: 1,000 hosts × 4 pages, links across
 *    hosts, served by many-hosts-server-process.ts) crawled by the distributed profile with 1, 2
 *    and 4 workers (`beancrawl launch JOB --worker-id wN`, each under GNU time), every host's
 *    start page a seed (the profile's scope accepts the seeds' hosts), site-mirror's politeness
 *    (delayFactor 1, minDelayMs 500, maxDelayMs 5000) and 50 toe threads a worker. Pages/s (wall
 *    from the first launch to the last exit), the workers' CPU, and Redis's CPU per URL
 *    (INFO cpu: used_cpu_user + used_cpu_sys of the redis-server, over the URIs of every
 *    crawl.log). The same bean file with LevelFrontier, LevelUriUniqFilter and ServerCache (no
 *    Redis) and one launch, for comparison with the Redis frontier and one worker.
 * 2. Memory per queued URL: N URIs over 1,000 hosts scheduled into an empty Redis by the
 *    frontier's own SCHEDULE script, with the arguments RedisFrontier.schedule() makes (queue key,
 *    seen bucket and fingerprint from RedisUriUniqFilter.place, rank, the queued record): INFO
 *    memory before and after, the seen set's share by MEMORY USAGE of its buckets.
 * 3. The seen set at 10,000,000 URLs: the buckets filled directly (pipelined SADD, the key layout
 *    of redis-keys.ts and the members of RedisUriUniqFilter.place, 16 shards × 4,096 buckets, the
 *    defaults), bytes per URL from INFO memory, against the issue's goal of about 10.
 *
 * 4. The fetch history in Redis (RedisFetchHistory, for delta runs): N documents recorded through
 *    the bean itself (a real RedisConnection), each with an ETag, a Last-Modified, a digest and
 *    `--history-links` outlinks as a crawl keeps them; bytes per document from INFO memory, and
 *    the record's JSON size beside it.
 *
 * Usage: node dist/test/bench/distributed.bench.js [--hosts N (1000)] [--pages-per-host N (4)]
 *   [--workers 1,2,4] [--threads N (50)] [--queued N (200000)] [--seen N (10000000)]
 *   [--history N (200000)] [--history-links N (20)]
 *   [--no-crawl] [--no-memory] [--no-seen] [--no-history] [--aof (Redis with appendonly yes, appendfsync always)]
 * Needs redis-server (Debian's redis-server) and GNU time. Writes test/bench/results/distributed.json.
 */
import { startManyHostsServer } from './many-hosts-server.js';
import { encodeQueuedRow } from '../../src/model/queued-row.js';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { RedisKeys, shardOf } from '../../src/components/redis/redis-keys.js';
import { openRedisLink } from '../../src/components/redis/redis-link.js';
import { SCHEDULE } from '../../src/components/redis/redis-scripts.js';
import type { ItemOf } from '../../src/components/redis/redis-script.js';
import { RedisUriUniqFilter } from '../../src/components/redis/redis-uri-uniq-filter.js';
import { rankOf } from '../../src/components/frontier/work-queue.js';
import { CrawlUri } from '../../src/model/crawl-uri.js';
import { fingerprint } from '../../src/util/fingerprint-set.js';
import { surtAuthorityQueueKey } from '../../src/util/url/surt-authority-queue-key.js';
import { RedisServer } from '../support/redis-server.js';
import { RedisConnection } from '../../src/components/redis/redis-connection.js';
import { redisConnectionComponent } from '../../src/components/redis/redis-connection.descriptor.js';
import { RedisFetchHistory, redisFetchHistoryComponent } from '../../src/components/redis/redis-fetch-history.js';
import { updatedRecord } from '../../src/model/updated-record.js';
import { fmt, timedAsync, type Measured } from './measure.js';
import { DEFAULT_MANY_HOSTS, hostAddress, pagePath, type ManyHostsShape } from './many-hosts-site.js';
import { BIN, CONTACT, ROOT } from './runners/beancrawl.js';

const HERE = dirname(fileURLToPath(import.meta.url));

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : dflt;
};
const shape: ManyHostsShape = { ...DEFAULT_MANY_HOSTS, hosts: Number(opt('--hosts', '1000')), pagesPerHost: Number(opt('--pages-per-host', '4')) };
const workerCounts = opt('--workers', '1,2,4').split(',').map(Number);
const threads = Number(opt('--threads', '50'));
const QUEUED = Number(opt('--queued', '200000'));
const SEEN = Number(opt('--seen', '10000000'));
const aof = argv.includes('--aof');
const HISTORY = Number(opt('--history', '200000'));
const HISTORY_LINKS = Number(opt('--history-links', '20'));
/** The RedisConnection's defaults (redis-connection.descriptor.ts): the layout a run gets unless its bean says otherwise. */
const SHARDS = 16;
const BUCKETS = 65536;
const POLITENESS = ['disposition.delayFactor=1.0', 'disposition.minDelayMs=500', 'disposition.maxDelayMs=5000'];
const GOAL_SEEN_BYTES = 10;

// ---------------------------------------------------------------------------------------------
// The site


// ---------------------------------------------------------------------------------------------
// Redis

async function info(url: string, section: string): Promise<Record<string, string>> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const text = await redis.info(section);
    return Object.fromEntries(text.split('\r\n').filter((l) => l.includes(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)]));
  } finally {
    redis.disconnect();
  }
}

const cpuSeconds = async (url: string) => {
  const i = await info(url, 'cpu');
  return Number(i.used_cpu_user) + Number(i.used_cpu_sys);
};
const usedMemory = async (url: string) => Number((await info(url, 'memory')).used_memory);

// ---------------------------------------------------------------------------------------------
// 1. Crawls

interface CrawlResult {
  label: string;
  workers: number;
  pages: number;
  uris: number;
  wall: number;
  pagesPerS: number;
  workerCpu: number;
  redisCpu: number;
  redisCpuPerUriUs: number;
  peakRssMb: number;
  exitCodes: Array<number | null>;
  /** The machine's 1-minute load average when the run ended (other work on the machine shows here). */
  load: number;
}

/** The job's crawl.log lines: every worker's (runs/RUN/workers/ID/logs) or the one launch's (runs/RUN/logs). */
function crawlLogLines(job: string): string[] {
  const lines: string[] = [];
  const runs = join(job, 'runs');
  for (const run of readdirSync(runs)) {
    const files = [join(runs, run, 'logs', 'crawl.log')];
    const workers = join(runs, run, 'workers');
    if (existsSync(workers)) for (const id of readdirSync(workers)) files.push(join(workers, id, 'logs', 'crawl.log'));
    for (const f of files) if (existsSync(f)) lines.push(...readFileSync(f, 'utf8').split('\n').filter(Boolean));
  }
  return lines;
}

async function crawl(port: number, workers: number, variant: 'redis' | 'level'): Promise<CrawlResult> {
  const dir = mkdtempSync(join(tmpdir(), 'beancrawl-dist-bench-'));
  const redis = variant === 'redis' ? await RedisServer.create({ appendOnly: aof }) : undefined;
  try {
    const job = join(dir, 'job');
    mkdirSync(job);
    let xml = readFileSync(join(ROOT, 'profiles', 'distributed.xml'), 'utf8');
    if (variant === 'level') xml = xml.replace('class="RedisFrontier"', 'class="LevelFrontier"').replace('class="RedisUriUniqFilter"', 'class="LevelUriUniqFilter"').replace('class="RedisServerCache"', 'class="ServerCache"');
    writeFileSync(join(job, 'crawler-beans.xml'), xml);
    const seeds = Array.from({ length: shape.hosts }, (_, h) => `http://${hostAddress(h)}:${port}${pagePath(0)}`);
    const sets = [
      `metadata.operatorContactUrl=${CONTACT}`, 'metadata.jobName=bench', `seeds.textSource.value=${seeds.join('\n')}`,
      ...POLITENESS, `crawlController.maxToeThreads=${threads}`, `redis.redisUrl=${redis?.url ?? 'redis://127.0.0.1:1'}`,
    ].flatMap((s) => ['--set', s]);
    const cpuBefore = redis ? await cpuSeconds(redis.url) : 0;
    const started = Date.now();
    const runs: Array<Promise<Measured>> = [];
    for (let w = 1; w <= workers; w++) {
      runs.push(timedAsync(process.execPath, [BIN, 'launch', job, ...(variant === 'redis' ? ['--worker-id', `w${w}`] : []), ...sets], { timeoutS: 600 }));
    }
    const measured = await Promise.all(runs);
    const wall = (Date.now() - started) / 1000;
    const redisCpu = redis ? (await cpuSeconds(redis.url)) - cpuBefore : 0;
    const lines = crawlLogLines(job);
    const pages = new Set(lines.map((l) => l.split(/\s+/)).filter((f) => f[1] === '200' && /html/.test(f[6] ?? '')).map((f) => f[3])).size;
    for (const m of measured) if (m.status !== 0 && m.status !== 3) process.stderr.write(`a launch exited ` +
      `${m.status}:\n${m.stdout.slice(-1000)}\n${m.stderr.slice(-2000)}\n`);
    return {
      label: variant === 'redis' ? `RedisFrontier, ${workers} worker${workers > 1 ? 's' : ''}` : 'LevelFrontier (no Redis), 1 launch',
      workers, pages, uris: lines.length, wall, pagesPerS: pages / wall,
      workerCpu: measured.reduce((a, m) => a + m.cpu, 0), redisCpu, redisCpuPerUriUs: lines.length ? (redisCpu / lines.length) * 1e6 : NaN,
      peakRssMb: Math.max(...measured.map((m) => m.rssMb)), exitCodes: measured.map((m) => m.status), load: loadavg()[0],
    };
  } finally {
    await redis?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// 2. A frontier of N queued URIs

interface QueuedResult { uris: number; totalBytes: number; seenBytes: number; perQueuedUrl: number; perSeenUrl: number; fillS: number }

async function fillFrontier(n: number): Promise<QueuedResult> {
  const redis = await RedisServer.create();
  const link = openRedisLink({ url: redis.url, cluster: false, connectTimeoutMs: 5000 });
  try {
    const keys = new RedisKeys('bench');
    const run = '20261126000000000';
    const uniq = new RedisUriUniqFilter({} as never);
    const before = await usedMemory(redis.url);
    const started = Date.now();
    // As RedisFrontier.schedule() batches: up to 500 URIs, one script call a shard.
    const BATCH = 500;
    let inFlight: Array<Promise<unknown>> = [];
    for (let from = 0; from < n; from += BATCH) {
      const perShard: Array<Array<ItemOf<typeof SCHEDULE>>> = Array.from({ length: SHARDS }, () => []);
      for (let i = from; i < Math.min(n, from + BATCH); i++) {
        const h = i % shape.hosts;
        const url = `http://${hostAddress(h)}:8080/p/${Math.floor(i / shape.hosts)}.html`;
        const curi = new CrawlUri(url, { hopsPath: 'LL', via: `http://${hostAddress((h * 7) % shape.hosts)}:8080/p/${i % 97}.html`, isSeed: false, precedence: 1 });
        curi.queueKey = surtAuthorityQueueKey(url);
        const record = curi.toQueued();
        const shard = shardOf(curi.queueKey, SHARDS);
        const [bucket, member] = uniq.place(url, Math.floor(BUCKETS / SHARDS));
        perShard[shard].push({
          queue: curi.queueKey, seenBucket: bucket, fingerprint: member, rank: rankOf(record) + 1, record: encodeQueuedRow(record), forced: '0',
        });
      }
      perShard.forEach((items, s) => {
        if (items.length === 0) return;
        const k = keys.shard(run, s);
        inFlight.push(SCHEDULE.run(link, { keys: k, args: { queuePrefix: k.queuePrefix, seenPrefix: k.seenPrefix }, items }));
      });
      if (inFlight.length >= 64) {
        await Promise.all(inFlight);
        inFlight = [];
      }
    }
    await Promise.all(inFlight);
    const fillS = (Date.now() - started) / 1000;
    const after = await usedMemory(redis.url);
    // The seen set's share: MEMORY USAGE of every bucket (SAMPLES 0: all of it).
    const client = new Redis(redis.url);
    let seenBytes = 0;
    let cursor = '0';
    do {
      const [next, found] = await client.scan(cursor, 'MATCH', 'bc:{bench/*}:seen:*', 'COUNT', 5000);
      cursor = next;
      const usage = await Promise.all(found.map((k) => client.memory('USAGE', k, 'SAMPLES', 0)));
      seenBytes += usage.reduce<number>((a, u) => a + Number(u ?? 0), 0);
    } while (cursor !== '0');
    const queued = Number(await client.eval(`local n = 0 for s = 0, ${SHARDS - 1} do n = n + tonumber(redis.call('HGET', 'bc:{bench/${run}/' .. s ` +
      `.. '}:count', 'queued') or '0') end return n`, 0));
    client.disconnect();
    if (queued !== n) throw new Error(`${queued} URIs queued of ${n} scheduled`);
    const totalBytes = after - before;
    return { uris: n, totalBytes, seenBytes, perQueuedUrl: (totalBytes - seenBytes) / n, perSeenUrl: seenBytes / n, fillS };
  } finally {
    await link.close();
    await redis.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 3. The seen set at 10,000,000 URLs

interface SeenResult { urls: number; bytes: number; perUrl: number; keys: number; largestBucket: number; encodings: string[]; fillS: number }

async function fillSeen(n: number): Promise<SeenResult> {
  const redis = await RedisServer.create();
  const client = new Redis(redis.url);
  try {
    const keys = new RedisKeys('bench');
    const run = '20261126000000000';
    const uniq = new RedisUriUniqFilter({} as never);
    const perShard = Math.floor(BUCKETS / SHARDS);
    const seenPrefix = Array.from({ length: SHARDS }, (_, s) => keys.shard(run, s).seenPrefix);
    const before = await usedMemory(redis.url);
    const started = Date.now();
    const HOSTS = 100_000;
    const queueKeys = Array.from({ length: HOSTS }, (_, h) => `com,example,host${h},`);
    const CHUNK = 1_000_000;
    for (let from = 0; from < n; from += CHUNK) {
      // One SADD a bucket a chunk: the members a bucket gets, as SCHEDULE adds them one by one.
      const byKey = new Map<string, string[]>();
      for (let i = from; i < Math.min(n, from + CHUNK); i++) {
        const h = i % HOSTS;
        const url = `http://host${h}.example.com/${Math.floor(i / HOSTS)}/page.html`;
        const [bucket, member] = uniq.place(url, perShard);
        const key = seenPrefix[shardOf(queueKeys[h], SHARDS)] + bucket;
        const list = byKey.get(key);
        if (list) list.push(String(member));
        else byKey.set(key, [String(member)]);
      }
      const pipeline = client.pipeline();
      for (const [key, members] of byKey) pipeline.sadd(key, ...members);
      await pipeline.exec();
      process.stderr.write(`\rseen set: ${Math.min(n, from + CHUNK).toLocaleString('en')} URLs`);
    }
    process.stderr.write('\n');
    const fillS = (Date.now() - started) / 1000;
    const after = await usedMemory(redis.url);
    const count = await client.dbsize();
    let largest = 0;
    const encodings = new Set<string>();
    let cursor = '0';
    let members = 0;
    do {
      const [next, found] = await client.scan(cursor, 'COUNT', 5000);
      cursor = next;
      const pipe = client.pipeline();
      for (const k of found) pipe.scard(k).object('ENCODING', k);
      const res = (await pipe.exec())!;
      for (let i = 0; i < res.length; i += 2) {
        const c = Number(res[i][1]);
        members += c;
        largest = Math.max(largest, c);
        encodings.add(String(res[i + 1][1]));
      }
    } while (cursor !== '0');
    if (members !== n) process.stderr.write(`note: ${n - members} fingerprints collided (${members} members for ${n} URLs)\n`);
    return { urls: n, bytes: after - before, perUrl: (after - before) / n, keys: count, largestBucket: largest, encodings: [...encodings], fillS };
  } finally {
    client.disconnect();
    await redis.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 4. The fetch history in Redis

interface HistoryResult { documents: number; links: number; bytes: number; perDocument: number; jsonPerDocument: number; recordsPerS: number }

async function fillHistory(n: number, links: number): Promise<HistoryResult> {
  const redis = await RedisServer.create();
  const props = (spec: Record<string, { default?: unknown }>): Record<string, unknown> => Object.fromEntries(Object.entries(spec).map(([k, v]) => [k, v.default]));
  const connection = new RedisConnection({ ...props(redisConnectionComponent.props as never), redisUrl: redis.url, crawlName: 'bench', workerId: 'bench' } as never);
  await connection.start();
  const history = new RedisFetchHistory({ ...props(redisFetchHistoryComponent.props as never), redis: connection } as never);
  try {
    await history.start();
    const before = await usedMemory(redis.url);
    const started = Date.now();
    let json = 0;
    for (let i = 0; i < n; i++) {
      const h = i % shape.hosts;
      const url = `http://${hostAddress(h)}:8080/section/${i % 50}/page-${Math.floor(i / shape.hosts)}.html`;
      const curi = new CrawlUri(url);
      const body = Buffer.from(`<html>page ${i}</html>`);
      curi.fetchStatus = 200;
      curi.fetchBeginTime = Date.now();
      curi.contentType = 'text/html';
      curi.contentSize = 4000 + (i % 20000);
      curi.contentDigest = `sha1:${fingerprint(url).toString(32).toUpperCase().padEnd(32, 'A')}`;
      curi.response = {
        statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], rawBody: body, body, ipAddress: '127.0.0.1',
        headers: { etag: `"${fingerprint(url).toString(16)}"`, 'last-modified': new Date(started - i * 1000).toUTCString() },
      };
      for (let k = 0; k < links; k++) curi.outlinks.push({ uri: `http://${hostAddress((h + k) % shape.hosts)}:8080/section/${k}/page-${(i + k) % 997}.html`, hop: 'L', context: 'a/@href' } as never);
      history.record(curi);
      if (i < 1000) json += Buffer.byteLength(JSON.stringify(updatedRecord(curi, undefined, 1, 2)));
      // The frontier waits for the connection's writes before completing a URI: so does this, a batch at a time.
      if (i % 500 === 499) await connection.settled();
    }
    await connection.settled();
    const seconds = (Date.now() - started) / 1000;
    const bytes = (await usedMemory(redis.url)) - before;
    return { documents: n, links, bytes, perDocument: bytes / n, jsonPerDocument: json / Math.min(n, 1000), recordsPerS: n / seconds };
  } finally {
    await connection.stop();
    await redis.close();
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const out: string[] = [];
  const say = (line = '') => {
    out.push(line);
    process.stdout.write(`${line}\n`);
  };
  const json: Record<string, unknown> = { date: new Date().toISOString(), cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, shape, threads, aof };
  say(`# Distributed crawl (issue 24): ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load average ` +
    `${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  say();

  if (!argv.includes('--no-crawl')) {
    const server = await startManyHostsServer(shape);
    const results: CrawlResult[] = [];
    try {
      say(`## Throughput: ${shape.hosts} hosts × ${shape.pagesPerHost} pages (${(shape.hosts * shape.pagesPerHost).toLocaleString('en')} pages), ` +
        `every host's / a seed, politeness 500 ms a host, ${threads} toe threads a worker${aof ? ', Redis with AOF (appendfsync always)' : ', ' +
        'Redis without AOF'}`);
      say();
      for (const w of workerCounts) results.push(await crawl(server.port, w, 'redis'));
      results.push(await crawl(server.port, 1, 'level'));
    } finally {
      await server.stop();
    }
    say('| run | pages | URIs (crawl.logs) | wall s | pages/s | workers CPU s | peak RSS MB (a worker) | Redis CPU s | Redis CPU per URI µs | exit ' +
      'codes | load avg |');
    say('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      say(`| ${r.label} | ${r.pages} | ${r.uris} | ${fmt(r.wall, 1)} | ${fmt(r.pagesPerS, 0)} | ${fmt(r.workerCpu, 1)} | ${fmt(r.peakRssMb, 0)} | ` +
        `${r.workers && r.label.startsWith('Redis') ? fmt(r.redisCpu, 2) : '–'} | ` +
        `${r.label.startsWith('Redis') ? fmt(r.redisCpuPerUriUs, 0) : '–'} | ${r.exitCodes.join(' ')} | ${fmt(r.load, 1)} |`);
    }
    const one = results.find((r) => r.label.startsWith('Redis') && r.workers === 1);
    const level = results.find((r) => r.label.startsWith('Level'));
    say();
    for (const r of results.filter((x) => x.label.startsWith('Redis') && x.workers > 1)) {
      if (one) say(`- ${r.workers} workers: ${fmt(r.pagesPerS / one.pagesPerS, 2)}× the pages/s of one, ${fmt(r.workerCpu / one.workerCpu, 2)}× ` +
        `the workers' CPU (goal: more workers, more pages/s, while the site's politeness allows; on ${cpus().length} cores the workers share the ` +
        `CPU with Redis, the site and whatever else runs: see the load average)`);
    }
    if (one && level) say(`- RedisFrontier with one worker: ${fmt(one.pagesPerS / level.pagesPerS, 2)}× the pages/s of LevelFrontier, ` +
      `${fmt(one.workerCpu / level.workerCpu, 2)}× its CPU (goal: the same order; one worker pays a round trip to Redis a batch)`);
    say(`- Redis CPU per URI: ${results.filter((r) => r.label.startsWith('Redis')).map((r) => `${fmt(r.redisCpuPerUriUs, 0)} µs (${r.workers} worker${r.workers > 1 ? 's' : ''})`).join(', ')} — Redis's share of a crawl; one core of Redis serves about ${one ? fmt(1e6 / one.redisCpuPerUriUs, 0) : '–'} URIs/s`);
    say();
    json.crawls = results;
  }

  if (!argv.includes('--no-memory')) {
    say(`## Memory of a frontier: ${QUEUED.toLocaleString('en')} URIs queued over ${shape.hosts} hosts (the SCHEDULE script, ${SHARDS} shards, ` +
      `${BUCKETS} seen buckets)`);
    say();
    const q = await fillFrontier(QUEUED);
    say(`| URIs | used_memory Δ MB | of it the seen set MB | bytes per queued URL (queues) | bytes per seen URL | fill s |`);
    say('|---|---|---|---|---|---|');
    say(`| ${q.uris.toLocaleString('en')} | ${fmt(q.totalBytes / 1048576, 1)} | ${fmt(q.seenBytes / 1048576, 1)} | ${fmt(q.perQueuedUrl, 0)} | ` +
      `${fmt(q.perSeenUrl, 1)} | ${fmt(q.fillS, 1)} |`);
    say();
    say(`A queued URL is a sorted-set member holding its whole record (the queued row, a JSON array; about ${fmt(q.perQueuedUrl, 0)} bytes with ` +
      `Redis's overheads); at ${QUEUED.toLocaleString('en')} URLs the seen set's ${BUCKETS} keys still cost more than their members (see below for ` +
      `10,000,000).`);
    say();
    json.queued = q;
  }

  if (!argv.includes('--no-seen')) {
    say(`## The seen set at ${SEEN.toLocaleString('en')} URLs (${SHARDS} shards × ${BUCKETS / SHARDS} buckets, members from RedisUriUniqFilter.place)`);
    say();
    const s = await fillSeen(SEEN);
    say('| URLs | used_memory Δ MB | bytes per URL | goal | keys | largest bucket | encodings | fill s |');
    say('|---|---|---|---|---|---|---|---|');
    say(`| ${s.urls.toLocaleString('en')} | ${fmt(s.bytes / 1048576, 1)} | ${fmt(s.perUrl, 2)} | ~${GOAL_SEEN_BYTES} | ${s.keys} | ` +
      `${s.largestBucket} | ${s.encodings.join(', ')} | ${fmt(s.fillS, 1)} |`);
    say();
    say(`${s.perUrl <= GOAL_SEEN_BYTES * 1.1 ? 'Meets' : 'Misses'} the goal: ${fmt(s.perUrl, 2)} bytes a URL (8 bytes a 53-bit fingerprint in an ` +
      `intset, plus each bucket's key and allocation); a bucket stays an intset up to set-max-intset-entries (512): ${s.largestBucket} here.`);
    json.seen = s;
  }

  if (!argv.includes('--no-history')) {
    say(`## The fetch history in Redis (RedisFetchHistory): ${HISTORY.toLocaleString('en')} documents, ${HISTORY_LINKS} outlinks each`);
    say();
    const h = await fillHistory(HISTORY, HISTORY_LINKS);
    say("| documents | outlinks each | used_memory Δ MB | bytes per document | the record's JSON | records/s (one worker) |");
    say('|---|---|---|---|---|---|');
    say(`| ${h.documents.toLocaleString('en')} | ${h.links} | ${fmt(h.bytes / 1048576, 1)} | ${fmt(h.perDocument, 0)} | ` +
      `${fmt(h.jsonPerDocument, 0)} | ${fmt(h.recordsPerS, 0)} |`);
    say();
    say("A document's record is JSON, its outlinks most of it (they are queued again when a document has not changed), kept deflated " +
      "(compressRecords) since Redis holds it in memory, where a LevelStateStore keeps it compressed on disk.");
    json.history = h;
  }

  const results = join(HERE, '..', '..', '..', 'test', 'bench', 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, 'distributed.json'), JSON.stringify(json, null, 2));
}

main().then(() => process.exit(0), (e: unknown) => {
  process.stderr.write(`${(e as Error)?.stack ?? String(e)}\n`);
  process.exit(1);
});
