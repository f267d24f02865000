/**
 * crawl.bench's figures for two builds, interleaved (A B A B ...) so that drift on a shared
 * machine falls on both alike: this checkout and another one (main's, built), each run as its own
 * `node dist/test/bench/crawl.bench.js PAGES 1`. Prints the median wall time, CPU seconds and peak
 * RSS of the beancrawl crawl, and its wall time over the bare undici loop's of the same run.
 * Usage: node dist/test/bench/before-after.bench.js OTHER_ROOT [pages] [repeat]
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../support/run-cli.js';

const run = promisify(execFile);
const other = process.argv[2];
if (other === undefined) throw new Error('usage: before-after.bench.js OTHER_ROOT [pages] [repeat]');
const pages = process.argv[3] ?? '20000';
const repeat = Number(process.argv[4] ?? 3);

interface Figures {
  readonly wall: number;
  readonly cpu: number;
  readonly rss: number;
  readonly bare: number;
}

const LINE = /^\s*(beancrawl-level|bare-1) #\d+: \d+ pages in ([\d.]+) s, CPU ([\d.]+) s, peak RSS (\d+) MB/;

async function once(root: string): Promise<Figures> {
  const { stdout, stderr } = await run(process.execPath, [join(root, 'dist/test/bench/crawl.bench.js'), pages, '1'], { cwd: root, maxBuffer: 1 << 24 });
  const found = new Map<string, number[]>();
  // crawl.bench prints each run's line on stderr, the report on stdout.
  for (const line of `${stdout}\n${stderr}`.split('\n')) {
    const m = LINE.exec(line);
    if (m) found.set(m[1], [Number(m[2]), Number(m[3]), Number(m[4])]);
  }
  const crawl = found.get('beancrawl-level');
  const bare = found.get('bare-1');
  if (!crawl || !bare) throw new Error(`${root}: no figures in crawl.bench's output:\n${stdout}`);
  return { wall: crawl[0], cpu: crawl[1], rss: crawl[2], bare: bare[0] };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const roots = { [`${resolve(other)} (before)`]: resolve(other), [`${REPO_ROOT} (this)`]: REPO_ROOT };
const results = new Map<string, Figures[]>(Object.keys(roots).map((k) => [k, []]));
for (let i = 0; i < repeat; i++) {
  for (const [name, root] of Object.entries(roots)) {
    const f = await once(root);
    results.get(name)!.push(f);
    console.log(`  ${name} #${i + 1}: wall ${f.wall} s, CPU ${f.cpu} s, peak RSS ${f.rss} MB, bare loop ${f.bare} s`);
  }
}
console.log(`\n| build (${pages} pages, median of ${repeat}, interleaved) | wall s | CPU s | peak RSS MB | wall ÷ bare loop |\n|---|---|---|---|---|`);
for (const [name, fs] of results) {
  console.log(`| ${name} | ${median(fs.map((f) => f.wall))} | ${median(fs.map((f) => f.cpu))} | ${median(fs.map((f) => f.rss))} | ` +
    `${median(fs.map((f) => f.wall / f.bare)).toFixed(2)}× |`);
}
