import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import { JournaledFile } from '../../model/journaled-file.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import { DOCUMENT_ATTRIBUTES, documentText, type DocumentAttribute } from './document-attributes.js';
import type { jsonlReceiverComponent } from './jsonl-receiver.descriptor.js';

export type JsonlReceiverConfig = ConfigOf<typeof jsonlReceiverComponent>;

/** One JSON line per document, its attributes named by the mapping; written through one buffered stream. */
export class JsonlReceiver implements Receiver {
  #stream?: WriteStream;
  #journaled?: JournaledFile;
  readonly #mapping: ReadonlyArray<readonly [DocumentAttribute, string]>;

  constructor(readonly config: JsonlReceiverConfig) {
    this.#mapping = Object.entries(config.mapping) as Array<[DocumentAttribute, string]>;
  }

  async start(): Promise<void> {
    if (this.#stream) return;
    await mkdir(dirname(this.config.path), { recursive: true });
    if (this.config.contentFormat === 'path') await mkdir(this.config.contentDirectory, { recursive: true });
    this.#stream = createWriteStream(this.config.path, { flags: 'a', highWaterMark: 1 << 16 });
    const store = this.config.stateStore;
    if (store) this.#journaled = new JournaledFile(store, this.config.path, this.#stream, await stat(this.config.path).then((s) => s.size, () => 0));
  }

  documentFound(doc: CrawledDocument): void | Promise<void> {
    const row: Record<string, unknown> = {};
    let contentKey: string | undefined;
    for (const [attribute, key] of this.#mapping) {
      if (attribute === 'httpContent') contentKey = key;
      row[key] = DOCUMENT_ATTRIBUTES[attribute]?.(doc);
    }
    if (contentKey === undefined) return this.#write(row);
    if (this.config.contentFormat === 'path') {
      const key = contentKey;
      return this.#contentPath(doc).then((p) => this.#write(Object.assign(row, { [key]: p })));
    }
    row[contentKey] = this.config.contentFormat === 'base64' ? doc.content.toString('base64') : documentText(doc);
    return this.#write(row);
  }

  crawlFailed(): Promise<void> {
    return this.stop();
  }

  async stop(): Promise<void> {
    const stream = this.#stream;
    this.#stream = undefined;
    if (!stream) return;
    stream.end();
    const ended = finished(stream);
    this.#journaled?.ending(ended);
    await ended;
  }

  #write(row: Record<string, unknown>): void | Promise<void> {
    const stream = this.#stream;
    if (!stream) throw new Error('JsonlReceiver got a document before start()');
    const line = `${JSON.stringify(row)}\n`;
    if (!(this.#journaled ? this.#journaled.write(line) : stream.write(line))) return once(stream, 'drain').then(() => undefined);
  }

  async #contentPath(doc: CrawledDocument): Promise<string> {
    if (doc.contentPath !== undefined) return doc.contentPath;
    const path = join(this.config.contentDirectory, createHash('sha1').update(doc.url).digest('hex'));
    await writeFile(path, doc.content);
    return path;
  }
}
