import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import type { directoryMirrorReceiverComponent } from './directory-mirror-receiver.descriptor.js';
import { mirrorPath } from './mirror-path.js';

export type DirectoryMirrorReceiverConfig = ConfigOf<typeof directoryMirrorReceiverComponent>;

/**
 * Writes each document's content to its mirror path. The frontier never has two URIs of one host
 * in flight, so the writes of one host's folder never race each other.
 */
export class DirectoryMirrorReceiver implements Receiver {
  /** Bytes stored in this run. */
  bytes = 0;
  /** Documents stored in this run. */
  documents = 0;

  constructor(readonly config: DirectoryMirrorReceiverConfig) {}

  async start(): Promise<void> {
    await mkdir(this.config.path, { recursive: true });
  }

  async documentFound(doc: CrawledDocument): Promise<void> {
    const segments = mirrorPath(doc.url, this.config);
    if (segments === undefined) return;
    const max = this.config.maxTotalBytes;
    if (max > 0 && this.bytes + doc.size > max) return;
    this.bytes += doc.size;
    this.documents++;
    await this.#store(join(this.config.path, ...segments), doc.content);
  }

  /** Writes the file; a folder already standing at its path gets the content as its directoryFile. */
  async #store(file: string, content: Buffer): Promise<void> {
    await this.#folder(dirname(file));
    try {
      await writeFile(file, content);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EISDIR') throw e;
      await writeFile(join(file, this.config.directoryFile), content);
    }
  }

  /** Makes the folder; a file standing where a folder is needed moves into that folder as its directoryFile. */
  async #folder(dir: string): Promise<void> {
    try {
      await mkdir(dir, { recursive: true });
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
