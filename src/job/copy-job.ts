import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { assertNewJobFolder } from './assert-new-job-folder.js';
import { locateBeanFile } from './locate-bean-file.js';

/** Files of a job folder that are not its configuration. */
const NOT_CONFIGURATION = new Set(['job.log']);

/**
 * Heritrix's "copy job": a new job folder with the configuration of `from` (its bean file, the
 * other files at its top, its sheets) and none of its runs, state or checkpoints.
 */
export async function copyJob(from: string, to: string): Promise<string> {
  const source = await locateBeanFile(from);
  await assertNewJobFolder(to, 'choose a new job name');
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(source.jobDir, { withFileTypes: true })) {
    if (entry.isFile() && !entry.name.startsWith('.') && !NOT_CONFIGURATION.has(entry.name)) await copyFile(join(source.jobDir, entry.name), join(to, entry.name));
  }
  const sheets = await readdir(join(source.jobDir, 'sheets'), { withFileTypes: true }).catch(() => []);
  if (sheets.length) await mkdir(join(to, 'sheets'));
  for (const entry of sheets) if (entry.isFile()) await copyFile(join(source.jobDir, 'sheets', entry.name), join(to, 'sheets', entry.name));
  return join(to, source.file.slice(source.jobDir.length + 1));
}
