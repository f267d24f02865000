import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makeFolders } from './make-folders.js';

/** Writes `lines` to `path`, one a line, making its folder first. */
export async function writeListFile(path: string, lines: readonly string[]): Promise<void> {
  await makeFolders(dirname(path));
  await writeFile(path, lines.map((line) => `${line}\n`).join(''));
}
