import { ApiError, api, jobPath, problemError } from './api.js';
import type { VerifyReport } from './api-types.js';

/** One of the job's own files, as GET …/files lists it. */
export interface JobFileEntry {
  readonly path: string;
  readonly beanFile: boolean;
}

/** A file's text and the tag that names this version of it. */
export interface JobFileText {
  readonly text: string;
  readonly etag: string;
}

/** What a PUT of a file answers: its new tag, and for a bean file or sheet the job's verify. */
export interface SavedFile {
  readonly path: string;
  readonly etag: string;
  readonly verify?: VerifyReport;
}

/** `/api/v1/jobs/NAME/files/PATH`, each segment encoded. */
function filePath(job: string, path: string): string {
  return jobPath(job, `/files/${path.split('/').map(encodeURIComponent).join('/')}`);
}

/** The job's own files: the bean file, the others at its top, its sheets. */
export function listJobFiles(job: string): Promise<JobFileEntry[]> {
  return api<JobFileEntry[]>('GET', jobPath(job, '/files'));
}

/** Raw text in and out (the API's file routes are bytes, not JSON); a failure throws an ApiError. */
async function send(method: string, url: string, headers: Record<string, string>, body?: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { method, credentials: 'same-origin', headers, body, cache: 'no-store' });
  } catch (e) {
    throw new ApiError(0, 'No answer', `the service did not answer (${(e as Error).message}); is it still running?`);
  }
  if (res.ok) return res;
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  throw problemError(res.status, res.statusText, json, text);
}

/** A file's text with its ETag. */
export async function readJobFile(job: string, path: string): Promise<JobFileText> {
  const res = await send('GET', filePath(job, path), { accept: '*/*' });
  return { text: await res.text(), etag: res.headers.get('etag') ?? '' };
}

/**
 * Stores the text if the file is still the version tagged `etag` (If-Match): a file changed
 * elsewhere meanwhile answers 412 (an ApiError of that status) and is left as it is.
 */
export async function saveJobFile(job: string, path: string, text: string, etag: string): Promise<SavedFile> {
  const res = await send('PUT', filePath(job, path), { accept: 'application/json', 'content-type': 'text/plain; charset=utf-8', 'if-match': etag }, text);
  return (await res.json()) as SavedFile;
}

/** Verifies the job as if the file held `text` (nothing is saved). */
export function verifyUnsaved(job: string, path: string, text: string): Promise<VerifyReport> {
  return api<VerifyReport>('POST', jobPath(job, '/verify'), { files: { [path]: text } });
}
