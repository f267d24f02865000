import type { CompoundPlace, StoredElement } from './compound.js';
import type { CrawlUri } from './crawl-uri.js';

/** One fetch as the history keeps it (Heritrix's FetchHistoryProcessor keeps the last few). */
export interface FetchHistoryEntry {
  readonly status: number;
  /** When the fetch began, ms since the epoch. */
  readonly fetchTime: number;
  readonly etag?: string;
  /** The Last-Modified header as sent, or a file's modification time as an ISO 8601 date. */
  readonly lastModified?: string;
  /** `sha1:BASE32` (or the file digest) of the content. */
  readonly digest?: string;
  /**
   * The WARC-Payload-Digest of the response as stored, when it is not `digest`: over the entity
   * as received, chunk framing included (Heritrix's). A later 304's revisit record carries it.
   */
  readonly payloadDigest?: string;
  readonly size?: number;
  /** The media type, lower-cased. */
  readonly mimeType?: string;
}

/** An outlink kept with the document it was found in: [uri, hop, context]. */
export type StoredLink = readonly [string, string, string];

/** What the crawl remembers of one URI from run to run. */
export interface FetchHistoryRecord {
  /** Latest first, at most `historyLength`. */
  readonly fetches: readonly FetchHistoryEntry[];
  /** It answered 2xx in some run (and has not been reported deleted since). */
  readonly document: boolean;
  /** The last run in which it answered 2xx or 304. */
  readonly lastSeenRun: number;
  /** The last run in which it was fetched at all. */
  readonly lastTriedRun: number;
  /** The run in which it first answered 2xx. */
  readonly firstSeenRun: number;
  /** Consecutive gone answers (404, 410) since it was last seen, one a run at most. */
  readonly goneCount: number;
  /** The run of the last gone answer: a deletion rests only on an answer of the run that decides it. */
  readonly lastGoneRun?: number;
  /**
   * The run whose end reported this document, not reached in that run, unchanged or deleted:
   * marked in the commit that holds the event, so that the end repeated after a crash skips it.
   */
  readonly reportedRun?: number;
  /** The links of the document as last fetched in full: scheduled again when it has not changed. */
  readonly outlinks?: readonly StoredLink[];
  /** A compound's elements as last read (ExtractorCompound): each one's delta is judged against these. */
  readonly elements?: readonly StoredElement[];
}

/** What a document is in a delta run, against the runs before. */
export type DeltaKind = 'new' | 'changed' | 'unchanged' | 'deleted';

/**
 * A document's event in a run: `found` outside delta runs, else its delta. It carries what is
 * known of the document without its content (a 304 and a deletion have none).
 */
export interface DocumentEvent {
  readonly kind: DeltaKind | 'found';
  readonly url: string;
  readonly status: number;
  readonly mimeType?: string;
  readonly size?: number;
  readonly digest?: string;
  /** The Last-Modified header as sent (or a file's time); an ISO date in what HttpPushReceiver pushes. */
  readonly lastModified?: string;
  readonly etag?: string;
  /** When the event's fetch began (the last fetch, for a deletion). */
  readonly fetchTime: number;
  /** For an element of a compound: the compound holding it and its path there. */
  readonly compound?: CompoundPlace;
}

/**
 * The fetch history and delta bookkeeping of a job (bean kind `FetchHistory`), shared by the
 * processors that load, judge and store it, the fetchers (conditional requests) and the
 * controller (the end-of-run check of documents not reached).
 */
export interface FetchHistory {
  /** True when each run is a delta run: documents are reported new, changed, unchanged or deleted. */
  readonly deltaCrawl: boolean;
  /** This run's number (1 for the job's first run). */
  readonly run: number;
  /** The stored record of a URI, if any. */
  load(uri: string): Promise<FetchHistoryRecord | undefined>;
  /** Stages the URI's updated record (after its fetch) for the next commit. */
  record(curi: CrawlUri): void;
  /**
   * Schedules, through `schedule`, every document known from earlier runs that this run has not
   * fetched yet, to check whether it is still there; resolves to how many.
   */
  scheduleUnseen(schedule: (uri: string, record: FetchHistoryRecord) => void | Promise<void>): Promise<number>;
  /**
   * Ends a run that was not cut short: each document of earlier runs not seen in this one is
   * reported (through `report`) deleted when it answered gone `deleteAfterGoneCount` times in a
   * row, the last time in this run, and the circuit breaker allows; nothing when it is proven gone
   * but not deleted (breaker, dry run, or no gone answer this run); else unchanged. Returns what it
   * decided and why. Called again after a crash, it reports nothing twice: the synchronous part of
   * `report` is staged in one commit with the document's mark.
   */
  finishRun(report: (event: DocumentEvent) => void | Promise<void>): Promise<DeletionOutcome>;
}

export interface DeletionOutcome {
  /** Documents reported deleted. */
  readonly deleted: number;
  /** Documents that would have been deleted but were not: the breaker tripped, or a dry run. */
  readonly withheld: readonly string[];
  /** Why they were withheld. */
  readonly reason?: string;
}

/** Hears what a delta run decides at its end (the ReceiverProcessor, for its receivers). */
export interface DeltaListener {
  /**
   * A document's event decided at the end of the run: deleted, or unchanged when not reached and
   * not proven gone. What it stages, and what the receivers do before their first await, lands in
   * the commit of the caller's own writes of the same tick.
   */
  documentEvent(event: DocumentEvent): Promise<void>;
  /**
   * The run is over, finished or cut short by a limit or terminate (not interrupted to be
   * resumed: its resumption ends it): list receivers get the whole list.
   */
  runEnded(): Promise<void>;
}
