import type { Alert } from './crawl-logger.js';
import type { CrawlProgress } from './crawl-control.js';
import type { QueueSummary } from './frontier-queues.js';
import type { Processor } from './processor.js';

/** What the crawl did on one host (Heritrix's per-host substats). */
export interface HostTally {
  /** URIs finished with a success status (any response, and DNS answers). */
  urls: number;
  /** Body bytes of those URIs. */
  bytes: number;
  /** URIs robots.txt kept from being fetched (-9998). */
  robotsDenials: number;
  /** Successes that were neither a duplicate by digest nor "not modified". */
  novelUrls: number;
  novelBytes: number;
  /** Successes whose content was as in the last run (unchanged in a delta run, same digest). */
  dupByHashUrls?: number;
  dupByHashBytes?: number;
  /** 304 answers to conditional requests. */
  notModifiedUrls?: number;
  notModifiedBytes?: number;
  /** URIs that failed (no response: connection refused, timeouts, DNS) and responses of 400 or more, by status. */
  errors?: Record<string, number>;
  /** Fetches timed (HTTP, DNS, file) and their time in all, for the slowest hosts. */
  fetches?: number;
  fetchMs?: number;
}

/** URIs and bytes of one MIME type. */
export interface MimeTally {
  urls: number;
  bytes: number;
}

/** A seed and the status of its latest try (0 while it has none), with its redirect target, if any. */
export interface SeedRecord {
  readonly uri: string;
  status: number;
  redirect?: string;
  /** Why a seed that got no response failed, in words, with how many tries it had (failureReason). */
  reason?: string;
  /** A seed another crawler owns (a crawl mapper diverted it): that crawler's name and the divert file it was written to. */
  divertedTo?: { readonly crawler: string; readonly file: string };
}

/** A processor chain as reports show it: its Heritrix class name and its processors in order. */
export interface ChainSummary {
  readonly name: string;
  readonly processors: readonly Processor[];
}

/** One sample of the crawl's progress, with rates since the sample before (a progress-statistics.log line). */
export interface CrawlSnapshot {
  readonly timestamp: number;
  readonly elapsedMs: number;
  readonly discovered: number;
  readonly queued: number;
  readonly downloaded: number;
  readonly failures: number;
  readonly disregards: number;
  /** Bytes of every success so far. */
  readonly bytes: number;
  readonly docsPerSecond: number;
  readonly currentDocsPerSecond: number;
  readonly kibPerSecond: number;
  readonly currentKibPerSecond: number;
  readonly busyThreads: number;
  readonly heapUsedKib: number;
  readonly heapSizeKib: number;
  /** Queues with work per queue being worked on or resting (Heritrix's congestion ratio). */
  readonly congestion: number;
  /** URIs in the longest active queue (0 when the frontier does not list its queues). */
  readonly deepestQueue: number;
  readonly averageDepth: number;
}

/** The crawl's progress at one moment, as the HTML report's charts draw it. */
export interface ProgressPoint {
  readonly timestamp: number;
  readonly discovered: number;
  readonly downloaded: number;
  readonly failures: number;
  /** Bytes of every success so far. */
  readonly bytes: number;
}

/** Everything reports read: the tracker's tallies, and what the controller and the frontier say. */
export interface CrawlStatistics {
  readonly crawlName: string;
  /** The crawl's exit status (`FINISHED`, `ABORTED`, `FINISHED_DOCUMENT_LIMIT`, ...), or its state while it runs. */
  readonly exitStatus: string;
  /** When these statistics were taken (report headers show it). */
  readonly now: number;
  readonly snapshot: CrawlSnapshot;
  readonly progress: CrawlProgress;
  readonly hosts: ReadonlyMap<string, HostTally>;
  readonly mimeTypes: ReadonlyMap<string, MimeTally>;
  /** Successes by fetch status. */
  readonly statusCodes: ReadonlyMap<number, number>;
  /** Successes by source tag, then host. */
  readonly sourceTags: ReadonlyMap<string, ReadonlyMap<string, number>>;
  readonly seeds: ReadonlyMap<string, SeedRecord>;
  readonly chains: readonly ChainSummary[];
  /** Workers in the pool (Heritrix's toe threads). */
  readonly toeThreads: number;
  /** The frontier's queues, when it can list them. */
  readonly queues?: () => Iterable<QueueSummary>;
  /** The progress samples of this launch, oldest first (thinned out to a bounded number on a long crawl). */
  readonly series?: readonly ProgressPoint[];
  /** The run's last alerts (alerts.log), the newest last; their `seq` tells how many were said in all. */
  readonly alerts?: readonly Alert[];
}

/** Keeps a crawl's statistics and writes its reports. */
export interface StatisticsTracking {
  statistics(): CrawlStatistics;
}
