import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { writeFile as writeFileCallback } from 'node:fs';
import { mkdir, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { promisify } from 'node:util';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { DocumentEvent } from '../../model/fetch-history.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import { mirrorPath } from './mirror-path.js';
import { makeFolders } from '../../util/make-folders.js';

export const directoryMirrorReceiverComponent = defineComponent({
  name: 'DirectoryMirrorReceiver',
  description:
    'A result receiver that mirrors fetched documents under a folder by URL path, like Oracle Ultra Search\'s document cache ' +
    '(http and https URLs; for Heritrix\'s own layout and properties, MirrorWriterProcessor): `host/path/name`, `index.html` for a path ending in `/`, the query kept in the ' +
    'name. Documents are stored decoded (no gzip), so the folder serves as an offline copy; links inside them are not ' +
    'rewritten. A document fetched again overwrites its file. A file standing where a folder is needed (`/a` then `/a/b`) ' +
    'moves into it as its directoryFile. In a delta run, new and changed documents are written, unchanged ones left as they ' +
    'are (written only if their file is missing and their content was fetched, not for a 304), and a deleted document\'s ' +
    'file is removed, with the folders that leaves empty (never the mirror\'s folder itself nor anything outside it).',
  kinds: ['Receiver'],
  props: {
    path: { type: 'string', default: 'mirror', path: true, description: 'The mirror\'s folder (relative to the job folder, so it outlives a run).' },
    directoryFile: { type: 'string', minLength: 1, pattern: '^[^/\\\\]+$', default: 'index.html', description: 'The file name for a URL path ending in `/`.' },
    createHostDirectory: { type: 'boolean', default: true, description: 'Put each host\'s documents in a folder named after it.' },
    createPortDirectory: { type: 'boolean', default: false, description: 'Under the host folder, a folder named after the port.' },
    maxSegLength: { type: 'integer', minimum: 16, default: 255, description: 'Longest file or folder name; a longer one is cut and ends in `~` and a hash.' },
    maxTotalBytes: {
      type: 'integer', minimum: 0, default: 0,
      description: 'Once the mirror holds this many bytes from this run, further documents are not stored (Ultra Search\'s cache size). 0 = no limit.',
    },
  },
  outputs: (c) => [{ what: 'mirror', path: String(c.path) }],
  load: async (): Promise<ComponentClass> => DirectoryMirrorReceiver,
});

/**
 * fs.writeFile through its callback: the promise API's makes a FileHandle for every file, an
 * object the collector must finalise (measured on the 20,000-page synthetic site, interleaved:
 * the crawl 2–6 % shorter, 0.8–1.4 s less CPU).
 */
const writeFile = promisify(writeFileCallback);

export type DirectoryMirrorReceiverConfig = ConfigOf<typeof directoryMirrorReceiverComponent>;

/**
 * Writes each document's content to its mirror path. The frontier never has two URIs of one host
 * in flight, so the writes of one host's folder never race each other. In a delta run a new or
 * changed document is written as in any run, an unchanged one is left as it is (written only
 * when its copy is missing and its content came), and a deleted one's copy is removed, with the
 * folders left empty by that up to (not including) the mirror's folder.
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

  constructor(readonly config: DirectoryMirrorReceiverConfig) {}

  async start(): Promise<void> {
    await makeFolders(this.config.path);
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

  /** Removes the copy, then each folder that removal left empty, up to the mirror's folder. */
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
    }
  }

  /** Where a URL's copy goes; undefined for URLs the mirror does not hold (not http/https). */
  #fileOf(url: string): string | undefined {
    const segments = mirrorPath(url, this.config);
    if (segments === undefined) return undefined;
    const file = join(this.config.path, ...segments);
    return this.#inside(file) ? file : undefined;
  }

  /** Strictly below the mirror's folder. */
  #inside(path: string): boolean {
    const rel = relative(this.config.path, path);
    return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  }

  /** The file holding a URL's copy: at its path, or as the directoryFile of a folder standing there; undefined when there is none. */
  async #copyOf(file: string): Promise<string | undefined> {
    const found = await stat(file).catch(() => undefined);
    if (found?.isFile()) return file;
    if (!found?.isDirectory()) return undefined;
    const inFolder = join(file, this.config.directoryFile);
    return (await stat(inFolder).catch(() => undefined))?.isFile() ? inFolder : undefined;
  }

  async #write(file: string, doc: CrawledDocument): Promise<void> {
    const max = this.config.maxTotalBytes;
    if (max > 0 && this.bytes + doc.size > max) return;
    this.bytes += doc.size;
    this.documents++;
    await this.#store(file, doc.content);
  }

  /**
   * Writes the file; a folder already standing at its path gets the content as its directoryFile.
   * A folder made (or found) once is not asked for again: a file written into it costs no mkdir.
   */
  async #store(file: string, content: Buffer): Promise<void> {
    const dir = dirname(file);
    if (!this.#folders.has(dir)) {
      await this.#folder(dir);
      this.#folders.add(dir);
    }
    try {
      await writeFile(file, content);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        // A deletion emptied and removed the folder meanwhile (or it went from under the crawl): make it again.
        await this.#folder(dir);
        await writeFile(file, content);
      } else if (code === 'EISDIR') await writeFile(join(file, this.config.directoryFile), content);
      else throw e;
    }
  }

  /** Makes the folder; a file standing where a folder is needed moves into that folder as its directoryFile. */
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
      const found = await stat(at).catch(() => undefined);
      if (found === undefined) await mkdir(at);
      else if (!found.isDirectory()) {
        await rename(at, `${at}.~moving`);
        await mkdir(at);
        await rename(`${at}.~moving`, join(at, this.config.directoryFile));
      }
    }
  }
}
