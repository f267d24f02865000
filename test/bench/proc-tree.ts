/**
 * A process and its descendants as /proc shows them (Linux): their resident memory and CPU time
 * summed, for a bench that watches a crawl while it runs (million.bench.ts samples every few
 * seconds; GNU time gives only the peak at the end). Descendants are found by their parent id in
 * /proc/PID/stat, as /proc/PID/task/TID/children is not there on every kernel.
 */
import { readdir, readFile } from 'node:fs/promises';

export interface TreeSample {
  /** Resident set sizes summed (VmRSS), bytes. */
  rssBytes: number;
  /** User + system CPU seconds summed (utime + stime of each live process). */
  cpuS: number;
  /** The processes counted. */
  pids: number[];
}

const TICKS_PER_S = 100;

/** pid → [parent pid, utime + stime in ticks], for every process /proc lists now. */
async function processes(): Promise<Map<number, { ppid: number; ticks: number; comm: string }>> {
  const out = new Map<number, { ppid: number; ticks: number; comm: string }>();
  const names = (await readdir('/proc')).filter((n) => /^\d+$/.test(n));
  await Promise.all(names.map(async (n) => {
    const stat = await readFile(`/proc/${n}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so split after the last ')'.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (f.length > 14) out.set(Number(n), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), comm });
  }));
  return out;
}

/**
 * `root` and everything below it, summed, leaving out processes named in `skip` (the bench's
 * GNU time and timeout around the crawler); undefined once `root` is gone.
 */
export async function sampleTree(root: number, skip: readonly string[] = ['time', 'timeout']): Promise<TreeSample | undefined> {
  const all = await processes();
  if (!all.has(root)) return undefined;
  const pids = [root];
  for (let i = 0; i < pids.length; i++) for (const [pid, p] of all) if (p.ppid === pids[i]) pids.push(pid);
  let rssBytes = 0;
  let ticks = 0;
  const counted = pids.filter((pid) => !skip.includes(all.get(pid)!.comm));
  for (const pid of counted) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status);
    rssBytes += kb ? Number(kb[1]) * 1024 : 0;
    ticks += all.get(pid)!.ticks;
  }
  return { rssBytes, cpuS: ticks / TICKS_PER_S, pids: counted };
}
