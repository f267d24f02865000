import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Writes `lines` to `path`, one a line, making its folder first. */
export async function writeListFile(path: string, lines: readonly string[]): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, lines.map((line) => `${line}\n`).join(''));
}
