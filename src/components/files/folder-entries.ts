import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** An entry of a folder that a crawl can fetch. */
export interface FolderEntry {
  readonly name: string;
  /** A folder, or a symbolic link to one. */
  readonly folder: boolean;
}

/**
 * The entries of a folder worth crawling, sorted by name: files, folders and symbolic links (a
 * link to a folder counts as a folder; a broken one as a file, which will answer 404). Names
 * starting with a dot are left out unless `withHidden`; devices, FIFOs and sockets always.
 */
export async function folderEntries(path: string, withHidden: boolean): Promise<FolderEntry[]> {
  const dirents = await readdir(path, { withFileTypes: true });
  const kinds = await Promise.all(dirents.map((d) => (withHidden || !d.name.startsWith('.') ? kindOf(path, d) : undefined)));
  const entries: FolderEntry[] = [];
  dirents.forEach((d, i) => {
    if (kinds[i] !== undefined) entries.push({ name: d.name, folder: kinds[i] === 'folder' });
  });
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function kindOf(dir: string, d: Dirent): Promise<'file' | 'folder' | undefined> {
  if (d.isFile()) return 'file';
  if (d.isDirectory()) return 'folder';
  if (d.isBlockDevice() || d.isCharacterDevice() || d.isFIFO() || d.isSocket()) return undefined;
  try {
    // a symbolic link, or an entry whose type the file system did not tell: what it leads to
    const target = await stat(join(dir, d.name));
    return target.isDirectory() ? 'folder' : target.isFile() ? 'file' : undefined;
  } catch {
    return d.isSymbolicLink() ? 'file' : undefined;
  }
}
