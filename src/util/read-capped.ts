import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';

/** What reading a file with a cap gave: its bytes, or why not. */
export type CappedRead =
  | { readonly bytes: Buffer }
  /** Not a regular file: a folder, a device, a pipe, a socket (the reason says which). */
  | { readonly refused: string }
  /** More than the cap, counted in bytes actually read. */
  | { readonly tooLarge: true };

/**
 * A file's bytes, at most `max` of them. A folder, a device (`/dev/zero`), a pipe or a socket is
 * refused by what it is, without reading from it, and a file holding more than `max` bytes (or
 * growing past it while read) is refused by the bytes actually read, never by the size it claims.
 */
export async function readCapped(path: string, max: number): Promise<CappedRead> {
  // Non-blocking, so that opening a pipe with no writer does not wait for one.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (info.isDirectory()) return { refused: 'is a folder' };
    if (!info.isFile()) return { refused: `is ${kindOf(info)}, not a regular file` };
    if (info.size > max) return { tooLarge: true };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(65536, max + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > max) return { tooLarge: true };
    }
    return { bytes: Buffer.concat(chunks, total) };
  } finally {
    await handle.close();
  }
}

function kindOf(info: Stats): string {
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isFIFO()) return 'a pipe';
  if (info.isSocket()) return 'a socket';
  return 'not a file';
}
