import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { locateBeanFile } from './locate-bean-file.js';

/**
 * A run folder of a job: `JOB/runs/NAME` when a name is given (or a path to the folder), else the
 * latest (`JOB/latest`). A job with no such run is an error (BC_JOB_NO_RUN).
 */
export async function runOfJob(target: string, name?: string): Promise<{ jobDir: string; runDir: string }> {
  const { jobDir } = await locateBeanFile(target);
  const runDir = name === undefined ? join(jobDir, 'latest') : name.includes('/') ? name : join(jobDir, 'runs', name);
  const isDir = await stat(runDir).then((s) => s.isDirectory(), () => false);
  if (!isDir) {
    const runs = await readdir(join(jobDir, 'runs')).catch(() => [] as string[]);
    const message = name === undefined
      ? 'the job has no run yet (launch it first)'
      : `the job has no run "${name}"${runs.length ? `; its runs: ${runs.sort().join(', ')}` : ''}`;
    throw new BeancrawlError([{ code: 'BC_JOB_NO_RUN', location: { file: target }, message }]);
  }
  return { jobDir, runDir: await realpath(runDir) };
}
