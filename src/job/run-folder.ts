import { mkdir, readdir, rename, symlink, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { timestamp17 } from '../util/timestamp17.js';

/** `yyyyMMddHHmmssSSS` (UTC), the name of a run folder. */
export function runId(now = Date.now()): string {
  return timestamp17(now);
}

/**
 * Creates `JOB/runs/<timestamp>` (with `-2`, `-3`… when two launches share a millisecond) and
 * points `JOB/latest` at it, replacing the link atomically. Returns the folder relative to the job.
 */
export async function createRunFolder(jobDir: string, id = runId()): Promise<string> {
  await mkdir(join(jobDir, 'runs'), { recursive: true });
  // Links a launch killed between making and renaming them left behind (one launch runs at a time); one that stays is a stray link no one reads.
  for (const name of await readdir(jobDir)) if (/^\.latest-\d+$/.test(name)) await unlink(join(jobDir, name)).catch(() => undefined);
  for (let n = 1; ; n++) {
    const name = join('runs', n === 1 ? id : `${id}-${n}`);
    try {
      await mkdir(join(jobDir, name));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    await pointLatestAt(jobDir, name);
    return name;
  }
}

/** Points `JOB/latest` at `name` (relative to the job folder), replacing the link atomically. */
export async function pointLatestAt(jobDir: string, name: string): Promise<void> {
  const temp = join(jobDir, `.latest-${process.pid}`);
  // A link left by a launch of this pid that died; not there, mostly. Any other failure to remove it makes the symlink below fail and tell.
  await unlink(temp).catch(() => undefined);
  await symlink(name, temp);
  await rename(temp, join(jobDir, 'latest'));
}
