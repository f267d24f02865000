import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { didYouMean } from '../../util/did-you-mean.js';
import { ATTRIBUTE_FAMILIES, attributeGetter, DOCUMENT_ATTRIBUTE_NAMES, documentText, isAttributeName, type AttributeValue, type DocumentAttribute } from './document-attributes.js';
import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { stat, truncate, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { JournaledFile } from '../../model/journaled-file.js';
import type { DocumentEvent } from '../../model/fetch-history.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import { waitForDrain } from '../../util/wait-for-drain.js';
import { isoDate } from './iso-date.js';
import { makeFolders } from '../../util/make-folders.js';

export const DEFAULT_JSONL_MAPPING = {
  httpUrl: 'url', displayUrl: 'displayUrl', httpMimetype: 'mimeType', httpCharset: 'charset', httpContenttype: 'contentType',
  httpLastModified: 'lastModified', httpSize: 'size',
  _compoundRecordId: '_compoundRecordId', _compoundPath: '_compoundPath', _isCompound: '_isCompound',
  contentSignal: 'contentSignal', contentUsage: 'contentUsage',
} as const;

/** The key every line gives the document's event (`found`, `new`, `changed`, `unchanged`, `deleted`); no attribute may take it. */
export const KIND_KEY = 'kind';

/** SMILA's mapping: known attributes only, each to a key of its own. */
function validateMapping(bean: BeanView): ValidationIssue[] {
  const mapping = (bean.config.mapping ?? {}) as Record<string, string>;
  const issues: ValidationIssue[] = [];
  for (const attribute of Object.keys(mapping)) {
    if (isAttributeName(attribute)) continue;
    const near = didYouMean(attribute, DOCUMENT_ATTRIBUTE_NAMES);
    issues.push({
      property: 'mapping', message: `maps an unknown attribute "${attribute}"`,
      hints: near.length ? [`did you mean "${near[0]}"?`] : [`attributes: ${DOCUMENT_ATTRIBUTE_NAMES.join(', ')}, or ` +
        `${ATTRIBUTE_FAMILIES.map((f) => `${f}NAME`).join(', ')}`],
    });
  }
  const keys = Object.values(mapping);
  const twice = keys.find((k, i) => keys.indexOf(k) !== i);
  if (twice !== undefined) issues.push({ property: 'mapping', message: `maps two attributes to the key "${twice}"` });
  const reserved = Object.keys(mapping).find((a) => mapping[a] === KIND_KEY);
  if (reserved !== undefined) {
    issues.push({ property: 'mapping', message: `maps "${reserved}" to the key "${KIND_KEY}", which every line uses for the document's event ` +
      `(found, new, changed, unchanged, deleted)`, hints: ['choose another key'] });
  }
  return issues;
}

export const jsonlReceiverComponent = defineComponent({
  name: 'JsonlReceiver',
  description:
    'A result receiver writing one JSON object a line per document. As in SMILA\'s web crawler `mapping`, each attribute ' +
    'written is named by the mapping and attributes left out of it are not written. Each line begins with `kind`: `found` ' +
    'outside delta runs, else the document\'s delta, `new`, `changed`, `unchanged` or `deleted`. A document unchanged without ' +
    'content (a 304) or deleted has only what its event knows: httpUrl, httpMimetype, httpSize, httpLastModified, ' +
    'httpStatus, contentDigest and fetchTime (those mapped and known).',
  kinds: ['Receiver'],
  props: {
    path: { type: 'string', default: '${launchId}/documents.jsonl', path: true, description: 'The JSON Lines file (appended to).' },
    mapping: {
      type: 'object', additionalProperties: { type: 'string', minLength: 1 },
      default: DEFAULT_JSONL_MAPPING,
      description: `Attribute → JSON key. Attributes: ${DOCUMENT_ATTRIBUTE_NAMES.map((a) => `\`${a}\``).join(', ')} ` +
        '(SMILA\'s http… names first; httpSize is the content\'s bytes, httpLastModified and fetchTime ISO dates; title, text, language, ' +
          'description and keywords as an ExtractorDocument reads them; ' +
        'subject, from, to, date, messageId, folder and flags a mail message\'s envelope, as FetchImap reads it; contentSignal and ' +
        'contentUsage the usage preferences its site stated, as `search=yes, ai-train=no`), ' +
        'and `header.NAME` (a response header), `meta.NAME` (a meta tag) or `field.NAME` (a FieldsBySelector field). A mapping given replaces the ' +
          'default one. ' +
        `The key \`${KIND_KEY}\` is the line's own.`,
    },
    contentFormat: {
      type: 'string', enum: ['text', 'base64', 'path'], default: 'text',
      description: 'How httpContent is written, when mapped: `text` (decoded with the document\'s charset, UTF-8 when it names none), ' +
        '`base64`, or `path` (the content is saved in contentDirectory, or for a file: URI left where it is, and its path written).',
    },
    contentDirectory: { type: 'string', default: '${launchId}/content', path: true, description: 'Where contentFormat `path` saves contents, each ' +
      'named by the SHA-1 of its URL.' },
  },
  refs: {
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps how far the file was written at each commit, so a resumed crawl ' +
      'continues it without duplicate lines.' },
  },
  validate: validateMapping,
  outputs: (c) => [{ what: 'document list', path: String(c.path) }],
  load: async (): Promise<ComponentClass> => JsonlReceiver,
});

export type JsonlReceiverConfig = ConfigOf<typeof jsonlReceiverComponent>;

/**
 * The attributes a document's event carries without the document (a 304, a deletion), by the
 * mapping's attribute names; the others (charset, Content-Type, hops, via, content) are left out.
 */
const EVENT_ATTRIBUTES: Partial<Record<DocumentAttribute, (e: DocumentEvent) => string | number | undefined>> = {
  httpUrl: (e) => e.url,
  httpMimetype: (e) => e.mimeType || undefined,
  httpLastModified: (e) => isoDate(e.lastModified),
  httpSize: (e) => e.size,
  httpStatus: (e) => e.status,
  contentDigest: (e) => e.digest,
  fetchTime: (e) => isoDate(e.fetchTime),
  _compoundRecordId: (e) => e.compound?.recordId,
  _compoundPath: (e) => e.compound?.path,
};

/**
 * One JSON line per document, its attributes named by the mapping, after a top-level `kind`: the
 * document's event (`found` outside delta runs; `new`, `changed`, `unchanged` or `deleted` in
 * them). Written through one buffered stream.
 */
export class JsonlReceiver implements Receiver {
  #stream?: WriteStream;
  #journaled?: JournaledFile;
  readonly #mapping: ReadonlyArray<readonly [string, string]>;
  /** The mapping made once into what reads each attribute: [attribute, key, getter]. */
  readonly #getters: ReadonlyArray<readonly [string, string, (d: CrawledDocument) => AttributeValue]>;

  constructor(readonly config: JsonlReceiverConfig) {
    this.#mapping = Object.entries(config.mapping);
    this.#getters = this.#mapping.map(([attribute, key]) => [attribute, key, attributeGetter(attribute)] as const);
  }

  async start(): Promise<void> {
    if (this.#stream) return;
    await makeFolders(dirname(this.config.path));
    if (this.config.contentFormat === 'path') await makeFolders(this.config.contentDirectory);
    // A write error (a full disk) never brings the crawl down: with a state store it fails commits
    // until the file is reopened, cut back and written again; without one, lines are lost.
    const open = () => createWriteStream(this.config.path, { flags: 'a', highWaterMark: 1 << 16 }).on('error', () => undefined);
    this.#stream = open();
    const store = this.config.stateStore;
    if (store) {
      const length = await stat(this.config.path).then((s) => s.size, () => 0);
      this.#journaled = new JournaledFile(store, this.config.path, this.#stream, length, async (committed) => {
        await truncate(this.config.path, committed);
        return (this.#stream = open());
      });
    }
  }

  /** Its line is written when documentFound returns (a promise is backpressure), unless contents are first saved to files. */
  get writesOnCall(): boolean {
    return this.config.contentFormat !== 'path';
  }

  documentFound(doc: CrawledDocument): void | Promise<void> {
    return this.#document('found', doc);
  }

  documentNew(doc: CrawledDocument): void | Promise<void> {
    return this.#document('new', doc);
  }

  documentChanged(doc: CrawledDocument): void | Promise<void> {
    return this.#document('changed', doc);
  }

  /** With the document (a 200 whose content did not change) a full line, else (a 304) what the event knows. */
  documentUnchanged(event: DocumentEvent, doc?: CrawledDocument): void | Promise<void> {
    return doc ? this.#document('unchanged', doc) : this.#event('unchanged', event);
  }

  documentDeleted(event: DocumentEvent): void | Promise<void> {
    return this.#event('deleted', event);
  }

  #event(kind: DocumentEvent['kind'], event: DocumentEvent): void | Promise<void> {
    const row: Record<string, unknown> = { kind };
    for (const [attribute, key] of this.#mapping) {
      const value = EVENT_ATTRIBUTES[attribute as DocumentAttribute]?.(event);
      if (value !== undefined) row[key] = value;
    }
    return this.#write(row);
  }

  #document(kind: DocumentEvent['kind'], doc: CrawledDocument): void | Promise<void> {
    const row: Record<string, unknown> = { kind };
    let contentKey: string | undefined;
    for (const [attribute, key, get] of this.#getters) {
      if (attribute === 'httpContent') contentKey = key;
      row[key] = get(doc);
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
    if (!stream) throw new Error('JsonlReceiver got a document before start() or after stop()');
    const line = `${JSON.stringify(row)}\n`;
    if (!(this.#journaled ? this.#journaled.write(line) : stream.write(line))) return waitForDrain(stream);
  }

  async #contentPath(doc: CrawledDocument): Promise<string> {
    if (doc.contentPath !== undefined) return doc.contentPath;
    const path = join(this.config.contentDirectory, createHash('sha1').update(doc.url).digest('hex'));
    await writeFile(path, doc.content);
    return path;
  }
}
