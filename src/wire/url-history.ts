/** A URL's history in a job (GET …/why), and the CDXJ index lines it reads its WARC records from. */

/** One line of a CDXJ index, read back. */
export interface CdxjEntry {
  readonly surt: string;
  readonly timestamp: string;
  readonly url: string;
  readonly mime: string;
  readonly status?: string;
  readonly digest?: string;
  readonly length: string;
  readonly offset: string;
  /** The WARC file's bare name, as pywb's collections hold it in `archive/` (a path relative to the run folder in indexes written before). */
  readonly filename: string;
  /** The record's type, in indexes written before (pywb's has none: a revisit's mime is `warc/revisit`). */
  readonly type?: string;
}

/** One crawl.log line about the URL: a fetch attempt (or a disposition without one) and how it went. */
export interface UrlAttempt {
  readonly run: string;
  readonly at: string;
  readonly status: number;
  readonly size: string;
  /** The hop path from the seed (L link, E embed, R redirect…) and the URL it was found on. */
  readonly hops: string;
  readonly via: string;
  readonly mime: string;
  /** When the fetch began and how long it took (crawl.log's `timestamp+ms`). */
  readonly fetch: string;
  readonly digest: string;
  readonly annotations: string;
}
/** What a job recorded of one URL, and where each part comes from. */
export interface UrlHistory {
  readonly url: string;
  readonly normalized: string | null;
  /** Whether any run's crawl.log has the URL. */
  readonly seen: boolean;
  /** Found from which URL by which hops, as its first crawl.log line says. */
  readonly discovered?: { readonly via: string; readonly hops: string; readonly run: string };
  /** The job's configuration as it is now: scope's decision and the rule that made it. */
  readonly scope?: { readonly decision: string; readonly rule?: string; readonly index?: number };
  readonly attempts: readonly UrlAttempt[];
  /** Each run's delta kind of the document (new, changed, unchanged, deleted; found outside delta runs), from its documents.jsonl (JsonlReceiver). */
  readonly kinds: ReadonlyArray<{ readonly run: string; readonly kind: string }>;
  /** Its WARC records, from each run's index.cdxj (`beancrawl index` makes one). */
  readonly records: ReadonlyArray<CdxjEntry & { readonly run: string }>;
  /** What was read: crawl.log of each run, index.cdxj where one exists, the configuration; and what could not be. */
  readonly sources: readonly string[];
  readonly notes: readonly string[];
}
