import { readdir, stat } from 'node:fs/promises';
import { jobStatus, type JobStatus } from '../job/job-status.js';
import { JOB_BEAN_FILES } from '../job/locate-bean-file.js';

/** The name of a crawl's control socket in its job folder (control-socket.ts). */
const CONTROL_SOCKET = '.beancrawl.sock';
/**
 * A folder's modification time this old is kept: one changed since has another (coarse file
 * system clocks give a change the time of a tick, or of a second).
 */
const SETTLED_MS = 2000;

/**
 * The status of jobs not running, kept while their folder is unchanged: a job folder's own
 * modification time changes whenever an entry at its top comes or goes (a crawl's control socket
 * when it starts and when it stops, a bean file renamed into place, the runs folder), and a
 * crawl's run record is written while it runs or while it stops (a status then not kept). So a
 * list of 10,000 jobs costs one stat each, not a read of every run record and a knock on every
 * socket. The status of a job with a control socket is never kept: it is asked of its crawl each time.
 */
export class JobStatusCache {
  readonly #kept = new Map<string, { readonly mtimeMs: number; readonly status: JobStatus }>();

  /** The job's status; undefined when `dir` is not a job folder (no folder, or no bean file in it). */
  async get(dir: string): Promise<JobStatus | undefined> {
    // Not there, or not readable as a folder: no job to list (the caller answers 404); nothing of it is kept.
    const info = await stat(dir).catch(() => undefined);
    if (!info?.isDirectory()) {
      this.#kept.delete(dir);
      return undefined;
    }
    const kept = this.#kept.get(dir);
    if (kept && kept.mtimeMs === info.mtimeMs) return kept.status;
    // A folder changed within the file system's timestamp granularity (a jiffy; a second or two on
    // some) could change again with the same time.
    const settled = Date.now() - info.mtimeMs > SETTLED_MS;
    // A folder gone or unreadable since its stat holds no bean file to find: not a job, as isJobFolder says.
    const files = await readdir(dir).catch(() => [] as string[]);
    if (!files.some((f) => (JOB_BEAN_FILES as readonly string[]).includes(f))) {
      this.#kept.delete(dir);
      return undefined;
    }
    const status = await jobStatus(dir);
    // A control socket there (a crawl running, starting, or one that died): asked again each time, a crawl slow to answer once being no crawl for good.
    if (status.running || files.includes(CONTROL_SOCKET) || !settled) this.#kept.delete(dir);
    else this.#kept.set(dir, { mtimeMs: info.mtimeMs, status });
    return status;
  }

  /** Forgets a job's status (its crawl changed state, the service wrote into it). */
  forget(dir: string): void {
    this.#kept.delete(dir);
  }
}
