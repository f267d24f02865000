import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { JOURNAL_SUBLEVEL } from '../../model/journaled-file.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { FingerprintSet } from '../../util/fingerprint-set.js';
import { DnsResponseRecordBuilder } from './dns-response-record-builder.js';
import { GzipMembers } from './gzip-members.js';
import { HttpRequestRecordBuilder } from './http-request-record-builder.js';
import { HttpResponseRecordBuilder } from './http-response-record-builder.js';
import { MetadataRecordBuilder } from './metadata-record-builder.js';
import { RevisitRecordBuilder } from './revisit-record-builder.js';
import { storeDirs, WarcFilePool } from './warc-file-pool.js';
import { OPEN_SUFFIX, type WarcFile } from './warc-file.js';
import { encodeWarcRecord, newRecordId } from './warc-record.js';
import type { warcWriterProcessorComponent } from './warc-writer-processor.descriptor.js';
import { warcinfoFields, warcinfoRecord } from './warcinfo-record.js';

export type WarcWriterConfig = ConfigOf<typeof warcWriterProcessorComponent>;

/** What the state store keeps of a WARC writer (sublevel `journal`, key `warc <dirs>`). */
export interface WarcJournal {
  /** The folders the writer writes to: a `.open` file there that is not listed was begun after the commit. */
  readonly dirs: readonly string[];
  /** The writer's file name prefix: only its own `.open` files are set aside. */
  readonly prefix?: string;
  /** Files not yet closed, each with the length it had (`path` ends in `.open`). */
  readonly open: ReadonlyArray<{ readonly path: string; readonly length: number }>;
}

/** Heritrix's default chain, less the builders whose records cannot arise here (whois, FTP). */
export function defaultRecordBuilders(): WarcRecordBuilder[] {
  return [
    new DnsResponseRecordBuilder(), new HttpResponseRecordBuilder(), new RevisitRecordBuilder(), new HttpRequestRecordBuilder(), new MetadataRecordBuilder(),
  ];
}

/** The state-store sublevel where each writer keeps its next serial number and bytes written, for the next launch of the run. */
const COUNTERS_SUBLEVEL = 'warc';

/**
 * Heritrix's WARCWriterChainProcessor. Per URI: the builders make their records, which are
 * encoded (gzip) concurrently, then appended together to one file of the pool; the file name
 * and offset go to the URI's extra info. A failure is logged and the URI goes on down the chain.
 * Files open in start() and close in stop().
 */
export class WarcWriterProcessor extends Processor<typeof warcWriterProcessorComponent> {
  readonly #builders: readonly WarcRecordBuilder[];
  #pool?: WarcFilePool;
  #gzip?: GzipMembers;
  #written?: FingerprintSet;

  constructor(config: WarcWriterConfig) {
    super(config);
    this.#builders = config.chain.length ? config.chain : defaultRecordBuilders();
  }

  start(): void | Promise<void> {
    if (this.#pool) return;
    const c = this.config;
    const dirs = storeDirs(c.directory, c.storePaths);
    if (!c.stateStore) return this.#open(dirs, undefined);
    // Where the launches of this run before this one left off (in other run folders): serial numbers go on, and so does the count maxTotalBytesToWrite limits.
    return c.stateStore.sublevel(COUNTERS_SUBLEVEL).get(this.#writerKey).then((saved) => this.#open(dirs, saved));
  }

  /** Names this writer's counters, journal entry and marks on URIs. */
  get #writerKey(): string {
    return this.beanName || this.config.prefix;
  }

  #open(dirs: string[], saved: string | undefined): void {
    if (this.#pool) return;
    const c = this.config;
    const info = warcinfoFields(c.metadata);
    const gzip = (this.#gzip = c.compress ? new GzipMembers() : undefined);
    const store = c.stateStore;
    const counters = store?.sublevel(COUNTERS_SUBLEVEL);
    const from = saved === undefined ? undefined : (JSON.parse(saved) as { serial: number; totalBytes: number });
    const pool = (this.#pool = new WarcFilePool({
      dirs, template: c.template, prefix: c.prefix, suffix: c.compress ? '.warc.gz' : '.warc',
      maxFileSizeBytes: c.maxFileSizeBytes, poolMaxActive: c.poolMaxActive,
      warcinfo: (name) => encodeWarcRecord(warcinfoRecord(info, name), newRecordId(), undefined, gzip),
      recoverable: store !== undefined,
    }, from));
    if (c.skipIdenticalDigests) this.#written = new FingerprintSet();
    if (store) {
      const journal = store.sublevel(JOURNAL_SUBLEVEL);
      let files: WarcFile[] = [];
      let staged = '';
      let stagedCounters = saved ?? '';
      let sizes: number[] = [];
      store.participate({
        stage: () => {
          files = pool.unfinishedFiles();
          sizes = files.map((f) => f.size);
          const counted = JSON.stringify({ serial: pool.nextSerial, totalBytes: pool.totalBytes });
          if (counted !== stagedCounters) {
            stagedCounters = counted;
            counters!.put(this.#writerKey, counted);
          }
          const record: WarcJournal = { dirs, prefix: c.prefix, open: files.map((f) => ({ path: f.path + OPEN_SUFFIX, length: f.size })) };
          const text = JSON.stringify(record);
          if (text === staged) return;
          staged = text;
          journal.put(`warc ${this.#writerKey} ${dirs.join('|')}`, text);
        },
        flushed: () => Promise.all(files.map((f) => f.flushed())).then(() => undefined),
        committed: () => files.forEach((f, i) => f.committedUpTo(sizes[i])),
      });
    }
  }

  async stop(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.close();
    this.#gzip?.close();
    this.#gzip = undefined;
  }

  protected innerProcess(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    // Done again after a crash that came once its records were written and committed: they stand.
    const before = curi.warc?.[this.#writerKey];
    if (before) {
      curi.extraInfo.warcFilename = before[0];
      curi.extraInfo.warcFileOffset = before[1];
      return PROCEED;
    }
    if (this.#written && curi.contentDigest && this.#written.has(identity(curi))) {
      curi.annotations.push('unwritten:identicalDigest');
      return PROCEED;
    }
    if (curi.fetchStatus <= 0) {
      curi.annotations.push('unwritten:status');
      return PROCEED;
    }
    const drafts = this.#drafts(curi);
    return drafts.length ? this.#write(curi, drafts) : PROCEED;
  }

  #drafts(curi: CrawlUri): WarcRecordDraft[] {
    const drafts: WarcRecordDraft[] = [];
    try {
      for (const builder of this.#builders) {
        const draft = builder.shouldBuildRecord(curi) ? builder.buildRecord(curi) : undefined;
        if (draft) drafts.push(draft);
      }
    } catch (e) {
      this.config.loggerModule?.runtimeError(curi, e);
      return [];
    }
    return drafts;
  }

  async #write(curi: CrawlUri, drafts: readonly WarcRecordDraft[]): Promise<ProcessResult> {
    const pool = this.#pool;
    if (!pool) throw new Error('WarcWriterProcessor was used before start()');
    const c = this.config;
    try {
      const ids = drafts.map(() => newRecordId());
      const encoded = await Promise.all(drafts.map((d, i) => encodeWarcRecord(d, ids[i], i === 0 ? undefined : ids[0], this.#gzip)));
      const at = await pool.write(encoded.flat(), (placed) => {
        (curi.warc ??= {})[this.#writerKey] = [placed.fileName, placed.offset];
        curi.marks++;
      });
      curi.extraInfo.warcFilename = at.fileName;
      curi.extraInfo.warcFileOffset = at.offset;
      if (this.#written && curi.contentDigest) this.#written.add(identity(curi));
    } catch (e) {
      c.loggerModule?.runtimeError(curi, e);
    }
    return c.maxTotalBytesToWrite > 0 && pool.totalBytes >= c.maxTotalBytesToWrite ? FINISH : PROCEED;
  }
}

function identity(curi: CrawlUri): string {
  return `${curi.uri} ${curi.contentDigest}`;
}
