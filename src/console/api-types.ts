/**
 * What the console reads of the API's answers (README: "The service and its API"). The shapes of
 * src/wire are the server's own declarations, imported as types (nothing of the server runs in
 * the browser); the others are written here from the API's documents, until they move there too.
 */
import type { VerifyProblem, VerifyReport } from '../wire/verify-report.js';

export type { ComponentInfo, PropSpec as PropertyInfo, RefSpec as ReferenceInfo } from '../wire/component-info.js';
export type { ConfigEdit, ConfigEditAnswer, ConfigForm, FormBean, FormLocation, FormReference, FormValue } from '../wire/config-form.js';
export type { VerifyProblem, VerifyReport };

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
}

export interface RunRecord {
  readonly run: string;
  readonly startedAt: string;
  readonly endedAt?: string;
  readonly exitStatus?: string;
  readonly exitCode?: number;
  readonly continues?: string;
  readonly counts?: RunCounts;
}

/** An alert of the running crawl (alerts.log). */
export interface Alert {
  readonly seq: number;
  readonly severity: 'WARNING' | 'SEVERE';
  readonly message: string;
}

/** One Server-Sent Event of GET …/events, its data parsed: `stats` (the job object without `runs`), `state`, `alert`, `action`, `file`. */
export interface ServiceEvent<T = unknown> {
  readonly job: string;
  readonly at: string;
  readonly data: T;
}

/** GET /api/v1/jobs/NAME: the job object (`status --json`). A `stats` event carries it without `runs`. */
export interface JobStatus {
  readonly name: string;
  readonly running: boolean;
  readonly state: string;
  readonly availableActions: readonly string[];
  readonly counts?: RunCounts;
  readonly rates?: {
    readonly averageDocumentsPerSecond: number;
    readonly lastMinute?: { readonly seconds: number; readonly documentsPerSecond: number; readonly bytesPerSecond: number; readonly urisPerSecond: number };
  };
  readonly queues?: Readonly<Record<string, number>>;
  readonly busyWorkers?: number;
  readonly alert?: string;
  readonly recentAlerts?: readonly Alert[];
  readonly lastRun?: RunRecord;
  readonly runs?: readonly RunRecord[];
  readonly lastVerify?: VerifyReport;
  readonly intent?: string;
  readonly nextRunAt?: string;
}

/** One line of GET /api/v1/jobs. */
export interface JobSummary {
  readonly name: string;
  readonly state: string;
  readonly running: boolean;
  readonly availableActions: readonly string[];
  readonly lastRun?: { readonly run: string; readonly startedAt: string; readonly endedAt?: string; readonly exitStatus?: string };
  readonly nextRunAt?: string;
}

/** GET /api/v1/engine */
export interface EngineInfo {
  readonly version: string;
  readonly jobsDir: string;
  readonly profiles: readonly string[];
  readonly jobs: readonly JobSummary[];
}

/** GET …/logs/LOG */
export interface LogPage {
  readonly run: string;
  readonly lines: readonly string[];
  readonly size: number;
}

/** One sample of GET …/stats: a progress-statistics.log line. */
export interface ProgressSample {
  readonly at: string;
  readonly downloaded: number;
  readonly documentsPerSecond: number;
  readonly kibPerSecond: number;
}

export interface Checkpoint {
  readonly name: string;
  readonly takenAt: string;
  readonly run: string;
}

export interface ReportList {
  readonly run: string;
  readonly reports: ReadonlyArray<{ readonly name: string; readonly url: string }>;
}

/** The job's actions, in the order of their buttons. */
export const JOB_ACTIONS = ['launch', 'pause', 'unpause', 'checkpoint', 'terminate'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

/** The logs of a run the API serves. */
export const LOG_NAMES = ['crawl', 'alerts', 'uri-errors', 'runtime-errors', 'progress-statistics'] as const;

/** One bean of GET …/beans: its values now, and which of its properties can change while the crawl runs. */
export interface LiveBean {
  readonly id: string;
  readonly className: string;
  readonly values: Readonly<Record<string, unknown>>;
  readonly live: readonly string[];
}

/** GET …/beans */
export interface BeanList {
  readonly running: boolean;
  readonly beans: readonly LiveBean[];
}

/** A change made to the running crawl (PATCH …/beans/BEAN.PROP's answer, an `action` event's `change`). */
export interface LiveChange {
  readonly at: string;
  readonly who: string;
  readonly bean: string;
  readonly property: string;
  readonly old: unknown;
  readonly new: unknown;
  /** The override line that keeps the value for the next launches. */
  readonly keep: string;
  readonly warnings?: readonly string[];
}

/** PATCH …/beans/BEAN.PROP */
export interface ChangeAnswer {
  readonly change: LiveChange;
  readonly keep: string;
}

/** Where a frontier queue is in its life. */
export const QUEUE_STATES = ['in-process', 'ready', 'snoozed', 'inactive', 'retired', 'exhausted'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** How GET …/queues sorts. */
export const QUEUE_SORTS = ['size', 'key', 'wake', 'spent', 'errors'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** One frontier queue of the running crawl. */
export interface QueueInfo {
  readonly key: string;
  readonly state: QueueState;
  readonly size: number;
  readonly balance: number;
  readonly totalSpent: number;
  /** -1 without a budget. */
  readonly totalBudget: number;
  readonly precedence?: number;
  /** When a snoozed queue wakes (ms since the epoch); 0 otherwise. */
  readonly wakeAt: number;
  readonly lastQueued?: string;
  readonly lastPeeked?: string;
  /** URIs of it being processed now (0 or 1). */
  readonly inFlight?: number;
  /** Tries that failed this launch, and the fetch status of its last try. */
  readonly errors?: number;
  readonly lastStatus?: number;
}

/** GET …/queues */
export interface QueueList {
  readonly total: number;
  readonly queues: readonly QueueInfo[];
}

/** POST …/queues/KEY/actions/ACTION */
export interface QueueActionAnswer {
  readonly action: string;
  readonly deleted?: number;
  readonly queue?: QueueInfo;
}

/** A scope decision and the rule that made it. */
export interface ScopeDecision {
  readonly decision: string;
  readonly rule?: string;
  readonly index?: number;
}

/** One URL of POST …/explain's answer (what `explain --json` prints). */
export interface Explanation {
  readonly url: string;
  /** Who answered: the job's running crawl (its values now, live changes included), or the configuration on disk. */
  readonly from?: 'running-crawl' | 'configuration';
  readonly normalized: string | null;
  readonly surt?: string;
  readonly uniquenessKey?: string;
  readonly queueKey?: string;
  readonly cost?: number;
  readonly rules: ReadonlyArray<{ readonly index: number; readonly rule: string; readonly className: string; readonly decision: string }>;
  readonly decision?: ScopeDecision;
  readonly divertedTo?: string;
  readonly sheets: ReadonlyArray<{ readonly sheet: string; readonly because: string }>;
  readonly overrides: ReadonlyArray<{ readonly property: string; readonly value: unknown; readonly base: unknown; readonly sheet: string; readonly at?: string }>;
  readonly politeness?: { readonly minDelayMs: number; readonly maxDelayMs: number; readonly delayFactor: number; readonly respectCrawlDelayUpToSeconds: number };
  readonly robots: string;
}

/** One crawl.log line about a URL. */
export interface UrlAttempt {
  readonly run: string;
  readonly at: string;
  readonly status: number;
  readonly size: string;
  readonly hops: string;
  readonly via: string;
  readonly mime: string;
  readonly fetch: string;
  readonly digest: string;
  readonly annotations: string;
}

/** GET …/why?url= : what the job recorded of one URL, and where each part comes from. */
export interface UrlHistory {
  readonly url: string;
  readonly normalized: string | null;
  readonly seen: boolean;
  readonly discovered?: { readonly via: string; readonly hops: string; readonly run: string };
  readonly scope?: ScopeDecision;
  readonly attempts: readonly UrlAttempt[];
  readonly kinds: ReadonlyArray<{ readonly run: string; readonly kind: string }>;
  readonly records: ReadonlyArray<{ readonly run: string; readonly timestamp: string; readonly url: string; readonly mime: string; readonly status?: string; readonly filename: string; readonly offset: string; readonly length: string; readonly type?: string }>;
  readonly sources: readonly string[];
  readonly notes: readonly string[];
}
