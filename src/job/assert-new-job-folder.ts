import { readdir } from 'node:fs/promises';
import { BeancrawlError } from '../util/beancrawl-error.js';

/**
 * A new job is made in `dir` only when it is not there yet or is an empty folder: one with files
 * in it, or a file in its place, is BC_JOB_EXISTS (with `advice`). Any other failure to read it
 * (no permission) is thrown as it came, never taken for a folder that is not there.
 */
export async function assertNewJobFolder(dir: string, advice: string): Promise<void> {
  const entries = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    // Not there yet: it is made.
    if (e.code === 'ENOENT') return [];
    if (e.code === 'ENOTDIR') throw new BeancrawlError([{ code: 'BC_JOB_EXISTS', location: { file: dir }, message: `is a file, not a folder; ${advice}` }]);
    throw e;
  });
  if (entries.length) throw new BeancrawlError([{ code: 'BC_JOB_EXISTS', location: { file: dir }, message: `the folder exists and is not empty; ${advice}` }]);
}
