import { defineComponent, type BeanView, type ComponentClass, type ConfigOf, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { FingerprintSet } from '../../util/fingerprint-set.js';
import { arcFileHeader, arcRecord, encodeArc } from './arc-record.js';
import { isHttp, recordDate } from './builder-support.js';
import { GzipMembers } from './gzip-members.js';
import type { RecordPiece } from '../../model/file-span.js';
import { removeTemporary } from './record-pieces.js';
import { httpResponseEntity, httpResponseHead } from './http-response-head.js';
import { DEFAULT_WARC_TEMPLATE, unknownTemplateTokens, WARC_TEMPLATE_TOKENS } from './warc-file-name.js';
import { storeDirs, WarcFilePool } from './warc-file-pool.js';
import { writesNothing, writtenIdentity } from './writes-nothing.js';
import { journalWriterPool, parseCounters, savedCounters } from './writer-pool-journal.js';

function validateArcWriter(bean: BeanView): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const template = String(bean.config.template ?? '');
  const unknown = unknownTemplateTokens(template);
  if (unknown.length) issues.push({ property: 'template', message: `unknown token \${${unknown[0]}}`, hints: [`known tokens: ${WARC_TEMPLATE_TOKENS.join(', ')}`] });
  if (/[/\\]/.test(template)) issues.push({ property: 'template', message: 'must name a file, without / or \\; folders are set by directory and storePaths' });
  return issues;
}

export const arcWriterProcessorComponent = defineComponent({
  name: 'ARCWriterProcessor',
  aliases: ['org.archive.modules.writer.ARCWriterProcessor', 'ArcWriterProcessor'],
  description:
    'Writes ARC v1 files (Heritrix\'s ARCWriterProcessor): a `filedesc://` record heads each file, then one record per URI ' +
    'with a status above 0: the line `URL IP-address Archive-date Content-type Archive-length` and the response as received ' +
    '(HTTP status line, headers and body with its content coding), or a dns: lookup\'s answer. ARC has no revisit or request ' +
    'records: an unchanged document is written in full. Each record is its own gzip member (`.arc.gz`). Files are written as ' +
    '`….arc.gz.open`, renamed when closed, and cut back to the last commit after a crash, as the WARC writer\'s are.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    compress: { type: 'boolean', default: true, description: 'Gzip each record as its own member (`.arc.gz`); false writes plain `.arc` files.' },
    prefix: { type: 'string', default: 'IAH', description: 'The `${prefix}` of the file name template (Heritrix\'s ARC default, IAH).' },
    maxFileSizeBytes: {
      type: 'integer', minimum: 1, default: 100000000,
      description: 'A file that has reached this size (on disk) is closed before the next URI\'s record, which begins a new file (Heritrix\'s ARC default, 100 MB).',
    },
    directory: { type: 'string', default: '${launchId}', path: true, description: 'The folder relative storePaths are under.' },
    storePaths: {
      type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, default: ['arcs'],
      description: 'The folders files are written to (relative ones under `directory`); with several, each new file goes to the next in turn.',
    },
    template: {
      type: 'string', minLength: 1, default: DEFAULT_WARC_TEMPLATE,
      description: `The file name, before \`.arc.gz\`. Tokens as WarcWriterProcessor's: ${WARC_TEMPLATE_TOKENS.map((t) => `\`\${${t}}\``).join(', ')}.`,
    },
    skipIdenticalDigests: {
      type: 'boolean', default: false,
      description: 'Write nothing for a URI already written in this run with the same content digest (annotation `unwritten:identicalDigest`).',
    },
    maxTotalBytesToWrite: {
      type: 'integer', minimum: 0, default: 0,
      description: 'Once the files hold this many bytes, each URI\'s disposition chain ends after the writer, so the crawl winds down. 0 = no limit.',
    },
    poolMaxActive: { type: 'integer', minimum: 1, default: 1, description: 'Most files open at once; each is written by one URI at a time.' },
    maxWaitForIdleMs: {
      type: 'integer', minimum: 0, default: 500,
      description: 'Accepted for Heritrix files: a URI waits for a file until one is free, and a new one is begun at once while fewer than poolMaxActive are open.',
    },
    startNewFilesOnCheckpoint: { type: 'boolean', default: true, description: 'Accepted for Heritrix files; files go on across checkpoints.' },
  },
  refs: {
    ...PROCESSOR_REFS,
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps where each open file stood at each commit: after a crash the file is cut back to it and closed.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Receives write errors (runtime-errors.log).' },
  },
  validate: validateArcWriter,
  outputs: (c) => storeDirs(String(c.directory), c.storePaths as string[]).map((path) => ({ what: 'ARC files', path })),
  load: async (): Promise<ComponentClass> => ArcWriterProcessor,
});

export type ArcWriterConfig = ConfigOf<typeof arcWriterProcessorComponent>;

/**
 * Heritrix's ARCWriterProcessor, on the WARC writer's file pool and crash journal: the files
 * differ only in their records. The file name and offset of a URI's record go to its extra info
 * (arcFilename, arcFileOffset); a failure is logged and the URI goes on down the chain.
 */
export class ArcWriterProcessor extends Processor<typeof arcWriterProcessorComponent> {
  #pool?: WarcFilePool;
  #gzip?: GzipMembers;
  #written?: FingerprintSet;

  start(): void | Promise<void> {
    if (this.#pool) return;
    const c = this.config;
    const dirs = storeDirs(c.directory, c.storePaths);
    if (!c.stateStore) return this.#open(dirs, undefined);
    // Serial numbers and the byte count go on from the launches of this run before this one.
    return savedCounters(c.stateStore, this.#writerKey).then((saved) => this.#open(dirs, saved));
  }

  /** Names this writer's counters, journal entry and marks on URIs; `arc:` keeps them apart from a WARC writer's of the same prefix. */
  get #writerKey(): string {
    return `arc:${this.beanName || this.config.prefix}`;
  }

  #open(dirs: string[], saved: string | undefined): void {
    if (this.#pool) return;
    const c = this.config;
    const gzip = (this.#gzip = c.compress ? new GzipMembers() : undefined);
    const store = c.stateStore;
    const pool = (this.#pool = new WarcFilePool({
      dirs, template: c.template, prefix: c.prefix, suffix: c.compress ? '.arc.gz' : '.arc',
      maxFileSizeBytes: c.maxFileSizeBytes, poolMaxActive: c.poolMaxActive,
      warcinfo: (name) => encodeArc([arcFileHeader(name, Date.now())], gzip),
      recoverable: store !== undefined,
    }, parseCounters(saved)));
    if (c.skipIdenticalDigests) this.#written = new FingerprintSet();
    if (store) journalWriterPool(store, pool, { writerKey: this.#writerKey, dirs, prefix: c.prefix, saved });
  }

  async stop(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.close();
    this.#gzip?.close();
    this.#gzip = undefined;
  }

  protected innerProcess(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    if (writesNothing(curi, this.#writerKey, this.#written, ['arcFilename', 'arcFileOffset'])) return PROCEED;
    const content = contentOf(curi);
    return content ? this.#write(curi, content) : PROCEED;
  }

  async #write(curi: CrawlUri, content: readonly RecordPiece[]): Promise<ProcessResult> {
    const pool = this.#pool;
    if (!pool) throw new Error('ARCWriterProcessor was used before start()');
    const c = this.config;
    try {
      const record = arcRecord(curi.uri, curi.response?.ipAddress ?? '', recordDate(curi), curi.contentType || (curi.uri.startsWith('dns:') ? 'text/dns' : ''), content);
      const encoded = await encodeArc(record, this.#gzip);
      const at = await pool.write(encoded, (placed) => {
        (curi.warc ??= {})[this.#writerKey] = [placed.fileName, placed.offset];
        curi.marks++;
      }).finally(() => removeTemporary(encoded));
      curi.extraInfo.arcFilename = at.fileName;
      curi.extraInfo.arcFileOffset = at.offset;
      if (this.#written && curi.contentDigest) this.#written.add(writtenIdentity(curi));
    } catch (e) {
      c.loggerModule?.runtimeError(curi, e);
    }
    return c.maxTotalBytesToWrite > 0 && pool.totalBytes >= c.maxTotalBytesToWrite ? FINISH : PROCEED;
  }
}

/** What an ARC record holds: an HTTP response as received, or a dns: lookup's answer; undefined for anything else. */
function contentOf(curi: CrawlUri): RecordPiece[] | undefined {
  if (isHttp(curi.uri) && curi.response) return [httpResponseHead(curi.response), ...httpResponseEntity(curi.response)];
  if (curi.uri.startsWith('dns:')) {
    const bytes = curi.content ?? (curi.text !== undefined ? Buffer.from(curi.text, 'latin1') : undefined);
    return bytes ? [bytes] : undefined;
  }
  return undefined;
}
