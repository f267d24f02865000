import { readdir, readFile } from 'node:fs/promises';

export interface ChromiumProcess {
  readonly pid: number;
  /** The browser process itself (no --type=). */
  readonly browser: boolean;
  /** A renderer (--type=renderer). */
  readonly renderer: boolean;
}

/** Chromium processes descended from this process (the browsers a crawl run in this process launched), from /proc. */
export async function chromiumProcesses(root = process.pid): Promise<ChromiumProcess[]> {
  const parents = new Map<number, number>();
  const commands = new Map<number, string[]>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'latin1');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after its last ')'.
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      // Chromium's child processes rewrite their command line as one string, arguments joined by spaces.
      commands.set(Number(name), (await readFile(`/proc/${name}/cmdline`, 'latin1')).split(/[\0 ]/).filter(Boolean));
    } catch {
      // A process that ended while listed.
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  const found: ChromiumProcess[] = [];
  for (const [pid, argv] of commands) {
    if (!argv[0]?.endsWith('chromium') || !descends(pid)) continue;
    found.push({ pid, browser: !argv.some((a) => a.startsWith('--type=')), renderer: argv.includes('--type=renderer') });
  }
  return found;
}

/** Kills (SIGKILL) the renderers, or the browser processes, this process's crawl launched; how many. */
export async function killChromium(which: 'renderer' | 'browser'): Promise<number> {
  const victims = (await chromiumProcesses()).filter((p) => p[which]);
  for (const p of victims) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  return victims.length;
}
