import type { CrawlProgress } from '../../model/crawl-control.js';
import type { CrawlSnapshot } from '../../model/crawl-statistics.js';

export interface SnapshotInput {
  readonly progress: CrawlProgress;
  /** Body bytes of every success so far. */
  readonly bytes: number;
  readonly now: number;
  readonly heapUsedBytes: number;
  readonly heapTotalBytes: number;
  /** URIs in the longest active queue, when the frontier lists its queues. */
  readonly deepestQueue?: number;
}

/**
 * One sample of the crawl, as Heritrix's CrawlStatSnapshot collects it: the frontier's counts,
 * average rates over the whole crawl and current rates since the previous sample.
 */
export function takeSnapshot(input: SnapshotInput, previous?: CrawlSnapshot): CrawlSnapshot {
  const { progress, bytes, now } = input;
  const f = progress.frontier;
  const elapsedMs = progress.elapsedMs;
  // In-process URIs are in-process queues: the frontier never hands out two of one queue.
  const working = f.inProcess + f.queues.snoozed;
  const active = working + f.queues.ready;
  let currentDocsPerSecond = 0;
  let currentKibPerSecond = 0;
  const sampleSeconds = previous ? (now - previous.timestamp) / 1000 : 0;
  if (previous && sampleSeconds > 0) {
    currentDocsPerSecond = (f.succeeded - previous.downloaded) / sampleSeconds;
    currentKibPerSecond = Math.floor(Math.floor((bytes - previous.bytes) / 1024) / sampleSeconds);
  }
  return {
    timestamp: now, elapsedMs,
    discovered: f.discovered, queued: f.queued, downloaded: f.succeeded, failures: f.failed, disregards: f.disregarded,
    bytes,
    docsPerSecond: elapsedMs > 0 ? f.succeeded / (elapsedMs / 1000) : 0,
    currentDocsPerSecond,
    kibPerSecond: Math.floor(bytes / 1024 / ((elapsedMs + 1) / 1000)),
    currentKibPerSecond,
    busyThreads: progress.busyWorkers,
    heapUsedKib: Math.floor(input.heapUsedBytes / 1024),
    heapSizeKib: Math.floor(input.heapTotalBytes / 1024),
    congestion: working > 0 ? active / working : 0,
    deepestQueue: input.deepestQueue ?? 0,
    averageDepth: active > 0 ? Math.floor(f.queued / active) : 0,
  };
}
