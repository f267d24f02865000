import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { makeFolders } from './make-folders.js';
import { removeLeftFiles } from './remove-left-files.js';

/** The names of scratch files: a fetcher's backing files (`.ris`) and the gzip copies writers make next to them. */
const SCRATCH_NAMES = /\.ris(\..*\.gz)?$/;

/** Numbers the files of this process, whichever fetcher makes them (they share a folder). */
let serial = 0;

/**
 * The folder where fetchers keep what outgrew their in-memory bound (Heritrix's `.ris` backing
 * files): FetchHttp's responses, FetchImap's messages. A job makes the fetchers' scratchDir
 * absolute (under the job folder); a relative one (a fetcher made without a job) is the system's
 * temporary folder. `open()` makes it and removes what a killed crawl left there (only from a
 * job's folder: the system's is shared).
 */
export class ScratchFolder {
  readonly path: string;
  readonly #own: boolean;

  constructor(dir: string) {
    this.#own = isAbsolute(dir);
    this.path = this.#own ? dir : join(tmpdir(), 'beancrawl-scratch');
  }

  async open(): Promise<void> {
    await makeFolders(this.path);
    if (this.#own) await removeLeftFiles(this.path, SCRATCH_NAMES);
  }

  /** The path of a new file (not made yet): its maker lists it with its URI (CrawlUri.scratchFiles), which removes it once done. */
  newFile(): string {
    return join(this.path, `${process.pid}-${++serial}.ris`);
  }
}
