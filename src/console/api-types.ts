/**
 * What the console reads of the API's answers (README: "The service and its API"). The console
 * is a client of the API and nothing else, so these are written from the API's documents, not
 * imported from the server's code.
 */

/** One problem verify found: what `verify` prints, field by field. */
export interface VerifyProblem {
  readonly file: string | null;
  readonly line: number | null;
  readonly column: number | null;
  readonly code: string;
  readonly bean?: string | null;
  readonly property?: string | null;
  readonly level?: string;
  readonly severity?: 'error' | 'warning';
  readonly message: string;
  readonly hints?: readonly string[];
}

export interface VerifyReport {
  readonly ok: boolean;
  readonly level: string;
  readonly beans: number;
  readonly errors: readonly VerifyProblem[];
  readonly at: string;
}

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
