import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHRT, idleClassAvailable, programPresent } from './idle-class.js';
import { groupLoweringLines } from './lower-browser-group.js';

/** util-linux's setpriv (Debian: always installed): runs a program with capabilities taken away. */
const SETPRIV = '/usr/bin/setpriv';

/** Capability bits (linux/capability.h): CAP_SETPCAP, which dropping one from the bounding set takes, and CAP_SYS_NICE. */
const CAP_SETPCAP = 8n;
const CAP_SYS_NICE = 23n;

/**
 * The program to launch for the browser at `executablePath` so that it stays at the priority it is
 * started at, and (`idleClass`) runs in Linux's idle scheduling class. With CAP_SYS_NICE (root, as
 * a rule), Chromium sets its threads' nice values itself (its main and I/O threads to -8, its
 * thread pools back to 0), which undoes a lower priority given to it; started through setpriv
 * without CAP_SYS_NICE, its attempts are refused and it keeps the one it inherited. Without
 * CAP_SYS_NICE (a user, a container without it) the browser cannot raise its priority anyway, and
 * without CAP_SETPCAP setpriv could not drop it. In the idle class (util-linux's chrt, which every
 * process the browser starts inherits) it runs only on CPU time no thread of the normal class
 * wants. With a `groupNiceness`, the session the launcher runs in (a scheduling group of its own)
 * is put that far below the crawl's before the browser starts (lower-browser-group.ts). Returns
 * the launcher (a script in a folder of its own under the system's temp folder) and that folder,
 * for the caller to remove; the program itself when none of these applies.
 */
export async function priorityCappedLauncher(executablePath: string, idleClass = false, groupNiceness = 0): Promise<{ path: string; dir?: string }> {
  if (process.platform !== 'linux') return { path: executablePath };
  const cap = needsCapping(await effectiveCapabilities()) && (await programPresent(SETPRIV));
  const idle = idleClass && (await idleClassAvailable());
  const group = await groupLoweringLines(groupNiceness);
  if (!cap && !idle && !group) return { path: executablePath };
  const dir = await mkdtemp(join(tmpdir(), 'beancrawl-browser-'));
  const path = join(dir, 'browser');
  const capped = cap ? `${SETPRIV} --bounding-set=-sys_nice --inh-caps=-sys_nice -- ` : '';
  const idled = idle ? `${CHRT} --idle 0 ` : '';
  await writeFile(path, `#!/bin/sh\n${group}exec ${capped}${idled}${shellQuoted(executablePath)} "$@"\n`);
  await chmod(path, 0o755);
  return { path, dir };
}

/** Whether a browser started with these effective capabilities could raise its priority, and setpriv could stop it. */
export function needsCapping(capabilities: bigint): boolean {
  const has = (bit: bigint) => ((capabilities >> bit) & 1n) === 1n;
  return has(CAP_SYS_NICE) && has(CAP_SETPCAP);
}

/** This process's effective capabilities (CapEff in /proc/self/status); none when unreadable. */
async function effectiveCapabilities(): Promise<bigint> {
  try {
    const hex = /^CapEff:\s*([0-9a-f]+)$/m.exec(await readFile('/proc/self/status', 'latin1'))?.[1];
    return hex ? BigInt(`0x${hex}`) : 0n;
  } catch {
    // No /proc: nothing known, nothing to drop.
    return 0n;
  }
}

function shellQuoted(s: string): string {
  return `'${s.replaceAll("'", "'\\''")}'`;
}
