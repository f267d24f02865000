/**
 * `beancrawl serve` over a jobs folder of many jobs (issue 40, item 11): JOBS (10,000) job folders,
 * each the default profile's bean file and one finished run (runs/…/run.json), made directly on
 * disk (not timed). Then, for the service as a whole process on port 0:
 * - time to URL: from spawn to its first line of stdout (the URL), goal under a second, beside
 *   the same over an empty jobs folder (Node's start and the bundle's load, which a loaded machine stretches);
 * - idle CPU: the process's user + system time (/proc/PID/stat) over 10 s right after the URL,
 *   and over the 10 s after that, as a share of one core, goal under 2 %;
 * - the job list: GET /api/v1/jobs (a page of 1,000 by default; every job before paging), every job (?limit=JOBS), a page (?limit=100), a page after a
 *   name (?after=…), and a filter (?q=…, ?state=…), each timed twice (first, then again), with its size.
 * `--root ROOT` runs another built checkout's service (the figures before a change); `--jobs N`.
 * Usage: node dist/test/bench/service-scale.bench.js [--jobs N] [--root ROOT]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './runners/beancrawl.js';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const JOBS = Number(opt('--jobs') ?? 10_000);
const RUN_ROOT = opt('--root') ?? ROOT;
const TICKS = 100;

const work = mkdtempSync(join(tmpdir(), 'beancrawl-service-scale-'));
const jobsDir = join(work, 'jobs');
const beans = readFileSync(join(ROOT, 'profiles', 'default.xml'), 'utf8')
  .replace(/(<bean id="metadata"[\s\S]*?)(<\/bean>)/, '$1<property name="operatorContactUrl" value="https://example.org/bench"/>$2');
const made = Date.now();
for (let i = 0; i < JOBS; i++) {
  const dir = join(jobsDir, `job-${String(i).padStart(5, '0')}`);
  const run = join(dir, 'runs', '20261201T000000Z');
  mkdirSync(run, { recursive: true });
  writeFileSync(join(dir, 'crawler-beans.xml'), beans);
  const counts = { discovered: 10, queued: 0, downloaded: 9, failed: 1, disregarded: 0, documents: 9, bytes: 90_000, seedsCrawled: 1, elapsedMs: 5000 };
  writeFileSync(join(run, 'run.json'), JSON.stringify({ run: 'runs/20261201T000000Z', startedAt: '2026-12-01T00:00:00.000Z',
    endedAt: '2026-12-01T00:00:05.000Z',    exitStatus: 'FINISHED', exitCode: 0, counts }));
}
console.log(`${JOBS} job folders made in ${((Date.now() - made) / 1000).toFixed(1)} s under ${jobsDir}; the service: ${RUN_ROOT}\n`);

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** The service over `dir`, and the milliseconds from its spawn to its URL. */
async function serve(dir: string) {
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, [join(RUN_ROOT, 'bin', 'beancrawl.js'), 'serve', '--jobs-dir', dir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out.stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out.stderr += d));
  while (!out.stdout.includes('\n')) {
    if (child.exitCode !== null) throw new Error(`the service exited ${child.exitCode}: ${out.stderr}`);
    if (Number(process.hrtime.bigint() - t0) / 1e9 > 600) throw new Error('no URL after 600 s');
    await new Promise((r) => setTimeout(r, 5));
  }
  return { child, out, toUrl: Number(process.hrtime.bigint() - t0) / 1e6 };
}

async function stop(child: ReturnType<typeof spawn>): Promise<void> {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((r) => child.once('close', r));
}

const empty = await serve(join(work, 'empty'));
await stop(empty.child);
const { child, out, toUrl } = await serve(jobsDir);
try {
  const m = /^(http:\/\/[^/]+)\/\?token=(\S+)$/.exec(out.stdout.split('\n')[0]);
  if (!m) throw new Error(`no URL in ${out.stdout}`);
  const [, base, token] = m;
  const idle: number[] = [];
  for (let w = 0; w < 2; w++) {
    const c0 = cpuSeconds(child.pid!);
    const w0 = Date.now();
    await new Promise((r) => setTimeout(r, 10_000));
    idle.push((cpuSeconds(child.pid!) - c0) / ((Date.now() - w0) / 1000));
  }
  const rows: string[] = [];
  const get = async (path: string) => {
    const t = process.hrtime.bigint();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    return { ms: Number(process.hrtime.bigint() - t) / 1e6, bytes: Buffer.byteLength(body), status: res.status };
  };
  const middle = `job-${String(Math.floor(JOBS / 2)).padStart(5, '0')}`;
  const paths = ['/api/v1/jobs', `/api/v1/jobs?limit=${JOBS}`, '/api/v1/jobs?limit=100', `/api/v1/jobs?limit=100&after=${middle}`,
    '/api/v1/jobs?q=job-0999&limit=100', '/api/v1/jobs?state=FINISHED&limit=100'];
  for (const path of paths) {
    const first = await get(path);
    const again = await get(path);
    rows.push(`| \`GET ${path}\` | ${first.status} | ${first.ms.toFixed(0)} | ${again.ms.toFixed(0)} | ${(first.bytes / 1024).toFixed(0)} |`);
  }
  console.log('| figure | value | goal |\n|---|---|---|');
  console.log(`| time to URL, ${JOBS} jobs | ${(toUrl / 1000).toFixed(2)} s | < 1 s |`);
  console.log(`| time to URL, no job | ${(empty.toUrl / 1000).toFixed(2)} s | |`);
  console.log(`| idle CPU, first 10 s after the URL | ${(idle[0] * 100).toFixed(1)} % of a core | < 2 % |`);
  console.log(`| idle CPU, the next 10 s | ${(idle[1] * 100).toFixed(1)} % of a core | < 2 % |`);
  console.log('\n| request | status | first (ms) | again (ms) | KiB |\n|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  await stop(child);
  rmSync(work, { recursive: true, force: true });
}
