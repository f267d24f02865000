import { readFile, writeFile } from 'node:fs/promises';

/** A process's scheduling group and its nice value, as /proc/PID/autogroup gives them (`/autogroup-7971 nice 0`). */
function parseGroup(text: string): { name: string; nice: number } | undefined {
  const m = /^(\S+)\s+nice\s+(-?\d+)/.exec(text.trim());
  return m ? { name: m[1], nice: Number(m[2]) } : undefined;
}

async function groupOf(pid: number | 'self'): Promise<{ name: string; nice: number } | undefined> {
  try {
    return parseGroup(await readFile(`/proc/${pid}/autogroup`, 'latin1'));
  } catch {
    // A kernel without autogroups (or with them off), another system, a process gone: none.
    return undefined;
  }
}

/**
 * Puts the browser's scheduling group `by` below the crawl's. Linux gives each session a group of
 * its own (autogroup, on by default), and shares the CPU between groups before the nice values of
 * the processes within one count; playwright-core starts the browser in a session of its own, so
 * the nice value its processes inherit from the render thread ranks them only among themselves,
 * and the browser as a whole took as much CPU as the crawl (a job rendering one site ran its other
 * sites at 0.7× their speed, at renderNiceness 10 as at 19). The group's own nice value
 * (/proc/PID/autogroup, which an owner may raise) ranks it against the crawl's group. Nothing is
 * changed when the browser is in the crawl's group (its processes' own nice values rank them then),
 * or where there are no such groups; true when the group was lowered.
 */
export async function lowerBrowserGroup(browserPid: number, by: number): Promise<boolean> {
  if (by <= 0 || process.platform !== 'linux') return false;
  const [own, browser] = await Promise.all([groupOf('self'), groupOf(browserPid)]);
  if (own === undefined || browser === undefined || own.name === browser.name) return false;
  const nice = Math.min(19, own.nice + by);
  if (browser.nice >= nice) return false;
  try {
    await writeFile(`/proc/${browserPid}/autogroup`, String(nice));
    return true;
  } catch {
    // Refused (a kernel that does not let an owner set it): the browser's group competes with the crawl's as an equal.
    return false;
  }
}
