import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Removes the files of `dir` whose names match `names`: those a killed process left behind. */
export async function removeLeftFiles(dir: string, names: RegExp): Promise<void> {
  const left = (await readdir(dir)).filter((name) => names.test(name));
  await Promise.all(left.map((name) => rm(join(dir, name), { force: true })));
}
