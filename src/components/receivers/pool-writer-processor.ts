import type { BeanView, ComponentDescriptor, ValidationIssue } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { CrawlLogger } from '../../model/crawl-logger.js';
import type { RecordPiece } from '../../model/file-span.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { StateStore } from '../../model/state-store.js';
import { FingerprintSet } from '../../util/fingerprint-set.js';
import { GzipMembers } from './gzip-members.js';
import { removeTemporary } from './record-pieces.js';
import { DEFAULT_WARC_TEMPLATE, unknownTemplateTokens, WARC_TEMPLATE_TOKENS } from './warc-file-name.js';
import { storeDirs, WarcFilePool, type WarcWriteResult } from './warc-file-pool.js';
import { writesNothing, writtenIdentity } from './writes-nothing.js';
import { journalWriterPool, parseCounters, savedCounters } from './writer-pool-journal.js';

/** What differs between Heritrix's pool writers (WARC, ARC) in their shared properties. */
interface PoolDefaults {
  /** The file name's `${prefix}` by default (WEB, IAH). */
  readonly prefix: string;
  readonly maxFileSizeBytes: number;
  /** The default store path (warcs, arcs). */
  readonly storePath: string;
  /** The file extension, `warc` or `arc`. */
  readonly extension: string;
}

/**
 * Heritrix's WriterPoolProcessor properties, which its WARC and ARC writers share: compression,
 * file naming, sizes and folders, the identical-digest skip, the byte limit and the pool.
 */
export function writerPoolProps(d: PoolDefaults) {
  return {
    compress: { type: 'boolean', default: true, description: `Gzip each record as its own member (\`.${d.extension}.gz\`); false writes plain ` +
      `\`.${d.extension}\` files.` },
    prefix: { type: 'string', default: d.prefix, description: `The \`\${prefix}\` of the file name template (Heritrix's default, ${d.prefix}).` },
    maxFileSizeBytes: {
      type: 'integer', minimum: 1, default: d.maxFileSizeBytes,
      description: 'A file that has reached this size (on disk) is closed before the next URI\'s records, which begin a new file.',
    },
    directory: { type: 'string', default: '${launchId}', path: true, description: 'The folder relative storePaths are under.' },
    storePaths: {
      type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, default: [d.storePath], pathUnder: 'directory',
      description: 'The folders files are written to (relative ones under `directory`); with several, each new file goes to the next in turn.',
    },
    template: {
      type: 'string', minLength: 1, default: DEFAULT_WARC_TEMPLATE,
      description: `The file name, before \`.${d.extension}.gz\`. Tokens: ${WARC_TEMPLATE_TOKENS.map((t) => `\`\${${t}}\``).join(', ')} ` +
        '(`${serialno}` has 5 digits, counting files from 00000; `${heritrix.port}` is 0, beancrawl having no web console yet; ' +
        '`${worker}` is the worker\'s id in a crawl shared through Redis, the process id otherwise).',
    },
    skipIdenticalDigests: {
      type: 'boolean', default: false,
      description: 'Write nothing for a URI already written in this run with the same content digest (annotation `unwritten:identicalDigest`), ' +
        'as for a dns: or robots.txt prerequisite fetched again.',
    },
    maxTotalBytesToWrite: {
      type: 'integer', minimum: 0, default: 0,
      description: 'Once the files hold this many bytes, each URI\'s disposition chain ends after the writer (its links are not ' +
        'scheduled), so the crawl winds down, as in Heritrix. 0 = no limit.',
    },
    poolMaxActive: { type: 'integer', minimum: 1, default: 1, description: 'Most files open at once; each is written by one URI at a time.' },
    maxWaitForIdleMs: {
      type: 'integer', minimum: 0, default: 500,
      description: 'Accepted for Heritrix files: a URI waits for a file until one is free, and a new one is begun at once while fewer than ' +
        'poolMaxActive are open.',
    },
    startNewFilesOnCheckpoint: { type: 'boolean', default: true, description: 'Accepted for Heritrix files; files go on across checkpoints.' },
  } as const;
}

/** The shared properties' own rules: a file name template that names a file with known tokens, store paths without placeholders. */
export function validateWriterPool(bean: BeanView): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const template = String(bean.config.template ?? '');
  const unknown = unknownTemplateTokens(template);
  if (unknown.length) {
    issues.push({ property: 'template', message: `unknown token \${${unknown[0]}}`, hints: [`known tokens: ${WARC_TEMPLATE_TOKENS.join(', ')}`] });
  }
  if (/[/\\]/.test(template)) issues.push({ property: 'template', message: 'must name a file, without / or \\; folders are set by directory and storePaths' });
  for (const p of (bean.config.storePaths ?? []) as string[]) {
    if (p.includes('${')) issues.push({ property: 'storePaths', message: `"${p}" holds a placeholder; store paths are relative to directory, which ` +
      `may use \${launchId}` });
  }
  return issues;
}

/** The resolved shared properties and references a pool writer reads. */
interface PoolWriterConfig {
  readonly compress: boolean;
  readonly prefix: string;
  readonly maxFileSizeBytes: number;
  readonly directory: string;
  readonly storePaths: readonly string[];
  readonly template: string;
  readonly skipIdenticalDigests: boolean;
  readonly maxTotalBytesToWrite: number;
  readonly poolMaxActive: number;
  readonly stateStore?: StateStore;
  readonly loggerModule?: CrawlLogger;
}

/**
 * Heritrix's WriterPoolProcessor: the file pool a WARC or ARC writer appends its records to, with
 * its crash journal. Files open in start() (serial numbers and the byte count going on from the
 * launches of this run before this one) and close in stop(). A subclass says what heads each file
 * and what it writes per URI; `append` places a URI's encoded records, marks the URI (so that a
 * resumed crawl does not write it twice) and ends its disposition chain once maxTotalBytesToWrite
 * is reached. A failure is logged and the URI goes on down the chain.
 */
export abstract class PoolWriterProcessor<D extends ComponentDescriptor> extends Processor<D> {
  #pool?: WarcFilePool;
  #gzip?: GzipMembers;
  #written?: FingerprintSet;

  /** It writes files only: behind the URI's chain (Processor.writesBehind). */
  protected override get writesBehind(): boolean {
    return true;
  }

  /** FINISH once the files hold maxTotalBytesToWrite (counted as records land, so a few more may follow). */
  protected override ahead(): ProcessResult {
    const c = this.#settings;
    return c.maxTotalBytesToWrite > 0 && (this.#pool?.totalBytes ?? 0) >= c.maxTotalBytesToWrite ? FINISH : PROCEED;
  }

  /** `warc` or `arc`: the file extension. */
  protected abstract readonly extension: string;

  /** The record that heads each new file (warcinfo, the ARC file header), encoded. */
  protected abstract fileHeader(name: string, gzip: GzipMembers | undefined): Promise<RecordPiece[]>;

  get #settings(): PoolWriterConfig {
    return this.config as unknown as PoolWriterConfig;
  }

  /** Names this writer's counters, journal entry and marks on URIs. */
  protected get writerKey(): string {
    return this.beanName || this.#settings.prefix;
  }

  /** Gzip members for the records, or undefined when the files are not compressed. */
  protected get gzip(): GzipMembers | undefined {
    return this.#gzip;
  }

  start(): void | Promise<void> {
    if (this.#pool) return;
    const c = this.#settings;
    const dirs = storeDirs(c.directory, c.storePaths);
    if (!c.stateStore) return this.#open(dirs, undefined);
    return savedCounters(c.stateStore, this.writerKey).then((saved) => this.#open(dirs, saved));
  }

  #open(dirs: string[], saved: string | undefined): void {
    if (this.#pool) return;
    const c = this.#settings;
    const gzip = (this.#gzip = c.compress ? new GzipMembers() : undefined);
    const store = c.stateStore;
    const pool = (this.#pool = new WarcFilePool({
      dirs, template: c.template, prefix: c.prefix, suffix: c.compress ? `.${this.extension}.gz` : `.${this.extension}`,
      maxFileSizeBytes: c.maxFileSizeBytes, poolMaxActive: c.poolMaxActive,
      warcinfo: (name) => this.fileHeader(name, gzip),
      recoverable: store !== undefined,
    }, parseCounters(saved)));
    if (c.skipIdenticalDigests) this.#written = new FingerprintSet();
    if (store) journalWriterPool(store, pool, { writerKey: this.writerKey, dirs, prefix: c.prefix, saved });
  }

  async stop(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    try {
      await pool?.close();
    } finally {
      // A file that could not be closed (its folder gone) leaves no compressor thread to keep the process alive.
      this.#gzip?.close();
      this.#gzip = undefined;
    }
  }

  /** Whether nothing is to be written for the URI (writesNothing: a status of 0 or less, written already, an identical digest). */
  protected writesNothing(curi: CrawlUri): boolean {
    return writesNothing(curi, this.writerKey, this.#written, [`${this.extension}Filename`, `${this.extension}FileOffset`]);
  }

  /**
   * Encodes a URI's records (`encode`), appends them together to one file of the pool, marks the
   * URI and puts the file name and offset in its extra info (`warcFilename`, `arcFileOffset`…);
   * `placed` hears where they went. FINISH once the files hold maxTotalBytesToWrite.
   */
  protected async append(curi: CrawlUri, encode: () => Promise<RecordPiece[]>, placed?: (at: WarcWriteResult) => void): Promise<ProcessResult> {
    const pool = this.#pool;
    if (!pool) throw new Error(`${this.constructor.name} was used before start()`);
    const c = this.#settings;
    try {
      const encoded = await encode();
      const at = await pool.write(encoded, (where) => {
        (curi.warc ??= {})[this.writerKey] = [where.fileName, where.offset];
        curi.marks++;
      }).finally(() => removeTemporary(encoded));
      curi.extraInfo[`${this.extension}Filename`] = at.fileName;
      curi.extraInfo[`${this.extension}FileOffset`] = at.offset;
      placed?.(at);
      if (this.#written && curi.contentDigest) this.#written.add(writtenIdentity(curi));
    } catch (e) {
      c.loggerModule?.runtimeError(curi, e);
    }
    return c.maxTotalBytesToWrite > 0 && pool.totalBytes >= c.maxTotalBytesToWrite ? FINISH : PROCEED;
  }
}
