import { readFile, writeFile } from 'node:fs/promises';

/** A process's scheduling group and its nice value, as /proc/PID/autogroup gives them (`/autogroup-7971 nice 0`). */
function parseGroup(text: string): { name: string; nice: number } | undefined {
  const m = /^(\S+)\s+nice\s+(-?\d+)/.exec(text.trim());
  return m ? { name: m[1], nice: Number(m[2]) } : undefined;
}

export async function groupOf(pid: number | 'self'): Promise<{ name: string; nice: number } | undefined> {
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
  const nice = groupNice(own, by);
  if (browser.nice >= nice) return false;
  try {
    await writeFile(`/proc/${browserPid}/autogroup`, String(nice));
    return true;
  } catch {
    // Refused (a kernel that does not let an owner set it): the browser's group competes with the crawl's as an equal.
    return false;
  }
}

/** The nice value of the browser's group: `by` above the crawl's group's, at most 19. */
function groupNice(own: { nice: number }, by: number): number {
  return Math.min(19, own.nice + by);
}

/**
 * The lines of a launcher script (sh) that put the session it runs in `by` below the crawl's group
 * before the browser starts, so that the browser's own start (its processes, their first pages)
 * already yields to the crawl; lowerBrowserGroup, once it runs, finds it done. playwright-core
 * starts the launcher in a session of its own; a launcher still in the crawl's group (started some
 * other way) leaves it alone, since lowering it would lower the crawl. Empty where there are no
 * groups or nothing to lower; a refused write (a kernel that limits how often, another system)
 * leaves the group as it is, for lowerBrowserGroup to try again.
 */
export async function groupLoweringLines(by: number): Promise<string> {
  if (by <= 0 || process.platform !== 'linux') return '';
  const own = await groupOf('self');
  // A name the script could not quote as it is: nothing lowered before the start.
  if (own === undefined || !/^[\w/-]+$/.test(own.name)) return '';
  // /proc/self/autogroup reads "/autogroup-N nice V": the first word names the group.
  return `{ read group rest < /proc/self/autogroup; } 2>/dev/null\n` +
    `[ -n "$group" ] && [ "$group" != '${own.name}' ] && { echo ${groupNice(own, by)} > /proc/self/autogroup; } 2>/dev/null\n`;
}
