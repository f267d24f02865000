import { createHash } from 'node:crypto';
import { lstat, mkdir, readFile, realpath } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { HttpProblem } from './http-problem.js';
import { ignoreMissing } from '../util/ignore-missing.js';
import { writeFileWhole } from '../util/write-file-whole.js';

/** The largest file a PUT may store. */
export const MAX_JOB_FILE_BYTES = 10 * 1024 * 1024;

/** The folders of a job whose files the API may read and write besides its top level. */
const EDITABLE_FOLDERS = ['sheets'];

/** A job file's content and its entity tag. */
export interface JobFile {
  readonly path: string;
  readonly content: Buffer;
  readonly etag: string;
}

/** A strong entity tag from the content: equal tags, equal bytes. */
export function etagOf(content: Buffer): string {
  return `"${createHash('sha256').update(content).digest('base64url')}"`;
}

/**
 * The absolute path of `path` (as the URL gave it) among the job's own files: the bean file,
 * seeds and other files at the top of the job folder, and its sheets. Refused (400/403): a path
 * that climbs (`..`, however encoded, since the router decoded it), an absolute one, a dotfile,
 * one into the run, state or checkpoint folders, and one that a symbolic link takes out of the job.
 */
export async function jobFilePath(jobDir: string, path: string): Promise<string> {
  const parts = pathParts(path, 'the job folder');
  if (parts.length > 2 || (parts.length === 2 && !EDITABLE_FOLDERS.includes(parts[0]))) {
    throw new HttpProblem(403, 'Forbidden', `"${path}" is not one of the job's own files: those are the files at the top of the job folder and in ` +
      `${EDITABLE_FOLDERS.join(', ')}/`);
  }
  const full = await confined(jobDir, parts, path, 'the job folder');
  const info = await lstat(full).catch(ignoreMissing);
  if (info?.isDirectory()) throw new HttpProblem(403, 'Forbidden', `"${path}" is a folder`);
  if (info?.isSymbolicLink() && !(await lstat(await realpath(full)).then((s) => s.isFile(), () => false))) {
    throw new HttpProblem(403, 'Forbidden', `"${path}" is a link to no file`);
  }
  return full;
}

/**
 * The absolute path of `path` (as the URL gave it, `''` for the folder itself) anywhere under
 * `root` (a job folder, or the jobs folder): what Heritrix's jobdir and jobsdir serve to read. The
 * same refusals as for a job's own files, but for depth: a path that climbs, an absolute one, a
 * dotfile or dot folder (the service's token and the jobs' sockets live in those), and one that a
 * symbolic link takes out of `root`.
 */
export async function folderEntryPath(root: string, path: string, what: string): Promise<string> {
  return path === '' ? root : confined(root, pathParts(path, what), path, what);
}

/** The path's segments; 400 for one that climbs or is absolute, 403 for a dotfile. */
function pathParts(path: string, what: string): string[] {
  const parts = path.split('/');
  if (path.startsWith('/') || path.includes('\\') || path.includes('\0') || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new HttpProblem(400, 'Bad Request', `"${path}" is not a path inside ${what}`);
  }
  if (parts.some((p) => p.startsWith('.'))) throw new HttpProblem(403, 'Forbidden', `"${path}" names a dotfile: those are the service's own`);
  return parts;
}

/** The path under `root`, refused (403) when what exists of it leads out of `root` once links are followed. */
async function confined(root: string, parts: readonly string[], path: string, what: string): Promise<string> {
  const full = join(root, ...parts);
  const real = await realpath(root);
  for (let at = full; at.length > root.length; at = dirname(at)) {
    // Not there yet (a file or folder to create): its nearest folder that is there is the one checked.
    const resolved = await realpath(at).catch(() => undefined);
    if (resolved === undefined) continue;
    if (resolved !== real && !resolved.startsWith(real + sep)) throw new HttpProblem(403, 'Forbidden', `"${path}" leads out of ${what}`);
    break;
  }
  return full;
}

/** The file, or 404. */
export async function readJobFile(jobDir: string, path: string): Promise<JobFile> {
  const full = await jobFilePath(jobDir, path);
  const content = await readFile(full).catch(() => {
    throw new HttpProblem(404, 'Not Found', `the job has no file "${path}"`);
  });
  return { path: relative(jobDir, full), content, etag: etagOf(content) };
}

/**
 * Stores `content` whole (writeFileWhole: a new temporary file, made exclusively, renamed over the old one). With `ifMatch`, only over
 * the version it names (`*`: any existing one): a stale tag answers 412, so that two editors never
 * overwrite each other silently. Returns the new tag and whether the file was created.
 */
export async function writeJobFile(jobDir: string, path: string, content: Buffer, ifMatch?: string): Promise<{ etag: string; created: boolean }> {
  const full = await jobFilePath(jobDir, path);
  const current = await readFile(full).catch(ignoreMissing);
  if (ifMatch !== undefined) {
    const tags = ifMatch.split(',').map((t) => t.trim());
    const matches = current !== undefined && (tags.includes('*') || tags.includes(etagOf(current)));
    if (!matches) {
      throw new HttpProblem(412, 'Precondition Failed', current === undefined ? `"${path}" does not exist` : `"${path}" changed since it was read: ` +
        `read it again, then save`, current ? { etag: etagOf(current) } : {});
    }
  }
  await mkdir(dirname(full), { recursive: true });
  await writeFileWhole(full, content);
  return { etag: etagOf(content), created: current === undefined };
}

/** Files are data: served as text or bytes, never as something a browser renders. */
export function jobFileType(path: string): string {
  if (/\.(xml|cxml)$/.test(path)) return 'application/xml; charset=utf-8';
  if (path.endsWith('.json')) return 'application/json; charset=utf-8';
  if (/\.(txt|seeds|conf|properties|log|jsonl|cdxj)$/.test(path)) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}
