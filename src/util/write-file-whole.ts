import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `content` to `path` whole: into a new temporary file beside it, then renamed over it, so
 * that a reader sees the old file or the new one, never half of one. The temporary file is
 * created exclusively (`wx`, O_CREAT|O_EXCL) under a random name: a file or symbolic link planted
 * where it would go is never opened or followed (the open fails instead), and two writers of one
 * file never share one. A failed write leaves no temporary file behind.
 */
export async function writeFileWhole(path: string, content: string | Uint8Array, options: { mode?: number } = {}): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', options.mode ?? 0o666);
  try {
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (e) {
    // The write's own error is the one that tells: a temporary file that cannot be removed either changes nothing the caller can do.
    await unlink(temp).catch(() => undefined);
    throw e;
  }
}
