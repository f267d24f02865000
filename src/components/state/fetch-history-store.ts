import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { elementUrl, parentUrl, type StoredElement } from '../../model/compound.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { DeletionOutcome, DocumentEvent, FetchHistory, FetchHistoryEntry, FetchHistoryRecord, StoredLink } from '../../model/fetch-history.js';
import { documentContentOf } from '../../model/receiver.js';
import { HISTORY_SUBLEVEL, type StateSublevel } from '../../model/state-store.js';
import { fetchEntryOf, lastContentFetch } from './fetch-entry.js';

export const fetchHistoryStoreComponent = defineComponent({
  name: 'FetchHistoryStore',
  description:
    'The fetch history of a job, kept in the state store from run to run (it survives new runs; `launch --forget-history` ' +
    'drops it): per URI its last fetches (status, ETag, Last-Modified, digest, size, type, time), whether it is a document, ' +
    'when it was last seen and its outlinks. PersistLoadProcessor, FetchHistoryProcessor and PersistStoreProcessor use it. ' +
    'With `deltaCrawl`, every run after the first is a delta run: each document is reported new, changed, unchanged or ' +
    'deleted, and documents of earlier runs not reached are fetched again at the end to see whether they are gone.',
  kinds: ['FetchHistory'],
  props: {
    deltaCrawl: { type: 'boolean', default: false, description: 'Report each run\'s documents as new, changed, unchanged or deleted against the runs before.' },
    historyLength: { type: 'integer', default: 2, minimum: 1, maximum: 64, description: 'Fetches kept per URI (Heritrix\'s FetchHistoryProcessor.historyLength); the last one with content is kept besides.' },
    deleteAfterGoneCount: { type: 'integer', default: 1, minimum: 1, description: 'A document is reported deleted after this many gone answers (404, 410) in a row, in as many runs.' },
    maxDeletePercent: { type: 'number', default: 20, minimum: 0, maximum: 100, description: 'Circuit breaker: when more than this share of the earlier runs\' documents would be deleted in one run, none is, and an alert says so.' },
    dryRunDeletes: { type: 'boolean', default: false, description: 'List the documents that would be deleted (alerts.log and deletions-withheld.txt) without reporting them (`launch --dry-run-deletes`).' },
    withheldListPath: { type: 'string', default: '${launchId}/deletions-withheld.txt', path: true, description: 'Where the documents not deleted (dry run, circuit breaker) are listed.' },
  },
  refs: {
    stateStore: { kind: 'StateStore', required: true, autowire: true, description: 'Where the history is kept (sublevel `history`).' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'alerts.log: the circuit breaker, dry runs.' },
  },
  load: async (): Promise<ComponentClass> => FetchHistoryStore,
});

/** History keys are URIs; this one, which no URI can be, holds the number of the job's last run. */
const LAST_RUN_KEY = '\u0000lastRun';

/** Sublevel `delta` (cleared with every new run) holds the run in progress, so a resumed launch keeps its number. */
const RUN_KEY = 'run';

/** Documents checked at the end of a run are scheduled in slices of this many. */
const SCAN_CHUNK = 1000;

/**
 * The fetch history in the state store (sublevel `history`, one JSON record per URI), written
 * with the commits that count the URI done, so that history and crawl never disagree after a crash.
 */
export class FetchHistoryStore implements FetchHistory {
  run = 0;
  #history?: StateSublevel;

  /**
   * `sublevel` is where the records are kept: `history` (the job's fetch history), or
   * `history:NAME` for a PersistProcessor's own `historyDbName`.
   */
  constructor(readonly config: ConfigOf<typeof fetchHistoryStoreComponent>, readonly sublevel: string = HISTORY_SUBLEVEL) {}

  get deltaCrawl(): boolean {
    return this.config.deltaCrawl;
  }

  async start(): Promise<void> {
    if (this.#history) return;
    const store = this.config.stateStore;
    const history = (this.#history = store.sublevel(this.sublevel));
    const delta = store.sublevel('delta');
    const runKey = this.sublevel === HISTORY_SUBLEVEL ? RUN_KEY : `${RUN_KEY}:${this.sublevel}`;
    const current = await delta.get(runKey);
    if (current !== undefined) {
      this.run = (JSON.parse(current) as { run: number }).run;
      return;
    }
    const last = await history.get(LAST_RUN_KEY);
    this.run = (last === undefined ? 0 : Number(last)) + 1;
    delta.put(runKey, JSON.stringify({ run: this.run }));
    history.put(LAST_RUN_KEY, String(this.run));
  }

  async load(uri: string): Promise<FetchHistoryRecord | undefined> {
    const text = await this.#store().get(uri);
    return text === undefined ? undefined : (JSON.parse(text) as FetchHistoryRecord);
  }

  record(curi: CrawlUri): void {
    const next = updatedRecord(curi, curi.history, this.run, this.config.historyLength);
    if (next) this.#store().put(curi.uri, JSON.stringify(next));
  }

  async scheduleUnseen(schedule: (uri: string, record: FetchHistoryRecord) => void | Promise<void>): Promise<number> {
    let count = 0;
    for await (const [uri, record] of this.#documents()) {
      if (record.lastTriedRun >= this.run) continue;
      await schedule(uri, record);
      // Tried in this run from now on: a resumed launch does not schedule it twice (the frontier keeps it).
      this.#store().put(uri, JSON.stringify({ ...record, lastTriedRun: this.run } satisfies FetchHistoryRecord));
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
    for await (const [uri, record] of this.#records()) {
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
      reason = `circuit breaker: ${gone.length} of ${earlier} documents (${((gone.length / Math.max(1, earlier)) * 100).toFixed(1)}%) would be deleted, more than maxDeletePercent ${maxDeletePercent}%; none is`;
    }
    // Documents not reached and not proven gone are still there as far as anyone knows.
    for (const entry of unseen) await this.#report('unchanged', entry, report);
    if (reason) {
      // Withheld documents answered gone: they are not unchanged either, so they are reported nothing.
      this.config.loggerModule?.alert?.('WARNING', `deletions withheld: ${reason} (listed in ${this.config.withheldListPath})`);
      await mkdir(dirname(this.config.withheldListPath), { recursive: true });
      await writeFile(this.config.withheldListPath, gone.map(([uri]) => `${uri}\n`).join(''));
      return { deleted: 0, withheld: gone.map(([uri]) => uri), reason };
    }
    for (const entry of gone) await this.#report('deleted', entry, report);
    return { deleted: gone.length, withheld: [] };
  }

  /**
   * Reports a document's end-of-run event unless this run's end already did, and marks it
   * reported. The mark is staged in the same tick as what `report` stages before its first await
   * (the event kept for list receivers, a line written, a batch filled), so one commit holds both.
   */
  async #report(kind: 'unchanged' | 'deleted', [uri, record]: [string, FetchHistoryRecord], report: (event: DocumentEvent) => void | Promise<void>): Promise<void> {
    if (record.reportedRun === this.run) return;
    // A compound's elements share its fate: reported in the same tick, so in the same commit as its mark.
    const reported = [report(eventOf(kind, uri, record)), ...(record.elements ?? []).map((e) => report(elementEventOf(kind, uri, record, e)))];
    this.#store().put(uri, JSON.stringify({ ...record, document: kind !== 'deleted', reportedRun: this.run } satisfies FetchHistoryRecord));
    await Promise.all(reported);
  }

  /** Every document of the history as of now, read a slice at a time. */
  async *#documents(): AsyncGenerator<[string, FetchHistoryRecord]> {
    for await (const entry of this.#records()) if (entry[1].document) yield entry;
  }

  /** Every record of the history as of now, read a slice at a time. */
  async *#records(): AsyncGenerator<[string, FetchHistoryRecord]> {
    // Reads see what is committed: the records this run staged are committed first.
    await this.config.stateStore.commit();
    let from = '';
    for (;;) {
      const rows = await this.#store().range(from, '\uffff', SCAN_CHUNK);
      for (const [uri, text] of rows) {
        if (uri !== LAST_RUN_KEY) yield [uri, JSON.parse(text) as FetchHistoryRecord];
      }
      if (rows.length < SCAN_CHUNK) return;
      from = rows[rows.length - 1][0] + '\u0000';
    }
  }

  #store(): StateSublevel {
    if (!this.#history) throw new Error('FetchHistoryStore was used before start()');
    return this.#history;
  }
}

/**
 * The record after this fetch: the fetch joins the history (the newest `length` kept, and the
 * last one with content besides); a 2xx with content makes a document, seen this run, with its
 * outlinks; a 304 sees it too; 404 and 410 count towards deletion, once a run. Other outcomes
 * (failures, an empty 2xx) only say it was tried. Undefined when there is nothing worth keeping:
 * a URI that never was a document.
 */
export function updatedRecord(curi: CrawlUri, before: FetchHistoryRecord | undefined, run: number, length: number): FetchHistoryRecord | undefined {
  const status = curi.fetchStatus;
  // As receivers see it: an empty 2xx is no document, or one would be reported deleted that never was new.
  const ok = documentContentOf(curi) !== undefined;
  const notModified = status === 304 && before !== undefined;
  const gone = status === 404 || status === 410;
  if (!before && !ok) return undefined;
  const entry = fetchEntryOf(curi);
  const fetches = before && !(ok || notModified || gone) ? before.fetches : keep([entry, ...(before?.fetches ?? [])], length);
  const seen = ok || notModified;
  const goneCount = before?.goneCount ?? 0;
  // A second gone answer in one run (fetched again after a crash) is the same answer.
  const goneAgain = before?.lastGoneRun === run && goneCount > 0;
  return {
    fetches,
    document: ok || (before?.document ?? false),
    lastSeenRun: seen ? run : (before?.lastSeenRun ?? 0),
    lastTriedRun: run,
    firstSeenRun: before?.document ? before.firstSeenRun : ok ? run : (before?.firstSeenRun ?? 0),
    goneCount: seen ? 0 : gone && !goneAgain ? goneCount + 1 : goneCount,
    lastGoneRun: gone ? run : before?.lastGoneRun,
    reportedRun: before?.reportedRun,
    outlinks: ok ? curi.outlinks.map((l): StoredLink => [l.uri, l.hop, l.context]) : before?.outlinks,
    ...elementsOf(curi, ok, before),
  };
}

/**
 * A compound's elements to keep: as read now when the listing was complete; the earlier ones
 * not read now kept beside them when a limit cut it (an element is gone only by a complete
 * listing); the earlier ones as they were when it was not read (a 304).
 */
function elementsOf(curi: CrawlUri, ok: boolean, before: FetchHistoryRecord | undefined): { elements?: readonly StoredElement[] } {
  const listing = curi.compound;
  if (!ok || !listing) return before?.elements && !ok ? { elements: before.elements } : {};
  const now = listing.elements.map((e): StoredElement => [e.path, e.digest, e.content.length, e.mimeType]);
  if (listing.complete || !before?.elements) return { elements: now };
  const read = new Set(now.map((e) => e[0]));
  return { elements: [...now, ...before.elements.filter((e) => !read.has(e[0]))] };
}

/** The newest `length` fetches, and the newest with content if it is older. */
function keep(fetches: readonly FetchHistoryEntry[], length: number): FetchHistoryEntry[] {
  const kept = fetches.slice(0, length);
  const content = lastContentFetch(fetches);
  if (content && !kept.includes(content)) kept.push(content);
  return kept;
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
