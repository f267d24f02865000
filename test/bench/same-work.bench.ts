/**
 * Issue 38's comparison: beancrawl against the tools doing the same work. On one site served from
 * loopback (PostgreSQL's manual by nginx by default), interleaved whole-process runs of
 * - beancrawl `launch` of the site-mirror profile as shipped (durable state, crawl.log, WARC with
 *   block digests, mirror), politeness off (delay factor and both delays 0);
 * - the same-work loop (same-work-loop.ts: the least JavaScript that leaves the same outputs without
 *   durable state) with 1 and with 32 requests in flight;
 * - GNU wget `--mirror --warc-file` (C, one connection, a mirror and a gzipped WARC) when installed.
 * Prints medians of wall and CPU (user + system) seconds and peak RSS, pages each found, and
 * beancrawl's wall time over each of the others' (the goal: ≤ 1.2× the loop at 32 in flight).
 *
 * Usage: node dist/test/bench/same-work.bench.js [--repeat N (3)] [--synthetic PAGES] [--only k1,k2]
 *   keys: beancrawl, loop-1, loop-32, wget. Without nginx and postgresql-doc-15 (apt-get install
 *   nginx-light postgresql-doc-15) the manual is skipped with a note; --synthetic serves the
 *   generated site instead.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, median, onPath, timed, type Measured } from './measure.js';
import { isPage, pageKey } from './runners/common.js';
import { runBeancrawl } from './runners/beancrawl.js';
import { NGINX, PG_DOCS, serveStatic, serveSynthetic, type Site } from './sites.js';
import { DEFAULT_SHAPE } from './synthetic-site.js';

const LOOP = join(dirname(fileURLToPath(import.meta.url)), 'same-work-loop.js');
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
}

function runLoop(work: string, seed: string, inFlight: number, n: number): Run {
  const out = join(work, `loop-${inFlight}-${n}`);
  const m = timed(process.execPath, [LOOP, seed, String(inFlight), out]);
  if (m.status !== 0) throw new Error(`same-work loop exited ${m.status}:\n${m.stderr.slice(-2000)}`);
  rmSync(out, { recursive: true, force: true });
  return { m, pages: Number(/PAGES (\d+)/.exec(m.stdout)?.[1] ?? 0) };
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
  return { m: r, pages: urls.size };
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
try {
  for (let n = 0; n < repeat; n++) {
    // Rotated each round, so that no run always follows the same one.
    for (const key of keys.map((_, i) => keys[(i + n) % keys.length])) {
      const run: Run = key === 'beancrawl' ? runBeancrawl(work, 'level', served.seed, n)
        : key === 'wget' ? runWget(work, served.seed, n) : runLoop(work, served.seed, key === 'loop-1' ? 1 : 32, n);
      runs.get(key)!.push(run);
      console.error(`  ${key} #${n + 1}: ${run.pages} pages in ${run.m.wall} s, CPU ${fmt(run.m.cpu, 2)} s, peak RSS ${fmt(run.m.rssMb)} MB`);
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
console.log(`### Same work: ${served.description}\n\nmedians of ${repeat} interleaved runs; CPU is user + system\n`);
console.log('| run | pages | wall s | CPU s | peak RSS MB | beancrawl ÷ this (wall) |\n|---|---|---|---|---|---|');
for (const [k, rs] of runs) {
  const ratio = runs.has('beancrawl') && k !== 'beancrawl' ? `${fmt(wallOf('beancrawl') / wallOf(k), 2)}×` : '';
  console.log(`| ${NAMES[k]} | ${median(rs.map((r) => r.pages))} | ${fmt(wallOf(k), 2)} | ${fmt(median(rs.map((r) => r.m.cpu)), 2)} | ` +
    `${fmt(median(rs.map((r) => r.m.rssMb)))} | ${ratio} |`);
}
