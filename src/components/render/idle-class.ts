import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { readlinkSync } from 'node:fs';
import { promisify } from 'node:util';

/** util-linux's chrt (Debian: always installed): sets a process's or thread's scheduling class. */
export const CHRT = '/usr/bin/chrt';

const run = promisify(execFile);

/** Whether a program is there (chrt, setpriv: Debian's util-linux; elsewhere they may not be). */
export async function programPresent(program: string): Promise<boolean> {
  try {
    await access(program);
    return true;
  } catch {
    return false;
  }
}

/** Whether chrt is there to put something in the idle class (Linux only). */
export async function idleClassAvailable(): Promise<boolean> {
  return process.platform === 'linux' && (await programPresent(CHRT));
}

/**
 * Puts the calling thread in Linux's idle scheduling class (SCHED_IDLE): it then runs only on CPU
 * time that no thread of the normal class wants, and any such thread that wakes takes its core at
 * once. Its id is read from /proc/thread-self, which names the thread that reads it, so that read
 * is synchronous (an asynchronous one runs on libuv's pool); once, as a render thread starts.
 * False where that cannot be done (no chrt, no /proc, refused): the thread keeps its class.
 */
export async function moveThisThreadToIdleClass(): Promise<boolean> {
  if (!(await idleClassAvailable())) return false;
  let tid: string | undefined;
  try {
    tid = /task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1];
  } catch {
    // No /proc/thread-self (a kernel before 3.17): the thread cannot be named.
  }
  if (tid === undefined) return false;
  try {
    await run(CHRT, ['--idle', '--pid', '0', tid]);
    return true;
  } catch {
    return false;
  }
}
