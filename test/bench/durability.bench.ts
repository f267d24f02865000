/**
 * The cost of durability: the synthetic site (default 20,000 pages) served from a separate
 * process, crawled by `beancrawl launch` with profiles/site-mirror and zero politeness delays, in
 * two variants run 3 times each, alternating: durable (LevelFrontier + LevelUriUniqFilter, the
 * profile as it is) and in-memory (MemoryFrontier + MemoryUriUniqFilter, the job's bean file with
 * those two classes swapped; the LevelStateStore stays, for the other beans that use it).
 * Prints per run pages/s, CPU seconds and peak RSS (GNU time, whole process), then the median
 * pages/s per variant and the cost 1 - durable/memory against the 25 % target, and checks that
 * both variants crawled the same pages. Every run gets a fresh job folder (no resume).
 * Usage: node durability.bench.js [pages] [runsPerVariant]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
const BIN = join(ROOT, 'bin', 'beancrawl.js');
const pages = process.argv[2] ?? '20000';
const runs = Number(process.argv[3] ?? 3);
const TARGET_COST = 0.25;
const ZERO_DELAYS = ['--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0'];

type Variant = 'durable' | 'memory';
interface Measured { wall: number; cpu: number; rssMb: number; stdout: string; stderr: string; status: number | null }
interface Run { variant: Variant; n: number; ok: number; lines: number; m: Measured }

function startServer(): Promise<{ port: number; stop(): void }> {
  const child = spawn(process.execPath, [join(HERE, 'site-server-process.js'), pages], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.setEncoding('utf8').once('data', (d: string) => resolve({ port: Number(/PORT (\d+)/.exec(d)![1]), stop: () => child.kill() }));
  });
}

function timed(args: string[]): Measured {
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  if (!m) throw new Error(`no timing: ${r.stderr.slice(-2000)}`);
  return { wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), rssMb: Number(m[4]) / 1024, stdout: r.stdout, stderr: r.stderr, status: r.status };
}

function run(cmd: string[], what: string): void {
  const r = spawnSync(process.execPath, [BIN, ...cmd], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}):\n${r.stdout}${r.stderr}`);
}

/** A fresh job from site-mirror; for `memory`, its bean file with the two classes swapped (overrides kept). */
function makeJob(dir: string, variant: Variant, seed: string): void {
  run(['create', dir, '--profile', 'site-mirror', '--seed', seed, '--contact', 'https://example.org/c'], 'create');
  if (variant === 'durable') return;
  const file = join(dir, 'crawler-beans.xml');
  const xml = readFileSync(file, 'utf8');
  const swapped = xml.replace('class="LevelFrontier"', 'class="MemoryFrontier"').replace('class="LevelUriUniqFilter"', 'class="MemoryUriUniqFilter"');
  if (!swapped.includes('class="MemoryFrontier"') || !swapped.includes('class="MemoryUriUniqFilter"')) throw new Error('site-mirror.xml no longer names LevelFrontier and LevelUriUniqFilter');
  const frontierBean = /<bean id="frontier"[\s\S]*?<\/bean>/.exec(swapped)?.[0] ?? '';
  if (/<property name="maxUrisInMemory"/.test(frontierBean)) throw new Error('the frontier bean sets maxUrisInMemory, which MemoryFrontier does not have');
  writeFileSync(file, swapped);
  run(['verify', dir], 'verify of the in-memory variant');
}

function crawl(work: string, variant: Variant, n: number, seed: string): Run {
  const job = join(work, `${variant}-${n}`);
  makeJob(job, variant, seed);
  const m = timed([BIN, 'launch', job, ...ZERO_DELAYS]);
  if (m.status !== 0) throw new Error(`launch ${variant} #${n} exited ${m.status}:\n${m.stdout.slice(-2000)}${m.stderr.slice(-2000)}`);
  const log = readFileSync(join(job, 'latest', 'logs', 'crawl.log'), 'utf8').split('\n').filter(Boolean);
  const ok = log.filter((l) => / 200 /.test(l.slice(24, 40))).length;
  const summary = m.stdout.split('\n').filter((l) => /FINISHED|ABORTED|status/i.test(l)).slice(-1)[0]?.trim() ?? '';
  console.log(`  ${variant} #${n}: ${ok} pages in ${m.wall.toFixed(2)} s${summary ? ` (${summary})` : ''}`);
  rmSync(job, { recursive: true, force: true });
  return { variant, n, ok, lines: log.length, m };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const server = await startServer();
const seed = `http://127.0.0.1:${server.port}/`;
const work = mkdtempSync(join(tmpdir(), 'beancrawl-durability-'));
const results: Run[] = [];
try {
  for (let n = 1; n <= runs; n++) {
    // Alternating, and the order flipped every round, so that warm-up or drift favours neither.
    const order: Variant[] = n % 2 ? ['durable', 'memory'] : ['memory', 'durable'];
    for (const v of order) results.push(crawl(work, v, n, seed));
  }
} finally {
  server.stop();
  rmSync(work, { recursive: true, force: true });
}

console.log(`Synthetic site: ${pages} pages, served from a separate process on loopback; beancrawl launch, site-mirror, delays 0; whole processes, GNU time.`);
console.log('| variant | run | pages (200s) | crawl.log lines | wall s | pages/s | CPU s | peak RSS MB |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.variant} | ${r.n} | ${r.ok} | ${r.lines} | ${r.m.wall.toFixed(2)} | ${(r.ok / r.m.wall).toFixed(0)} | ${r.m.cpu.toFixed(2)} | ${r.m.rssMb.toFixed(0)} |`);
}
const rate = (v: Variant) => median(results.filter((r) => r.variant === v).map((r) => r.ok / r.m.wall));
const cpu = (v: Variant) => median(results.filter((r) => r.variant === v).map((r) => r.m.cpu));
const rss = (v: Variant) => median(results.filter((r) => r.variant === v).map((r) => r.m.rssMb));
const durable = rate('durable');
const memory = rate('memory');
const cost = 1 - durable / memory;
console.log(`median pages/s: durable ${durable.toFixed(0)}, memory ${memory.toFixed(0)}; median CPU s: durable ${cpu('durable').toFixed(2)}, memory ${cpu('memory').toFixed(2)}; median peak RSS MB: durable ${rss('durable').toFixed(0)}, memory ${rss('memory').toFixed(0)}`);
console.log(`durability cost: ${(cost * 100).toFixed(1)} % (target ≤ ${TARGET_COST * 100} %): ${cost <= TARGET_COST ? 'met' : 'NOT met'}`);
const counts = [...new Set(results.map((r) => `${r.ok}/${r.lines}`))];
console.log(counts.length === 1
  ? `same pages in every run: ${results[0].ok} pages with status 200 (${results[0].lines} crawl.log lines)`
  : `page counts DIFFER between runs: ${results.map((r) => `${r.variant}#${r.n} ${r.ok}/${r.lines}`).join(', ')}`);
