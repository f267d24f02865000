/** A job as the API shows it (`status --json`, GET /api/v1/jobs/NAME, the job list) and what it is made of. */
import type { VerifyReport } from './verify-report.js';

/** A delta run's documents by kind: new, changed, unchanged (fetched or not), deleted. */
export interface DeltaCounts {
  readonly new: number;
  readonly changed: number;
  readonly unchanged: number;
  readonly deleted: number;
}

/** One line of alerts.log, numbered in the order said (from 1). */
export interface Alert {
  readonly seq: number;
  readonly severity: 'WARNING' | 'SEVERE';
  readonly message: string;
}

/**
 * A queue that waits to retry a URI whose fetch failed (frontier retryDelaySeconds, maxRetries):
 * which URI, why its last try failed, and which try comes when.
 */
export interface RetryWait {
  /** The queue's key (a host and port, by default). */
  readonly queue: string;
  readonly uri: string;
  /** Why the last try failed, in words: `no connection could be made: connection refused (ECONNREFUSED)`. */
  readonly error: string;
  /** The fetch status of the last try (Heritrix's codes: -2 no connection, -61 robots.txt unavailable…). */
  readonly status: number;
  /** The try that comes next (2 for the first retry), of at most `maxTries` (maxRetries + 1). */
  readonly nextTry: number;
  readonly maxTries: number;
  /** When it comes (ISO 8601). */
  readonly at: string;
}

/** Documents and bytes a second over the last minute or so (the whole run's average hides a crawl that slowed down). */
export interface RecentRate {
  readonly seconds: number;
  readonly documentsPerSecond: number;
  readonly bytesPerSecond: number;
  /** URIs done (succeeded, failed or disregarded) a second. */
  readonly urisPerSecond: number;
}

/** What a run's counts were when its record was last written. */
export interface RunCounts {
  readonly discovered: number;
  readonly queued: number;
  readonly downloaded: number;
  readonly failed: number;
  readonly disregarded: number;
  readonly documents: number;
  readonly bytes: number;
  readonly seedsCrawled: number;
  readonly elapsedMs: number;
  /** A delta run's documents by kind. */
  readonly delta?: DeltaCounts;
}
/**
 * `runs/<timestamp>/run.json`: one launch of a job, written when it starts (no `endedAt`) and
 * again when it ends. A record without `endedAt` whose job does not answer on its control socket
 * and whose process (`pid`) has gone is a launch that was killed: the next launch resumes it.
 */
export interface RunRecord {
  /** The run folder, relative to the job folder (`runs/<timestamp>`). */
  readonly run: string;
  readonly startedAt: string;
  readonly endedAt?: string;
  /** The crawl's exit status (FINISHED, FINISHED_DOCUMENT_LIMIT, INTERRUPTED, ABORTED…), once it ended. */
  readonly exitStatus?: string;
  /** The command's exit code (docs/reference/cli.md: exit codes), once it ended. */
  readonly exitCode?: number;
  /** The run folder this launch continued, when it resumed an unfinished run. */
  readonly continues?: string;
  readonly counts?: RunCounts;
  /** The process that ran the crawl. */
  readonly pid?: number;
}

/**
 * Why a crawl is paused; it runs only while none holds. `operator`: asked for here (`pause`,
 * `launch --paused`); `shared-crawl`: the operator paused the crawl its workers share, from any
 * machine; `alert`: a component found a reason (DiskSpaceMonitor: a disk nearly full), said in the
 * alert; `state-store`: the state store cannot write; `shared-unreachable`: what the workers
 * share cannot be reached. The operator's `unpause` lifts the first three; the last two lift
 * themselves once their cause is gone.
 */
export type PauseReason = 'operator' | 'shared-crawl' | 'alert' | 'state-store' | 'shared-unreachable';

/**
 * A job as `status --json`, `jobs --json` and the service's API show it: one shape, made here.
 * `state` is the controller's (RUNNING, PAUSED, STOPPING…) while a crawl runs (STOPPING too once its
 * socket has closed, until its process has written how the run ended); otherwise how the last run ended: FINISHED (its exit status says how), UNFINISHED (killed or interrupted: the next
 * launch resumes it) or NEW (never launched).
 */
export interface JobStatus {
  readonly name: string;
  readonly path: string;
  readonly running: boolean;
  readonly state: string;
  /** What can be done to the job now: launch when it is not running; pause or unpause, checkpoint, terminate while it runs. */
  readonly availableActions: readonly string[];
  /** The running crawl's counts, or the last run's. */
  readonly counts?: RunCounts;
  readonly rates?: {
    readonly averageDocumentsPerSecond: number;
    readonly lastMinute?: RecentRate;
  };
  /** The frontier's queues by state (total, ready, snoozed, retired, inactive, ineligible, inProcess). */
  readonly queues?: Readonly<Record<string, number>>;
  /** Queues that wait to retry a failed fetch, the soonest first (a few): which host, why, which try comes when. */
  readonly retryWaits?: readonly RetryWait[];
  /** URIs being processed now (a running crawl's workers that hold one). */
  readonly busyWorkers?: number;
  /** Why the crawl paused by itself, while it lasts. */
  readonly alert?: string;
  /** Why a running crawl is paused, while it is: each reason that holds it (it goes on once none does). */
  readonly pausedFor?: readonly PauseReason[];
  readonly recentAlerts?: readonly Alert[];
  readonly lastRun?: RunRecord;
  /** Every run with a record, oldest first. */
  readonly runs: readonly RunRecord[];
  /** The service's: the last verify of the job as it is on disk. */
  readonly lastVerify?: VerifyReport;
  /** The service's: what it means the job to be doing (resumed so after a restart). */
  readonly intent?: string;
  /** The service's: when the job's schedule launches it next (ISO 8601). */
  readonly nextRunAt?: string;
}

/** One line of the engine's job list. */
export interface JobSummary {
  readonly name: string;
  readonly state: string;
  readonly running: boolean;
  readonly availableActions: readonly string[];
  readonly lastRun?: { readonly run: string; readonly startedAt: string; readonly endedAt?: string; readonly exitStatus?: string };
  readonly nextRunAt?: string;
  /** The running crawl's counts, or the last run's (what `beancrawl jobs` prints). */
  readonly counts?: RunCounts;
  readonly url: string;
}
