/**
 * Resume from a large durable frontier: fills a LevelStateStore with N URIs (default 1,000,000)
 * scheduled through a LevelUriUniqFilter and a LevelFrontier, spread over H hosts (default 1,000,
 * one queue per host) and, as a second case, all in one queue; stops them (the store's stop
 * commits) and prints the fill time, the state folder's size on disk and the fill's peak RSS (each
 * fill runs in a child process of its own). Then, in a fresh child process per resume (so module
 * loading and memory count honestly), times from just before the beans are constructed to
 * store.start() + uniq.start() + frontier.start() done, and to the first `await frontier.next()`;
 * checks that frontier.stats().queued and the uniq filter's count equal N and that the first URI
 * scheduled comes first; prints the child's peak RSS and whole-process wall time (GNU time).
 * Target: resume under 5 s. The state folder was just written, so it is in the page cache.
 * Usage: node resume.bench.js [N] [hosts] [resumesPerCase]
 *        CPU_PROF=DIR node resume.bench.js …   also writes a V8 CPU profile of each resume into DIR
 * (internal: node resume.bench.js --fill STATE_DIR N HOSTS | --resume STATE_DIR N, the children's parts)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { LevelFrontier } from '../../src/components/frontier/level-frontier.js';
import { LevelUriUniqFilter } from '../../src/components/state/level-uri-uniq-filter.js';
import { CrawlUri } from '../../src/model/crawl-uri.js';
import { levelStore } from '../support/level-store.js';

const SELF = fileURLToPath(import.meta.url);
const TARGET_S = 5;

function beans(dir: string) {
  const store = levelStore(dir, 200);
  const uniq = new LevelUriUniqFilter({ batchSize: 10000, maxFingerprintsInMemory: 4000000, spillDir: '', stateStore: store, loggerModule: undefined });
  const frontier = new LevelFrontier({
    queueTotalBudget: -1, balanceReplenishAmount: 3000, errorPenaltyAmount: 100, retryDelaySeconds: 900, maxRetries: 30, maxOutlinks: 6000,
    extract404s: true, extractIndependently: false, snoozeLongMs: 300000, precedenceFloor: 255, queuePrecedencePolicy: undefined, recoveryLogEnabled: true, dumpPendingAtClose: false, recentUrisRemembered: 1_000_000,
    maxUrisInMemory: 50000, uriUniqFilter: uniq, stateStore: store,
  });
  return { store, uniq, frontier };
}

const s = (ms: number) => (ms / 1000).toFixed(3);
const mb = (kb: number) => (kb / 1024).toFixed(0);

/** The child: one resume, timed from just before construction; prints one `RESULT {json}` line. */
async function resume(dir: string, n: number): Promise<void> {
  const sinceProcessStart = performance.now();
  const t0 = performance.now();
  const { store, uniq, frontier } = beans(dir);
  await store.start();
  const tStore = performance.now();
  await uniq.start();
  const tUniq = performance.now();
  await frontier.start();
  const tStarted = performance.now();
  const queued = frontier.stats().queued;
  const first = await frontier.next();
  const tFirst = performance.now();
  const rssAfter = process.memoryUsage().rss;
  frontier.stop();
  await store.stop();
  const tStopped = performance.now();
  const result = {
    loadMs: sinceProcessStart, storeMs: tStore - t0, uniqMs: tUniq - tStore, frontierMs: tStarted - tUniq, startedMs: tStarted - t0,
    firstMs: tFirst - t0, stopMs: tStopped - tFirst, queued, uniqCount: uniq.count, first: first?.uri ?? null,
    queues: frontier.stats().queues.total, rssMb: rssAfter / 1048576, maxRssMb: process.resourceUsage().maxRSS / 1024, n,
  };
  console.log(`RESULT ${JSON.stringify(result)}`);
}

/** Schedules n URIs over `hosts` queues into a new state folder, then stops everything. */
async function fill(dir: string, n: number, hosts: number): Promise<{ ms: number; queued: number; uniq: number; maxRssMb: number }> {
  const { store, uniq, frontier } = beans(dir);
  await store.start();
  await uniq.start();
  await frontier.start();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const host = `host${i % hosts}.example`;
    const c = new CrawlUri(`http://${host}/section/${i % 97}/page-${i}.html`, { queueKey: host, hopsPath: 'LL', via: `http://${host}/` });
    c.canonicalKey = c.uri;
    frontier.schedule(c);
    // A crawl schedules a page's outlinks (about 11) per fetch; let the event loop turn (and commit) as it would.
    if (i % 1000 === 0) await new Promise((r) => setImmediate(r));
  }
  const queued = frontier.stats().queued;
  frontier.stop();
  await store.stop();
  return { ms: performance.now() - t0, queued, uniq: uniq.count, maxRssMb: process.resourceUsage().maxRSS / 1024 };
}

function du(dir: string): number {
  const r = spawnSync('du', ['-sk', dir], { encoding: 'utf8' });
  return Number(r.stdout.split('\t')[0]) / 1024;
}

interface ResumeResult {
  loadMs: number; storeMs: number; uniqMs: number; frontierMs: number; startedMs: number; firstMs: number; stopMs: number;
  queued: number; uniqCount: number; first: string | null; queues: number; rssMb: number; maxRssMb: number; n: number;
}

function resumeInChild(dir: string, n: number, label: string): ResumeResult & { wall: number; timeRssMb: number } {
  const prof = process.env.CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROF, '--cpu-prof-name', `resume-${label}.cpuprofile`] : [];
  const r = spawnSync('timeout', ['600', '/usr/bin/time', '-f', 'TIME %e %U %S ' +
    '%M', process.execPath, ...prof, SELF, '--resume', dir, String(n)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const t = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  const line = /^RESULT (.*)$/m.exec(r.stdout);
  if (!t || !line) throw new Error(`resume child failed (${r.status}):\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-4000)}`);
  return { ...(JSON.parse(line[1]) as ResumeResult), wall: Number(t[1]) * 1000, timeRssMb: Number(t[4]) / 1024 };
}

function fillInChild(dir: string, n: number, hosts: number): { ms: number; queued: number; uniq: number; maxRssMb: number } {
  const r = spawnSync('timeout', ['600', process.execPath, SELF, '--fill', dir, String(n), String(hosts)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const line = /^RESULT (.*)$/m.exec(r.stdout);
  if (!line) throw new Error(`fill child failed (${r.status}):\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-4000)}`);
  return JSON.parse(line[1]);
}

if (process.argv[2] === '--resume') {
  await resume(process.argv[3], Number(process.argv[4]));
} else if (process.argv[2] === '--fill') {
  console.log(`RESULT ${JSON.stringify(await fill(process.argv[3], Number(process.argv[4]), Number(process.argv[5])))}`);
} else {
  const N = Number(process.argv[2] ?? 1_000_000);
  const HOSTS = Number(process.argv[3] ?? 1000);
  const RESUMES = Number(process.argv[4] ?? 2);
  const cases = [{ name: `${HOSTS} queue${HOSTS === 1 ? '' : 's'}`, hosts: HOSTS }, ...(HOSTS === 1 ? [] : [{ name: '1 queue', hosts: 1 }])];
  const fills: string[] = [];
  const resumes: string[] = [];
  const problems: string[] = [];
  for (const c of cases) {
    const dir = mkdtempSync(join(tmpdir(), 'beancrawl-resume-bench-'));
    try {
      const f = fillInChild(dir, N, c.hosts);
      fills.push(`| ${c.name} | ${N} | ${s(f.ms)} | ${(N / (f.ms / 1000)).toFixed(0)} | ${du(dir).toFixed(0)} | ${f.maxRssMb.toFixed(0)} |`);
      if (f.queued !== N || f.uniq !== N) problems.push(`${c.name}: after the fill queued ${f.queued}, uniq ${f.uniq}, expected ${N}`);
      for (let k = 1; k <= RESUMES; k++) {
        const r = resumeInChild(dir, N, `${c.hosts}q-${k}`);
        const ok = r.startedMs < TARGET_S * 1000 ? 'met' : 'NOT met';
        resumes.push(`| ${c.name} | ${k} | ${s(r.loadMs)} | ${s(r.storeMs)} / ${s(r.uniqMs)} / ${s(r.frontierMs)} | ${s(r.startedMs)} | ` +
          `${s(r.firstMs)} | ${r.queued} | ${r.uniqCount} | ${r.queues} | ${s(r.stopMs)} | ${mb(r.timeRssMb * 1024)} | ${s(r.wall)} | ${ok} |`);
        if (r.queued !== N) problems.push(`${c.name} resume ${k}: frontier.stats().queued ${r.queued}, expected ${N}`);
        if (r.uniqCount !== N) problems.push(`${c.name} resume ${k}: uniq filter count ${r.uniqCount}, expected ${N}`);
        // Queues come back in key order and each in schedule order: host0's first URI leads.
        const expected = 'http://host0.example/section/0/page-0.html';
        if (r.first !== expected) problems.push(`${c.name} resume ${k}: the first next() returned ${r.first}, expected ${expected}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`LevelStateStore + LevelUriUniqFilter + LevelFrontier (maxUrisInMemory 50000), ${N} URIs scheduled in-process, then stopped.`);
  console.log('| case | URIs | fill s | URIs/s | state dir MB (du) | fill peak RSS MB |');
  console.log('|---|---|---|---|---|---|');
  for (const l of fills) console.log(l);
  console.log(`Resume, each in a fresh child process; times from just before the beans are constructed (target: started < ${TARGET_S} s).`);
  console.log('| case | run | module load s | store / uniq / frontier start s | started s | first next() s | queued | uniq count | queues | stop s ' +
    '| peak RSS MB | child wall s | target |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const l of resumes) console.log(l);
  console.log(problems.length ? `PROBLEMS:\n${problems.map((p) => `- ${p}`).join('\n')}` : `every resume found queued = uniq count = ${N}, and the ` +
    `first URI scheduled came first`);
}
