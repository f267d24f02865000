/**
 * Measuring whole processes for the benchmarks: GNU time (/usr/bin/time) around a command gives
 * wall seconds, user + system CPU seconds and peak RSS, so module loading, start-up and shutdown
 * count as a user would see them. Also small helpers: disk use, medians, a free loopback port.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const GNU_TIME = '/usr/bin/time';

export interface Measured {
  /** Wall-clock seconds of the whole process. */
  wall: number;
  /** User + system CPU seconds. */
  cpu: number;
  /** Peak resident set size, MB (GNU time's %M, which is in KB). */
  rssMb: number;
  stdout: string;
  stderr: string;
  status: number | null;
  /** True when `timeout` ended the command. */
  timedOut: boolean;
}

export interface TimedOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Seconds before the command is killed (SIGTERM, then SIGKILL 10 s later); default 900. */
  timeoutS?: number;
  /** Told the process id of GNU time once it is spawned (timedAsync only): the command runs below it. */
  onSpawn?: (pid: number) => void;
}

/** Runs `cmd args…` under GNU time (and `timeout`), waits for it, and returns what it measured. */
export function timed(cmd: string, args: string[], opts: TimedOptions = {}): Measured {
  if (!existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} is missing (Debian package "time")`);
  const limit = String(opts.timeoutS ?? 900);
  // GNU time outside `timeout`, so that a timed-out command is still killed and still measured;
  // wait4() counts the reaped grandchild in time's figures (CPU added up, peak RSS the largest).
  const r = spawnSync(GNU_TIME, ['-f', 'BENCHTIME %e %U %S %M', 'timeout', '-k', '10', limit, cmd, ...args], {
    encoding: 'utf8', maxBuffer: 1 << 28, cwd: opts.cwd, env: opts.env ?? process.env,
  });
  const m = /BENCHTIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  if (!m) throw new Error(`${cmd} ${args.join(' ')}: no timing (exit ${r.status}${r.status === 124 ? ', timed ' +
    'out' : ''}):\n${r.stdout.slice(-1500)}\n${r.stderr.slice(-3000)}`);
  // GNU time reports "Command exited with non-zero status N" itself; its own exit code is the command's.
  return {
    wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), rssMb: Number(m[4]) / 1024,
    stdout: r.stdout, stderr: r.stderr.replace(/^Command (exited with non-zero status \d+|terminated by signal \d+)\n/m, '').replace(/BENCHTIME .*\n?/, ''),
    status: r.status, timedOut: r.status === 124 || r.status === 137,
  };
}

/**
 * As `timed`, without blocking the event loop: for a bench that watches the process while it
 * runs (many-hosts.bench.ts polls the crawl's control socket).
 */
export function timedAsync(cmd: string, args: string[], opts: TimedOptions = {}): Promise<Measured> {
  if (!existsSync(GNU_TIME)) return Promise.reject(new Error(`${GNU_TIME} is missing (Debian package "time")`));
  const limit = String(opts.timeoutS ?? 900);
  const child = spawn(GNU_TIME, ['-f', 'BENCHTIME %e %U %S %M', 'timeout', '-k', '10', limit, cmd, ...args], { cwd: opts.cwd, env: opts.env ?? process.env });
  if (child.pid !== undefined) opts.onSpawn?.(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => {
      const m = /BENCHTIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
      if (!m) return reject(new Error(`${cmd} ${args.join(' ')}: no timing (exit ${status}${status === 124 ? ', timed ' +
        'out' : ''}):\n${stdout.slice(-1500)}\n${stderr.slice(-3000)}`));
      resolve({
        wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), rssMb: Number(m[4]) / 1024,
        stdout, stderr: stderr.replace(/^Command (exited with non-zero status \d+|terminated by signal \d+)\n/m, '').replace(/BENCHTIME .*\n?/, ''),
        status, timedOut: status === 124 || status === 137,
      });
    });
  });
}

/** Disk use of a folder in MB (`du -sk`), or NaN when it cannot be read. */
export function duMb(dir: string): number {
  const r = spawnSync('du', ['-sk', dir], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.split('\t')[0]) / 1024 : NaN;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

/** Whether an executable is on PATH (`command -v`). */
export function onPath(name: string): string | undefined {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() || undefined : undefined;
}

export const fmt = (x: number, digits = 0): string => (Number.isFinite(x) ? x.toFixed(digits) : '–');
