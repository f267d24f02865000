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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, type Measured } from './measure.js';
import { launchJob } from './runners/beancrawl.js';
import { serveSynthetic } from './sites.js';
import { DEFAULT_SHAPE } from './synthetic-site.js';

const pages = Number(process.argv[2] ?? DEFAULT_SHAPE.pages);
const runs = Number(process.argv[3] ?? 3);
const TARGET_COST = 0.25;

type Variant = 'durable' | 'memory';
interface Run { variant: Variant; n: number; ok: number; lines: number; m: Measured }

function crawl(work: string, variant: Variant, n: number, seed: string): Run {
  const { m, log, summary } = launchJob(join(work, `${variant}-${n}`), variant === 'durable' ? 'level' : 'memory', seed);
  console.log(`  ${variant} #${n}: ${log.ok} pages in ${m.wall.toFixed(2)} s${summary ? ` (${summary})` : ''}`);
  return { variant, n, ok: log.ok, lines: log.lines, m };
}

const server = await serveSynthetic({ ...DEFAULT_SHAPE, pages });
const seed = server.seed;
const work = mkdtempSync(join(tmpdir(), 'beancrawl-durability-'));
const results: Run[] = [];
try {
  for (let n = 1; n <= runs; n++) {
    // Alternating, and the order flipped every round, so that warm-up or drift favours neither.
    const order: Variant[] = n % 2 ? ['durable', 'memory'] : ['memory', 'durable'];
    for (const v of order) results.push(crawl(work, v, n, seed));
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

console.log(`Synthetic site: ${pages} pages, served from a separate process on loopback; beancrawl launch, site-mirror, delays 0; whole processes, GNU time.`);
console.log('| variant | run | pages (200s) | crawl.log lines | wall s | pages/s | CPU s | peak RSS MB |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.variant} | ${r.n} | ${r.ok} | ${r.lines} | ${r.m.wall.toFixed(2)} | ${(r.ok / r.m.wall).toFixed(0)} | ${r.m.cpu.toFixed(2)} | ` +
    `${r.m.rssMb.toFixed(0)} |`);
}
const rate = (v: Variant) => median(results.filter((r) => r.variant === v).map((r) => r.ok / r.m.wall));
const cpu = (v: Variant) => median(results.filter((r) => r.variant === v).map((r) => r.m.cpu));
const rss = (v: Variant) => median(results.filter((r) => r.variant === v).map((r) => r.m.rssMb));
const durable = rate('durable');
const memory = rate('memory');
const cost = 1 - durable / memory;
console.log(`median pages/s: durable ${durable.toFixed(0)}, memory ${memory.toFixed(0)}; median CPU s: durable ${cpu('durable').toFixed(2)}, ` +
  `memory ${cpu('memory').toFixed(2)}; median peak RSS MB: durable ${rss('durable').toFixed(0)}, memory ${rss('memory').toFixed(0)}`);
console.log(`durability cost: ${(cost * 100).toFixed(1)} % (target ≤ ${TARGET_COST * 100} %): ${cost <= TARGET_COST ? 'met' : 'NOT met'}`);
const counts = [...new Set(results.map((r) => `${r.ok}/${r.lines}`))];
console.log(counts.length === 1
  ? `same pages in every run: ${results[0].ok} pages with status 200 (${results[0].lines} crawl.log lines)`
  : `page counts DIFFER between runs: ${results.map((r) => `${r.variant}#${r.n} ${r.ok}/${r.lines}`).join(', ')}`);
