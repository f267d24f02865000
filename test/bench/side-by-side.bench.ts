/**
 * beancrawl side by side with the crawlers people would pick instead, on one site served from
 * loopback by a process of its own: beancrawl `launch` (site-mirror, politeness off) with
 * LevelFrontier and with MemoryFrontier; the bare undici + htmlparser2 loop with no frontier
 * (1 and 8 in flight; the ceiling for this machine); Crawlee's CheerioCrawler in memory and with
 * its default storage (test/bench/peers, installed on first use); wget2 with 20 threads when it
 * is installed. Prints a Markdown table with ratios, writes JSON (see side-by-side.ts).
 *
 * Usage: node dist/test/bench/side-by-side.bench.js [options]
 *   (no site option)        the synthetic site: --pages 20000 --links 11 --page-bytes 8192
 *   --static DIR            a folder of static files, by nginx when installed (--server auto|nginx|node)
 *   --docs                  PostgreSQL 15's manual (apt-get install nginx-light postgresql-doc-15);
 *                           skipped with a note when it is not installed
 *   --seed-path PATH        where crawls start on a static site (default /index.html when present)
 *   --repeat N              rounds of the quick runs, medians reported (default 3; 5 on a static site)
 *   --crawlee-repeat N      runs of each Crawlee mode (default 1)
 *   --crawlee-concurrency N (default 50)   --wget2-threads N (default 20)
 *   --only k1,k2 / --skip k1,k2   of beancrawl-level, beancrawl-memory, bare-1, bare-8,
 *                           crawlee-memory, crawlee-storage, wget2
 *   --profile NAME          beancrawl's profile (default site-mirror)
 *   --set BEAN.PROP=VALUE   a setting for beancrawl's launches (repeatable), e.g. --set extractorHtml.parseThreads=1
 *   --json FILE             default test/bench/results/side-by-side-<site>.json (git-ignored)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './runners/beancrawl.js';
import { ALL_KEYS, sideBySide, type RunKey } from './side-by-side.js';
import { NGINX, PG_DOCS, serveStatic, serveSynthetic, type Site, type StaticServer } from './sites.js';
import { DEFAULT_SHAPE } from './synthetic-site.js';

const argv = process.argv.slice(2);
function opt(name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
  return v;
}
const num = (name: string, dflt: number): number => {
  const v = opt(name);
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: not a number: ${v}`);
  return n;
};
const keys = (name: string): RunKey[] | undefined => {
  const v = opt(name);
  if (v === undefined) return undefined;
  const ks = v.split(',').map((k) => k.trim()).filter(Boolean);
  for (const k of ks) if (!(ALL_KEYS as readonly string[]).includes(k)) throw new Error(`${name}: unknown run ${k} (one of ${ALL_KEYS.join(', ')})`);
  return ks as RunKey[];
};

const docs = argv.includes('--docs');
const folder = docs ? PG_DOCS : opt('--static');
const server = (opt('--server') ?? 'auto') as StaticServer;
if (!['auto', 'nginx', 'node'].includes(server)) throw new Error('--server: auto, nginx or node');
if (docs && (!existsSync(join(PG_DOCS, 'index.html')) || (!NGINX && server !== 'node'))) {
  console.log(`### Side by side: documentation site\n\nskipped: needs nginx and ${PG_DOCS}/index.html (apt-get install nginx-light postgresql-doc-15)`);
  process.exit(0);
}
const only = keys('--only');
const skip = keys('--skip') ?? [];
const selected = (only ?? ALL_KEYS).filter((k) => !skip.includes(k));

const site: Site = folder
  ? await serveStatic(folder, server, opt('--seed-path'))
  : await serveSynthetic({ pages: num('--pages', DEFAULT_SHAPE.pages), links: num('--links', DEFAULT_SHAPE.links), pageBytes: num('--page-bytes', DEFAULT_SHAPE.pageBytes) });
const name = docs ? 'docs' : folder ? 'static' : 'synthetic';
const jsonPath = opt('--json') ?? join(ROOT, 'test', 'bench', 'results', `side-by-side-${name}.json`);
process.stderr.write(`side by side on ${site.description} (${site.seed})\n`);
try {
  const report = await sideBySide(site, {
    only: selected, repeat: num('--repeat', folder ? 5 : 3), crawleeRepeat: num('--crawlee-repeat', 1), crawleeConcurrency: num('--crawlee-concurrency', 50),
    wget2Threads: num('--wget2-threads', 20), profile: opt('--profile'), sets: argv.flatMap((a, i) => (a === '--set' && argv[i + 1] !== undefined ? [argv[i + 1]] : [])), jsonPath, pagesPerSTarget: !folder,
  });
  console.log(report.markdown);
  console.log(`JSON: ${jsonPath}`);
} finally {
  await site.stop();
}
