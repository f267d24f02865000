/**
 * For `.catch` on removing or probing a path: one that is not there (ENOENT, or ENOTDIR for a
 * path through a file) is what the caller wanted, or no matter to it, so nothing is lost; any
 * other failure (a read-only folder, a permission) goes on to the caller.
 */
export function ignoreMissing(error: unknown): undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
  throw error;
}
