import { mkdtemp, open, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';

/**
 * The longest path a Unix socket address holds: sun_path is 108 bytes on Linux and 104 on macOS
 * and the BSDs, the final NUL included. A longer path is not refused: the kernel (or libuv) cuts
 * it, and the socket lands outside its folder, where nothing removes it.
 */
export const MAX_SOCKET_PATH_BYTES = 103;

const fits = (path: string) => Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES;

/**
 * Runs `use` (a bind or a connect, to its end) with an address that names the socket at `path`
 * and fits in a socket address, without changing the process's working folder: the path itself;
 * else its path relative to the working folder; else, on Linux, the path through
 * `/proc/self/fd/N/` of the folder opened for the while; else through a short symbolic link to the
 * folder in the temporary folder, removed afterwards. The socket is always made in `path`'s folder.
 */
export async function withSocketAddress<T>(path: string, use: (address: string) => Promise<T>): Promise<T> {
  if (fits(path)) return use(path);
  const fromHere = relative(process.cwd(), path);
  if (fits(fromHere)) return use(fromHere);
  if (process.platform === 'linux') {
    const folder = await open(dirname(path), 'r');
    try {
      return await use(`/proc/self/fd/${folder.fd}/${basename(path)}`);
    } finally {
      await folder.close();
    }
  }
  const links = await mkdtemp(join(tmpdir(), 'bc-'));
  try {
    await symlink(dirname(path), join(links, 'j'));
    return await use(join(links, 'j', basename(path)));
  } finally {
    await rm(links, { recursive: true, force: true });
  }
}
