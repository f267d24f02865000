/**
 * Start-up and shut-down, as wall time above Node's own start (`node -e 0`), whole processes:
 * - `beancrawl verify` of the default profile, its bean file edited before each run (a comment
 *   appended), so that no run is helped by an earlier one: goal ≤ 150 ms above Node;
 * - `beancrawl launch` of a one-page site (an index.html without links, served by a process of its
 *   own), profile site-mirror with its WARC files, mirror, crawl.log, state and reports, politeness
 *   delays 0, from process start to exit with the state committed and reports written: goal ≤ 250 ms.
 * Each launch runs in a job created beforehand (not timed). The runs are interleaved with
 * `node -e 0` and, with `--compare ROOT`, with another built checkout, so that machine drift falls
 * on all alike; medians. With BEANCRAWL_MARKS=1 each launch prints where its time went (bundle
 * loaded, verified, state opened, beans built and started, crawl ended, beans stopped, exit), and
 * the medians of those marks are printed too.
 * Usage: node dist/test/bench/startup.bench.js [--runs N] [--compare ROOT]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './measure.js';
import { ROOT, ZERO_DELAYS, CONTACT } from './runners/beancrawl.js';
import { serveStatic } from './sites.js';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(opt('--runs') ?? 11);
const COMPARE = opt('--compare');
const GOALS = { verify: 150, launch: 250 };

interface Sample {
  readonly ms: number;
  readonly marks: Map<string, number>;
}

function wall(cmd: string[], env: NodeJS.ProcessEnv = process.env): Sample {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, cmd, { encoding: 'utf8', env });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`node ${cmd.join(' ')} exited ${r.status}:\n${r.stdout}${r.stderr}`);
  const marks = new Map<string, number>();
  const line = /^marks: (.*)$/m.exec(r.stderr)?.[1];
  for (const pair of line?.split(' ') ?? []) {
    const [k, v] = pair.split('=');
    marks.set(k, Number(v));
  }
  return { ms, marks };
}

const work = mkdtempSync(join(tmpdir(), 'beancrawl-startup-'));
const siteDir = join(work, 'site');
mkdirSync(siteDir);
writeFileSync(join(siteDir, 'index.html'), '<!doctype html><html><head><title>One page</title></head><body><p>One page, no links.</p></body></html>\n');
const site = await serveStatic(siteDir, 'node', '/');

interface Build {
  readonly name: string;
  readonly bin: string;
  readonly verify: Sample[];
  readonly launch: Sample[];
}
const builds: Build[] = [{ name: 'this build', bin: join(ROOT, 'bin', 'beancrawl.js'), verify: [], launch: [] }];
if (COMPARE) builds.push({ name: COMPARE, bin: join(COMPARE, 'bin', 'beancrawl.js'), verify: [], launch: [] });
const node: Sample[] = [];
const env = { ...process.env, BEANCRAWL_MARKS: '1' };

try {
  const profile = join(work, 'default.xml');
  const defaultXml = readFileSync(join(ROOT, 'profiles', 'default.xml'), 'utf8');
  let job = 0;
  for (let run = -1; run < RUNS; run++) {
    const n = wall(['-e', '0']);
    if (run >= 0) node.push(n);
    for (const b of builds) {
      // verify: the default profile, edited before each run.
      writeFileSync(profile, `${defaultXml}<!-- edit ${run} ${b.name} -->\n`);
      const v = wall([b.bin, 'verify', profile, '--set', `metadata.operatorContactUrl=${CONTACT}`], env);
      // launch: a fresh job of the one-page site.
      const dir = join(work, `job-${job++}`);
      const c = spawnSync(process.execPath, [b.bin, 'create', dir, '--profile', 'site-mirror', '--seed', site.seed, '--contact', CONTACT], { encoding: 'utf8' });
      if (c.status !== 0) throw new Error(`create failed: ${c.stderr}`);
      const l = wall([b.bin, 'launch', dir, ...ZERO_DELAYS], env);
      rmSync(dir, { recursive: true, force: true });
      if (run >= 0) {
        b.verify.push(v);
        b.launch.push(l);
      }
    }
  }
} finally {
  await site.stop();
  rmSync(work, { recursive: true, force: true });
}

const nodeMs = median(node.map((s) => s.ms));
console.log(`Start-up and shut-down, medians of ${RUNS} interleaved runs; \`node -e 0\` ${nodeMs.toFixed(0)} ms`);
console.log('');
console.log('| build | verify default.xml (edited) | above node | goal | launch of a one-page site | above node | goal |');
console.log('|---|---|---|---|---|---|---|');
for (const b of builds) {
  const v = median(b.verify.map((s) => s.ms));
  const l = median(b.launch.map((s) => s.ms));
  const ok = (x: number, goal: number) => (x - nodeMs <= goal ? 'met' : 'not met');
  console.log(`| ${b.name} | ${v.toFixed(0)} ms | ${(v - nodeMs).toFixed(0)} ms | ≤ ${GOALS.verify} ms: ${ok(v, GOALS.verify)} | ${l.toFixed(0)} ` +
    `ms | ${(l - nodeMs).toFixed(0)} ms | ≤ ${GOALS.launch} ms: ${ok(l, GOALS.launch)} |`);
}
for (const b of builds) {
  const names = [...new Set(b.launch.flatMap((s) => [...s.marks.keys()]))];
  if (!names.length) continue;
  console.log('');
  console.log(`Where a launch's time goes (${b.name}): medians of BEANCRAWL_MARKS, ms since the process started, and the step from the mark before`);
  console.log('');
  console.log('| mark | at | step |');
  console.log('|---|---|---|');
  let before = 0;
  for (const name of names) {
    const at = median(b.launch.map((s) => s.marks.get(name) ?? NaN).filter(Number.isFinite));
    console.log(`| ${name} | ${at.toFixed(0)} | ${(at - before).toFixed(0)} |`);
    before = at;
  }
  const end = median(b.launch.map((s) => s.ms));
  console.log(`| (process gone, as the parent saw it) | ${end.toFixed(0)} | ${(end - before).toFixed(0)} |`);
}
