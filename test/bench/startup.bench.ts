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
 * The work folder (the jobs, the edited bean file) is under TMPDIR; the file system it is on (from
 * /proc/mounts: tmpfs, ext4…) is printed with the figures, since the goals are for a disk.
 * Usage: node dist/test/bench/startup.bench.js [--runs N] [--compare ROOT]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
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

/** The file system a folder is on, as /proc/mounts names it (the longest mount point above it), with its device. */
function fileSystemOf(dir: string): string {
  let mounts: string;
  try {
    mounts = readFileSync('/proc/mounts', 'utf8');
  } catch {
    return 'unknown (no /proc/mounts)';
  }
  const path = resolve(dir);
  let best: { point: string; type: string; device: string } | undefined;
  for (const line of mounts.split('\n')) {
    const [device, escaped, type] = line.split(' ');
    if (!type) continue;
    const point = escaped.replace(/\\040/g, ' ');
    const under = point === '/' || path === point || path.startsWith(point + sep);
    if (under && (!best || point.length >= best.point.length)) best = { point, type, device };
  }
  return best ? `${best.type} (${best.device} on ${best.point})` : 'unknown';
}

const work = mkdtempSync(join(tmpdir(), 'beancrawl-startup-'));
const fileSystem = fileSystemOf(work);
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
console.log(`Start-up and shut-down, medians of ${RUNS} interleaved runs; \`node -e 0\` ${nodeMs.toFixed(0)} ms; work folder ${work} on ${fileSystem}`);
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
