import { writeListFile } from '../util/write-list-file.js';
import { elementUrl, parentUrl, type StoredElement } from './compound.js';
import type { CrawlLogger } from './crawl-logger.js';
import type { CrawlUri } from './crawl-uri.js';
import { lastContentFetch } from './fetch-entry.js';
import type { DeletionOutcome, DocumentEvent, FetchHistory, FetchHistoryRecord } from './fetch-history.js';
import { updatedRecord } from './updated-record.js';

/** Where a fetch history keeps its records: one JSON text per URI. */
export interface HistoryRecords {
  get(uri: string): Promise<string | undefined>;
  /** The URI's record after its fetch: kept no later than the URI counts done. */
  put(uri: string, text: string): void;
  /**
   * A document's record marked reported by this run's end: kept no earlier than what the report
   * staged, so that an end cut short by a kill reports it again rather than never.
   */
  mark(uri: string, text: string): void;
  /** Every record as of now, what this run put included, a slice at a time. */
  scan(): AsyncIterable<readonly [string, string]>;
  /** The marks made so far are kept. */
  settle(): Promise<void>;
}

/** The properties every fetch history bean has (FETCH_HISTORY_PROPS and the logger). */
export interface FetchHistoryOptions {
  readonly deltaCrawl: boolean;
  readonly historyLength: number;
  readonly deleteAfterGoneCount: number;
  readonly maxDeletePercent: number;
  readonly dryRunDeletes: boolean;
  readonly withheldListPath: string;
  readonly loggerModule?: Pick<CrawlLogger, 'alert'>;
}

/** Reports are kept (HistoryRecords.settle) every this many. */
const SETTLE_EVERY = 1000;

/**
 * A fetch history over its records, wherever they are kept (the state store, Redis): what a
 * fetch changes in a URI's record, the documents of earlier runs not reached, and the end of a
 * delta run, which decides the deletions.
 */
export abstract class FetchHistoryBook implements FetchHistory {
  run = 0;

  constructor(readonly config: FetchHistoryOptions) {}

  /** Where the records are; available once the bean has started. */
  protected abstract records(): HistoryRecords;

  /**
   * Whether a document scheduled for the end-of-run check is marked tried, so that the check,
   * resumed after a crash, does not schedule it twice (with the frontier's own commit).
   */
  protected abstract readonly marksScheduled: boolean;

  get deltaCrawl(): boolean {
    return this.config.deltaCrawl;
  }

  async load(uri: string): Promise<FetchHistoryRecord | undefined> {
    const text = await this.records().get(uri);
    return text === undefined ? undefined : (JSON.parse(text) as FetchHistoryRecord);
  }

  record(curi: CrawlUri): void {
    const next = updatedRecord(curi, curi.history, this.run, this.config.historyLength);
    if (next) this.records().put(curi.uri, JSON.stringify(next));
  }

  async scheduleUnseen(schedule: (uri: string, record: FetchHistoryRecord) => void | Promise<void>): Promise<number> {
    const records = this.records();
    let count = 0;
    for await (const [uri, text] of records.scan()) {
      const record = JSON.parse(text) as FetchHistoryRecord;
      if (!record.document || record.lastTriedRun >= this.run) continue;
      await schedule(uri, record);
      if (this.marksScheduled) records.put(uri, JSON.stringify({ ...record, lastTriedRun: this.run } satisfies FetchHistoryRecord));
      count++;
    }
    return count;
  }

  async finishRun(report: (event: DocumentEvent) => void | Promise<void>): Promise<DeletionOutcome> {
    const { deleteAfterGoneCount, maxDeletePercent, dryRunDeletes } = this.config;
    const run = this.run;
    let earlier = 0;
    const gone: Array<[string, FetchHistoryRecord]> = [];
    const unseen: Array<[string, FetchHistoryRecord]> = [];
    for await (const [uri, text] of this.records().scan()) {
      const record = JSON.parse(text) as FetchHistoryRecord;
      // A document this end already deleted (before a crash) still counts, so that the end decides again as it did.
      if (!record.document && record.reportedRun !== run) continue;
      if (record.firstSeenRun < run) earlier++;
      if (record.lastSeenRun >= run) continue;
      if (record.goneCount < deleteAfterGoneCount) unseen.push([uri, record]);
      // Proven gone only by an earlier run's answer (this run could not ask: robots.txt, a failure) is
      // no ground for a deletion, nor is it still there: it is reported neither way.
      else if (record.lastGoneRun === run) gone.push([uri, record]);
    }
    let reason: string | undefined;
    if (gone.length && dryRunDeletes) reason = `dry run: ${gone.length} document(s) would be deleted`;
    else if (gone.length && gone.length > (earlier * maxDeletePercent) / 100) {
      reason = `circuit breaker: ${gone.length} of ${earlier} documents (${((gone.length / Math.max(1, earlier)) * 100).toFixed(1)}%) would be ` +
        `deleted, more than maxDeletePercent ${maxDeletePercent}%; none is`;
    }
    // Documents not reached and not proven gone are still there as far as anyone knows.
    await this.#reportAll('unchanged', unseen, report);
    if (reason) {
      // Withheld documents answered gone: they are not unchanged either, so they are reported nothing.
      this.config.loggerModule?.alert?.('WARNING', `deletions withheld: ${reason} (listed in ${this.config.withheldListPath})`);
      await writeListFile(this.config.withheldListPath, gone.map(([uri]) => uri));
      return { deleted: 0, withheld: gone.map(([uri]) => uri), reason };
    }
    await this.#reportAll('deleted', gone, report);
    return { deleted: gone.length, withheld: [] };
  }

  async #reportAll(kind: 'unchanged' | 'deleted', entries: ReadonlyArray<[string, FetchHistoryRecord]>, report: (event: DocumentEvent) => void | Promise<void>): Promise<void> {
    let n = 0;
    for (const entry of entries) {
      await this.#report(kind, entry, report);
      if (++n % SETTLE_EVERY === 0) await this.records().settle();
    }
    await this.records().settle();
  }

  /**
   * Reports a document's end-of-run event unless this run's end already did, and marks it
   * reported. The mark is made in the same tick as what `report` stages before its first await
   * (the event kept for list receivers, a line written, a batch filled), so that it is kept no
   * earlier than they are.
   */
  async #report(kind: 'unchanged' | 'deleted', [uri, record]: [string, FetchHistoryRecord], report: (event: DocumentEvent) => void | Promise<void>): Promise<void> {
    if (record.reportedRun === this.run) return;
    // A compound's elements share its fate: reported in the same tick, so kept with its mark.
    const reported = [report(eventOf(kind, uri, record)), ...(record.elements ?? []).map((e) => report(elementEventOf(kind, uri, record, e)))];
    this.records().mark(uri, JSON.stringify({ ...record, document: kind !== 'deleted', reportedRun: this.run } satisfies FetchHistoryRecord));
    await Promise.all(reported);
  }
}

/** The end-of-run event of one element of a compound, from what the history keeps of it. */
function elementEventOf(kind: 'deleted' | 'unchanged', container: string, record: FetchHistoryRecord, [path, digest, size, mimeType]: StoredElement): DocumentEvent {
  const last = record.fetches[0];
  return { kind, url: elementUrl(container, path), status: last?.status ?? 0, fetchTime: last?.fetchTime ?? 0, mimeType, size, digest, compound: { recordId: parentUrl(container, path), path } };
}

function eventOf(kind: 'deleted' | 'unchanged', url: string, record: FetchHistoryRecord): DocumentEvent {
  const last = record.fetches[0];
  const content = lastContentFetch(record.fetches);
  return {
    kind, url, status: last?.status ?? 0, fetchTime: last?.fetchTime ?? 0,
    mimeType: content?.mimeType, size: content?.size, digest: content?.digest, lastModified: content?.lastModified, etag: content?.etag,
  };
}
