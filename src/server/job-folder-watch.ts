import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/** What changed: a job folder added or removed (`file` undefined), or an entry at the top of one (its name). */
export type JobFolderChange = (job: string, file: string | undefined) => void;

/**
 * Watches a jobs folder and the top of each job folder in it (inotify through fs.watch: nothing
 * runs while nothing changes, whatever the number of jobs), so that the service hears of a job
 * folder made or removed, a crawl started from another shell (its control socket appears), and
 * a bean file edited on disk, instead of looking at every job each second. A folder that cannot
 * be watched (the system's limit of watches reached) is listed in `unwatched`: the caller looks
 * at those itself.
 */
export class JobFolderWatch {
  readonly #watchers = new Map<string, FSWatcher>();
  readonly #unwatched = new Set<string>();
  #folder?: FSWatcher;
  #closed = false;

  constructor(readonly jobsDir: string, readonly onChange: JobFolderChange) {}

  /** Begins watching the jobs folder; job folders are added one by one (`add`). */
  start(): void {
    this.#folder = watch(this.jobsDir, (_event, name) => {
      if (this.#closed || !name || name.startsWith('.')) return;
      this.onChange(String(name), undefined);
    });
    // The jobs folder itself removed or unreadable: the job list still reads it when asked.
    this.#folder.on('error', () => this.#folder?.close());
  }

  /** Watches the top of job folder `name` (again: a folder removed and made anew is a new folder). */
  add(name: string): void {
    if (this.#closed) return;
    this.#watchers.get(name)?.close();
    try {
      const watcher = watch(join(this.jobsDir, name), (_event, file) => {
        if (!this.#closed) this.onChange(name, file ? String(file) : '');
      });
      // The folder removed: its watcher ends; the jobs folder's watcher says it went.
      watcher.on('error', () => this.remove(name));
      this.#watchers.set(name, watcher);
      this.#unwatched.delete(name);
    } catch (e) {
      // Not a folder (any more): nothing to watch. Out of watches: the caller looks at it as before.
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') this.#unwatched.add(name);
    }
  }

  remove(name: string): void {
    this.#watchers.get(name)?.close();
    this.#watchers.delete(name);
    this.#unwatched.delete(name);
  }

  has(name: string): boolean {
    return this.#watchers.has(name) || this.#unwatched.has(name);
  }

  /** Job folders that could not be watched. */
  get unwatched(): ReadonlySet<string> {
    return this.#unwatched;
  }

  close(): void {
    this.#closed = true;
    this.#folder?.close();
    for (const w of this.#watchers.values()) w.close();
    this.#watchers.clear();
  }
}
