import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Removes the files of `dir` whose names match `names`: those a killed process left behind (none when `dir` is not there). */
export async function removeLeftFiles(dir: string, names: RegExp): Promise<void> {
  const all = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    throw e;
  });
  const left = all.filter((name) => names.test(name));
  await Promise.all(left.map((name) => rm(join(dir, name), { force: true })));
}
