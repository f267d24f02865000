/**
 * Issue 38's comparison: beancrawl against the tools doing the same work. On one site served from
 * loopback (PostgreSQL's manual by nginx by default), interleaved whole-process runs of
 * - beancrawl `launch` of the site-mirror profile as shipped (durable state, crawl.log, WARC with
 *   block digests, mirror), politeness off (delay factor and both delays 0);
 * - the same-work loop (same-work-loop.ts: the least JavaScript that leaves the same outputs without
 *   durable state) with 1 and with 32 requests in flight;
 * - GNU wget `--mirror --warc-file` (C, one connection, a mirror and a gzipped WARC) when installed.
 * Prints medians of wall and CPU (user + system) seconds, the main thread's CPU seconds alone
 * (main-thread-cpu.ts; wget has one thread), peak RSS, pages each found, and beancrawl's wall
 * time over each of the others' (the goal: ≤ 1.2× the loop at 32 in flight). With one URI in
 * flight a site is as fast as its event loop: on a shared machine, compare the main thread's CPU.
 *
 * Usage: node dist/test/bench/same-work.bench.js [--repeat N (3)] [--synthetic PAGES] [--only k1,k2]
 *   keys: beancrawl, loop-1, loop-32, wget. Without nginx and postgresql-doc-15 (apt-get install
 *   nginx-light postgresql-doc-15) the manual is skipped with a note; --synthetic serves the
 *   generated site instead.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, median, onPath, timed, type Measured } from './measure.js';
import { isPage, pageKey } from './runners/common.js';
import { launchJob } from './runners/beancrawl.js';
import { NGINX, PG_DOCS, serveStatic, serveSynthetic, type Site } from './sites.js';
import { DEFAULT_SHAPE } from './synthetic-site.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const LOOP = join(HERE, 'same-work-loop.js');
/** Node's options for a measured JavaScript process: its main thread's CPU seconds at exit, into MAIN_CPU_FILE. */
const MAIN_CPU = ['--import', join(HERE, 'main-thread-cpu.js')];
const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i < 0 ? undefined : argv[i + 1];
};
const repeat = Number(opt('--repeat') ?? 3);
const synthetic = opt('--synthetic');
const KEYS = ['beancrawl', 'loop-1', 'loop-32', 'wget'] as const;
type Key = (typeof KEYS)[number];
const only = (opt('--only')?.split(',') ?? [...KEYS]) as Key[];
for (const k of only) if (!KEYS.includes(k)) throw new Error(`--only: unknown run ${k} (one of ${KEYS.join(', ')})`);

interface Run {
  readonly m: Measured;
  readonly pages: number;
  /** The main thread's CPU seconds; NaN where not measured. */
  readonly mainCpu: number;
}

/** The main thread's CPU seconds the last measured process wrote (main-thread-cpu.ts), NaN if none; the file emptied for the next. */
function mainThreadCpu(file: string): number {
  const text = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  writeFileSync(file, '');
  return text ? Number(text.split('\n').pop()) : Number.NaN;
}

function runLoop(work: string, seed: string, inFlight: number, n: number, cpuFile: string): Run {
  const out = join(work, `loop-${inFlight}-${n}`);
  const m = timed(process.execPath, [...MAIN_CPU, LOOP, seed, String(inFlight), out]);
  if (m.status !== 0) throw new Error(`same-work loop exited ${m.status}:\n${m.stderr.slice(-2000)}`);
  rmSync(out, { recursive: true, force: true });
  return { m, pages: Number(/PAGES (\d+)/.exec(m.stdout)?.[1] ?? 0), mainCpu: mainThreadCpu(cpuFile) };
}

function runBeancrawl(work: string, seed: string, n: number, cpuFile: string): Run {
  const { m, log } = launchJob(join(work, `beancrawl-${n}`), 'level', seed, { nodeArgs: MAIN_CPU });
  return { m, pages: log.pages, mainCpu: mainThreadCpu(cpuFile) };
}

function runWget(work: string, seed: string, n: number): Run {
  const out = join(work, `wget-${n}`);
  const logFile = join(out, 'wget.log');
  mkdirSync(out, { recursive: true });
  const r = timed('wget', ['--no-config', '--mirror', '--no-verbose', '-o', logFile, `--warc-file=${join(out, 'wget')}`, '-P', join(out, 'mirror'), seed]);
  // wget exits 8 when some response was an error (a 404 for a missing file): not a failure here.
  if (r.status !== 0 && r.status !== 8) throw new Error(`wget exited ${r.status}:\n${r.stderr.slice(-2000)}`);
  const urls = new Set<string>();
  for (const line of existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n') : []) {
    const url = /URL:(\S+) \[/.exec(line)?.[1];
    if (url !== undefined && isPage(200, undefined, url)) urls.add(pageKey(url));
  }
  rmSync(out, { recursive: true, force: true });
  // One thread: its CPU is the process's.
  return { m: r, pages: urls.size, mainCpu: r.cpu };
}

async function site(): Promise<Site | undefined> {
  if (synthetic !== undefined) return serveSynthetic({ ...DEFAULT_SHAPE, pages: Number(synthetic) });
  if (!existsSync(join(PG_DOCS, 'index.html')) || !NGINX) return undefined;
  return serveStatic(PG_DOCS, 'nginx');
}

const served = await site();
if (served === undefined) {
  console.log(`### Same work\n\nskipped: needs nginx and ${PG_DOCS}/index.html (apt-get install nginx-light postgresql-doc-15), or --synthetic PAGES`);
  process.exit(0);
}
const wget = onPath('wget');
const keys = only.filter((k) => k !== 'wget' || wget !== undefined);
const work = mkdtempSync(join(tmpdir(), 'beancrawl-same-work-'));
const runs = new Map<Key, Run[]>(keys.map((k) => [k, []]));
const cpuFile = join(work, 'main-thread-cpu');
process.env.BENCH_MAIN_THREAD_CPU = cpuFile;
try {
  for (let n = 0; n < repeat; n++) {
    // Rotated each round, so that no run always follows the same one.
    for (const key of keys.map((_, i) => keys[(i + n) % keys.length])) {
      const run: Run = key === 'beancrawl' ? runBeancrawl(work, served.seed, n, cpuFile)
        : key === 'wget' ? runWget(work, served.seed, n) : runLoop(work, served.seed, key === 'loop-1' ? 1 : 32, n, cpuFile);
      runs.get(key)!.push(run);
      console.error(`  ${key} #${n + 1}: ${run.pages} pages in ${run.m.wall} s, CPU ${fmt(run.m.cpu, 2)} s (main thread ${fmt(run.mainCpu, 2)} s), ` +
        `peak RSS ${fmt(run.m.rssMb)} MB, load ${fmt(loadavg()[0], 1)}`);
    }
  }
} finally {
  await served.stop();
  rmSync(work, { recursive: true, force: true });
}

const NAMES: Record<Key, string> = {
  beancrawl: 'beancrawl launch, site-mirror as shipped (delays 0)',
  'loop-1': 'same-work loop, 1 request in flight',
  'loop-32': 'same-work loop, 32 requests in flight',
  wget: 'GNU wget --mirror --warc-file',
};
const wallOf = (k: Key) => median(runs.get(k)!.map((r) => r.m.wall));
const mainOf = (k: Key) => median(runs.get(k)!.map((r) => r.mainCpu));
console.log(`### Same work: ${served.description}\n\nmedians of ${repeat} interleaved runs; CPU is user + system, all threads, and the main thread's alone; ` +
  `1-minute load average at the end: ${fmt(loadavg()[0], 1)} on ${availableParallelism()} cores\n`);
console.log('| run | pages | wall s | CPU s | main thread CPU s | peak RSS MB | beancrawl ÷ this (wall) | beancrawl ÷ this (main thread CPU) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [k, rs] of runs) {
  const other = runs.has('beancrawl') && k !== 'beancrawl';
  const ratio = other ? `${fmt(wallOf('beancrawl') / wallOf(k), 2)}×` : '';
  const cpuRatio = other ? `${fmt(mainOf('beancrawl') / mainOf(k), 2)}×` : '';
  console.log(`| ${NAMES[k]} | ${median(rs.map((r) => r.pages))} | ${fmt(wallOf(k), 2)} | ${fmt(median(rs.map((r) => r.m.cpu)), 2)} | ${fmt(mainOf(k), 2)} | ` +
    `${fmt(median(rs.map((r) => r.m.rssMb)))} | ${ratio} | ${cpuRatio} |`);
}
if (runs.has('beancrawl') && runs.has('loop-32')) {
  console.log(`\ngoal: beancrawl ≤ 1.2× the loop at 32 in flight (wall): ${fmt(wallOf('beancrawl') / wallOf('loop-32'), 2)}× ` +
    `(${wallOf('beancrawl') <= 1.2 * wallOf('loop-32') ? 'met' : 'not met'})` +
    (runs.has('wget') ? `; moonshot, faster than wget: ${fmt(wallOf('beancrawl') / wallOf('wget'), 2)}× wget's wall` : ''));
}
