/**
 * Whole `beancrawl verify` processes of the default profile, Node start-up included: the median
 * of N runs (default 5, after one warm-up) against the 300 ms target. Not a test: run it with
 * `npm run bench` and report the figures.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const BIN = join(ROOT, 'bin', 'beancrawl.js');
const RUNS = Number(process.env.RUNS ?? 5);
const TARGET_MS = 300;

function once(profile: string): number {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BIN, 'verify', join(ROOT, 'profiles', profile), '--set', 'metadata.operatorContactUrl=http://example.org/contact'], { encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`verify ${profile} exited ${r.status}: ${r.stderr}`);
  return ms;
}

function baseline(): number {
  const t = process.hrtime.bigint();
  spawnSync(process.execPath, ['-e', '0']);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`beancrawl verify, median of ${RUNS} whole processes (target < ${TARGET_MS} ms)`);
console.log('| what | median ms | min | max |');
console.log('|---|---|---|---|');
for (const [name, fn] of [
  ['node -e 0 (start-up alone)', baseline],
  ['verify profiles/default.xml', () => once('default.xml')],
  ['verify profiles/default.json', () => once('default.json')],
] as const) {
  fn();
  const times = Array.from({ length: RUNS }, fn);
  const m = median(times);
  const flag = name.startsWith('verify') && m >= TARGET_MS ? '  ← over target' : '';
  console.log(`| ${name} | ${m.toFixed(0)} | ${Math.min(...times).toFixed(0)} | ${Math.max(...times).toFixed(0)} |${flag}`);
}
