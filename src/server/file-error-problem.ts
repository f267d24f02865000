import { HttpProblem } from './http-problem.js';

/** What a failed file system call (ENOENT, ENAMETOOLONG, EACCES…) tells the client: its kind, never the path it was about. */
const KINDS: Readonly<Record<string, readonly [number, string, string]>> = {
  ENOENT: [404, 'Not Found', 'no such file or folder (or a link to none)'],
  ENOTDIR: [404, 'Not Found', 'no such file or folder: a part of the path is a file'],
  ELOOP: [404, 'Not Found', 'no such file: the path goes round a loop of links'],
  ENAMETOOLONG: [414, 'URI Too Long', 'a name in the path is longer than the file system allows (255 bytes)'],
  EISDIR: [403, 'Forbidden', 'the path names a folder, not a file'],
  EACCES: [403, 'Forbidden', 'the service\'s user may not read or write there'],
  EPERM: [403, 'Forbidden', 'the service\'s user may not read or write there'],
};

/**
 * A file system error a route let through, as the problem answered for it (404 for a path not
 * there, 414 for a name too long, 403 for one not allowed), with a detail that says which call
 * failed and why but not the server path, which the client has no business knowing; undefined for
 * an error that is not a file system call's, or one of a kind that is the service's own failure.
 */
export function fileErrorProblem(error: Error & { code?: string; syscall?: string }): HttpProblem | undefined {
  const kind = error.code !== undefined && error.syscall !== undefined ? KINDS[error.code] : undefined;
  if (!kind) return undefined;
  const [status, title, why] = kind;
  return new HttpProblem(status, title, `${why} (${error.code} from ${error.syscall})`);
}
