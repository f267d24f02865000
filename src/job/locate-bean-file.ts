import { readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { BeancrawlError } from '../util/beancrawl-error.js';

/** The bean file names a job folder may hold, in the order they are looked for. */
export const JOB_BEAN_FILES = ['crawler-beans.xml', 'crawler-beans.cxml', 'crawler-beans.json'] as const;

export interface JobTarget {
  /** The bean file. */
  readonly file: string;
  /** The job folder: relative paths in the bean file resolve against it. */
  readonly jobDir: string;
  /** True when the target named the folder, not a file in it. */
  readonly isFolder: boolean;
}

/** `JOB` (a folder holding one crawler-beans file) or `FILE` (a bean file; its folder is the job folder). */
export async function locateBeanFile(target: string): Promise<JobTarget> {
  const abs = resolve(target);
  const at = { file: target };
  let isDir: boolean;
  try {
    isDir = (await stat(abs)).isDirectory();
  } catch {
    throw new BeancrawlError([{ code: 'BC_JOB_NOT_FOUND', location: at, message: 'no such job folder or bean file' }]);
  }
  if (!isDir) return { file: abs, jobDir: dirname(abs), isFolder: false };
  const present = (await readdir(abs)).filter((f) => (JOB_BEAN_FILES as readonly string[]).includes(f));
  if (present.length === 0) {
    throw new BeancrawlError([{ code: 'BC_JOB_NOT_FOUND', location: at, message: `the job folder holds no ${JOB_BEAN_FILES.join(', ')}` }]);
  }
  if (present.length > 1) {
    throw new BeancrawlError([{ code: 'BC_JOB_NOT_FOUND', location: at, message: `the job folder holds ${present.join(' and ')}; keep exactly one` }]);
  }
  return { file: join(abs, present[0]), jobDir: abs, isFolder: true };
}
