import { stat } from 'node:fs/promises';
import { holdFolder } from '../util/make-folders.js';

/** A folder a crawl cannot go on without, as the operator knows it. */
export interface WatchedFolder {
  /** `job folder`, `state folder`. */
  readonly what: string;
  readonly path: string;
}

/** A watched folder as it was at start. */
interface Identity {
  readonly folder: WatchedFolder;
  readonly dev: number;
  readonly ino: number;
  /** When it was made, where the file system says (an inode number is soon given again). */
  readonly birthtimeMs: number;
}

/** How often the folders are looked at: a deletion is noticed within this, and it costs two stat calls. */
export const FOLDER_CHECK_INTERVAL_MS = 2000;

/**
 * Watches the folders a running crawl lives in (its job folder, its state folder): every
 * `intervalMs`, each must still be the folder it was at start (the same device, inode and time of
 * making, so a folder deleted and made again counts as gone). At the first one gone, `onLoss` is told which,
 * once, and the watch ends. While watched, a folder is held: writers make folders below it,
 * never it again (makeFolders).
 */
export class JobFolderWatchdog {
  readonly #identities: readonly Identity[];
  readonly #releases: ReadonlyArray<() => void>;
  #timer?: NodeJS.Timeout;
  #checking = false;
  #lost?: WatchedFolder;

  private constructor(identities: readonly Identity[], private readonly onLoss: (folder: WatchedFolder, why: string) => void) {
    this.#identities = identities;
    this.#releases = identities.map((i) => holdFolder(i.folder.path));
  }

  /** Reads each folder's identity now (it must stand), and starts the watch. */
  static async start(folders: readonly WatchedFolder[], onLoss: (folder: WatchedFolder, why: string) => void, intervalMs = FOLDER_CHECK_INTERVAL_MS): Promise<JobFolderWatchdog> {
    const identities = await Promise.all(folders.map(async (folder) => {
      const s = await stat(folder.path);
      return { folder, dev: s.dev, ino: s.ino, birthtimeMs: s.birthtimeMs };
    }));
    const watchdog = new JobFolderWatchdog(identities, onLoss);
    watchdog.#timer = setInterval(() => void watchdog.check(), intervalMs);
    // The watch alone must not keep a finished launch's process alive.
    watchdog.#timer.unref();
    return watchdog;
  }

  /** The folder found gone, once one was. */
  get lost(): WatchedFolder | undefined {
    return this.#lost;
  }

  /** Looks at every folder once (one look at a time); tells onLoss of the first one gone. */
  async check(): Promise<WatchedFolder | undefined> {
    if (this.#checking || this.#lost) return this.#lost;
    this.#checking = true;
    try {
      for (const { folder, dev, ino, birthtimeMs } of this.#identities) {
        const now = await stat(folder.path).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' || e.code === 'ENOTDIR' ? undefined : Promise.reject(e)));
        const why = now === undefined ? 'deleted' : now.dev !== dev || now.ino !== ino || now.birthtimeMs !== birthtimeMs ? 'deleted and made ' +
          'again' : undefined;
        if (why === undefined) continue;
        this.#lost = folder;
        this.stop();
        this.onLoss(folder, why);
        return folder;
      }
      return undefined;
    } catch {
      // A folder that cannot be read now (permissions changed) is not a folder gone: looked at again at the next tick.
      return undefined;
    } finally {
      this.#checking = false;
    }
  }

  /** Ends the watch; the holds stay until release (the beans that stop after a loss must not make the folders again). */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Ends the holds too: writers may make the folders again (the crawl is over). */
  release(): void {
    this.stop();
    for (const release of this.#releases) release();
  }
}
