import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Folders a running crawl holds (its job folder, its state folder): made by no writer, whatever it writes below them. */
const held = new Map<string, number>();

/**
 * Holds a folder while a crawl runs: `makeFolders` makes folders below it, never the folder
 * itself, so a job folder deleted from under a crawl is not made again by the next file written
 * into it. Returns the release (holds of one folder count up, as two launches of one serve may).
 */
export function holdFolder(path: string): () => void {
  const key = resolve(path);
  held.set(key, (held.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const n = held.get(key)! - 1;
    if (n > 0) held.set(key, n);
    else held.delete(key);
  };
}

/**
 * `mkdir -p` for writers: makes the folder and the folders missing above it, except a held one
 * (holdFolder), which must stand: its absence fails the write with ENOENT, naming it. A folder
 * that stands costs one mkdir and one stat.
 */
export async function makeFolders(path: string): Promise<void> {
  const dir = resolve(path);
  if (held.has(dir)) {
    await stat(dir).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
      throw folderGone(dir);
    });
    return;
  }
  try {
    await mkdir(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      if ((await stat(dir)).isDirectory()) return;
      throw e;
    }
    const parent = dirname(dir);
    if (code !== 'ENOENT' || parent === dir) throw e;
    await makeFolders(parent);
    await mkdir(dir).catch((again: NodeJS.ErrnoException) => {
      if (again.code !== 'EEXIST') throw again;
    });
  }
}

function folderGone(dir: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`ENOENT: ${dir} is gone (deleted while the crawl ran); it is not made again`);
  error.code = 'ENOENT';
  error.path = dir;
  return error;
}
