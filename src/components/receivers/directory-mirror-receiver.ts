import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { mkdir, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { DocumentEvent } from '../../model/fetch-history.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import { fileBesideFolder, mirrorPath, type MirrorPathOptions } from './mirror-path.js';
import { MirrorStaging } from './mirror-staging.js';
import { makeFolders } from '../../util/make-folders.js';
import { ignoreMissing } from '../../util/ignore-missing.js';

export const directoryMirrorReceiverComponent = defineComponent({
  name: 'DirectoryMirrorReceiver',
  description:
    'A result receiver that mirrors fetched documents under a folder by URL path, like Oracle Ultra Search\'s document cache ' +
    '(http and https URLs; for Heritrix\'s own layout and properties, MirrorWriterProcessor): a folder for each origin, ' +
    '`scheme_host`, and `_port` for a port other than the scheme\'s default (`http_127.0.0.1_8080/`, `https_example.org/`), then ' +
    '`path/name` as the URL writes them, `index.html` for a path ending in `/`, a query after a `#` (`list#page=2`). Two URLs ' +
    'never share a file: a name that had to change (a character some file system refuses, written `%XX`; an empty segment; a ' +
    'literal `index.html`; a name cut to maxSegLength; a capital on a case-insensitive file system) gets `{`, 8 hex digits ' +
    'of its SHA-1 and `}` before its suffix (`About{1b2c3d4e}.html`), and a file where a folder of its name stands (`/a` beside ' +
    '`/a/b`) is `a{file}`. Documents are stored decoded (no gzip), so the folder serves as an offline copy; links inside them ' +
    'are not rewritten. Each file is written beside the mirror (in `mirror.partial/`) and renamed into place, so a document ' +
    'fetched again replaces its file whole and a crash leaves no half file. In a delta run, new and changed documents are ' +
    'written, unchanged ones left as they are (written only if their file is missing and their content was fetched, not for ' +
    'a 304), and a deleted document\'s file is removed, with the folders that leaves empty (never the mirror\'s folder itself ' +
    'nor anything outside it).',
  kinds: ['Receiver'],
  props: {
    path: { type: 'string', default: 'mirror', path: true, description: 'The mirror\'s folder (relative to the job folder, so it outlives a run); ' +
      'files are written in `PATH.partial` first.' },
    directoryFile: { type: 'string', minLength: 1, pattern: '^[^/\\\\#{}]+$', default: 'index.html', description: 'The file name for a URL path ' +
      'ending in `/` (a URL naming it literally gets its hash).' },
    createHostDirectory: { type: 'boolean', default: true, description: 'A folder for each origin (`http_127.0.0.1_8080`); false puts every ' +
      'origin\'s paths in one tree.' },
    createPortDirectory: { type: 'boolean', default: false, description: 'The origin\'s folder named without its port (`http_127.0.0.1`), and ' +
      'under it a folder named after the port (the scheme\'s default when the URL names none).' },
    maxSegLength: { type: 'integer', minimum: 16, default: 255, description: 'Longest file or folder name; a longer one is cut and given its hash ' +
      '(`{`, 8 hex digits, `}`).' },
    caseInsensitiveNames: {
      type: 'boolean', default: false,
      description: 'Names with a capital letter get their hash, so that no two names fold to one. Taken as true when the mirror\'s file system is ' +
        'found case-insensitive as the crawl starts (macOS, Windows).',
    },
    maxTotalBytes: {
      type: 'integer', minimum: 0, default: 0,
      description: 'Once the mirror holds this many bytes from this run, further documents are not stored (Ultra Search\'s cache size). 0 = no limit.',
    },
  },
  outputs: (c) => [{ what: 'mirror', path: String(c.path) }],
  load: async (): Promise<ComponentClass> => DirectoryMirrorReceiver,
});

export type DirectoryMirrorReceiverConfig = ConfigOf<typeof directoryMirrorReceiverComponent>;

/** The rename errors #place meets (a folder gone from under the crawl, a folder of the file's name). */
const RENAME_MET = new Set(['ENOENT', 'EISDIR', 'EPERM', 'EACCES']);

/**
 * Writes each document's content to its mirror path (mirrorPath). Each origin has a folder of its
 * own and the frontier never has two URIs of one host in flight, so the writes of one folder do
 * not race each other; if they did, each rename would still put a whole file in place. In a delta
 * run a new or changed document is written as in any run, an unchanged one is left as it is
 * (written only when its copy is missing and its content came), and a deleted one's copy is
 * removed, with the folders left empty by that up to (not including) the mirror's folder.
 */
export class DirectoryMirrorReceiver implements Receiver {
  /** Bytes stored in this run. */
  bytes = 0;
  /** Documents stored in this run. */
  documents = 0;
  /** Copies removed in this run (deleted documents). */
  deleted = 0;
  /** Folders made or found, not asked for again (a folder the crawl removes leaves this set). */
  readonly #folders = new Set<string>();
  readonly #staging: MirrorStaging;
  #layout: MirrorPathOptions;

  constructor(readonly config: DirectoryMirrorReceiverConfig) {
    this.#staging = new MirrorStaging(config.path);
    this.#layout = config;
  }

  /** Files its staging's thread placed (or failed to place), beside those placed on the crawl's thread before it was up. */
  get placedOnThread(): number {
    return this.#staging.placedOnThread;
  }

  /** Makes the folders, and finds out whether capitals need their hash on this file system. */
  async start(): Promise<void> {
    await makeFolders(this.config.path);
    await this.#staging.ready();
    if (!this.config.caseInsensitiveNames && (await this.#staging.caseInsensitive())) this.#layout = { ...this.config, caseInsensitiveNames: true };
  }

  /** Removes the folder beside the mirror that its files were written in. */
  stop(): Promise<void> {
    return this.#staging.close();
  }

  async documentFound(doc: CrawledDocument): Promise<void> {
    const file = this.#fileOf(doc.url);
    if (file === undefined) return;
    await this.#write(file, doc);
  }

  documentNew(doc: CrawledDocument): Promise<void> {
    return this.documentFound(doc);
  }

  documentChanged(doc: CrawledDocument): Promise<void> {
    return this.documentFound(doc);
  }

  /** Leaves the copy as it is; writes it only when it is missing and the content came (not a 304). */
  async documentUnchanged(_event: DocumentEvent, doc?: CrawledDocument): Promise<void> {
    if (doc === undefined) return;
    const file = this.#fileOf(doc.url);
    if (file === undefined || (await this.#copyOf(file)) !== undefined) return;
    await this.#write(file, doc);
  }

  /**
   * Removes the copy, then each folder that removal left empty, up to the mirror's folder; a file
   * kept beside a folder so removed (`a{file}`) takes the folder's name again.
   */
  async documentDeleted(event: DocumentEvent): Promise<void> {
    const file = this.#fileOf(event.url);
    const copy = file && (await this.#copyOf(file));
    if (copy === undefined) return;
    try {
      await unlink(copy);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    this.deleted++;
    for (let dir = dirname(copy); this.#inside(dir); dir = dirname(dir)) {
      // rmdir removes only an empty folder: one holding anything else stays, and so do those above it.
      if (!(await rmdir(dir).then(() => true, () => false))) break;
      this.#folders.delete(dir);
      // A copy kept beside the folder (if any) takes back its name; one that cannot stays beside it, where #copyOf finds it.
      await rename(this.#beside(dir), dir).catch(() => undefined);
    }
  }

  /** Where a URL's copy goes; undefined for URLs the mirror does not hold (not http/https). */
  #fileOf(url: string): string | undefined {
    const segments = mirrorPath(url, this.#layout);
    if (segments === undefined) return undefined;
    const file = join(this.config.path, ...segments);
    return this.#inside(file) ? file : undefined;
  }

  /** Strictly below the mirror's folder. */
  #inside(path: string): boolean {
    const rel = relative(this.config.path, path);
    return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  }

  /** The file holding a URL's copy: at its path, or beside a folder standing there; undefined when there is none. */
  async #copyOf(file: string): Promise<string | undefined> {
    for (const at of [file, this.#beside(file)]) if ((await stat(at).catch(ignoreMissing))?.isFile()) return at;
    return undefined;
  }

  /** Where a file goes when a folder of its name stands at its path. */
  #beside(file: string): string {
    return join(dirname(file), fileBesideFolder(basename(file), this.config.maxSegLength));
  }

  async #write(file: string, doc: CrawledDocument): Promise<void> {
    const max = this.config.maxTotalBytes;
    if (max > 0 && this.bytes + doc.size > max) return;
    this.bytes += doc.size;
    this.documents++;
    // A folder made (or found) once is not asked for again: a file written into it costs no mkdir.
    const dir = dirname(file);
    if (!this.#folders.has(dir)) {
      await this.#folder(dir);
      this.#folders.add(dir);
    }
    // Written and renamed into place in one message to the staging's thread (four trips to libuv's
    // pool paid on the crawl's thread were a fifth of its time on one site); a rename that failed
    // for a reason #place knows how to meet is done again here, where it meets it.
    try {
      await this.#staging.place(doc.content, file);
      return;
    } catch (e) {
      if (!RENAME_MET.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
    }
    const staged = await this.#staging.write(doc.content);
    try {
      await this.#place(staged, file);
    } catch (e) {
      await this.#staging.discard(staged);
      throw e;
    }
  }

  /**
   * Renames the staged file to its name (its folder made by #write), making the folder again when
   * it went from under the crawl, or where a folder of that name stands to the name beside it.
   */
  async #place(staged: string, file: string): Promise<void> {
    const dir = dirname(file);
    try {
      await rename(staged, file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        // A deletion emptied and removed the folder meanwhile (or it went from under the crawl): make it again.
        await this.#folder(dir);
        await rename(staged, file);
      // A name that cannot be looked at is no folder: the rename's own error is thrown below.
      } else if (code === 'EISDIR' || ((code === 'EPERM' || code === 'EACCES') && (await stat(file).catch(() => undefined))?.isDirectory())) {
        // A folder of its name (Windows says EPERM): the file goes beside it.
        await rename(staged, this.#beside(file));
      } else throw e;
    }
  }

  /** Makes the folder; a file standing where a folder is needed moves beside it (`a` to `a{file}`). */
  async #folder(dir: string): Promise<void> {
    try {
      await makeFolders(dir);
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'ENOTDIR') throw e;
    }
    let at = this.config.path;
    for (const segment of relative(this.config.path, dir).split(sep)) {
      at = join(at, segment);
      const found = await stat(at).catch(ignoreMissing);
      if (found === undefined) await mkdir(at);
      else if (!found.isDirectory()) {
        await rename(at, this.#beside(at));
        await mkdir(at);
      }
    }
  }
}
