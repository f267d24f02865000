/**
 * What the console reads of the API's answers (docs/guide/service.md). The shapes of
 * src/wire are the server's own declarations, imported as types (nothing of the server runs in
 * the browser); the few others are the routes' own wrappers, written here from the API's documents.
 */
import type { JobSummary, JobStatus as WireJobStatus } from '../wire/job-status.js';
import type { LiveBean, LiveChange } from '../wire/live-beans.js';
import type { QueueSummary } from '../wire/queues.js';
import type { VerifyProblem, VerifyReport } from '../wire/verify-report.js';

export type { ComponentInfo, PropSpec as PropertyInfo, RefSpec as ReferenceInfo } from '../wire/component-info.js';
export type { ConfigEdit, ConfigEditAnswer, ConfigForm, FormBean, FormLocation, FormReference, FormValue } from '../wire/config-form.js';
export type { Explanation } from '../wire/explanation.js';
export type { Alert, RunCounts, RunRecord } from '../wire/job-status.js';
export type { ProgressSample } from '../wire/progress.js';
export type { UrlAttempt, UrlHistory } from '../wire/url-history.js';
export type { Completion as ServiceCompletion, Hover as ServiceHover } from '../wire/authoring.js';
export type { JobSummary, LiveBean, LiveChange, QueueSummary as QueueInfo, VerifyProblem, VerifyReport };

/** GET /api/v1/jobs/NAME: the job object (`status --json`); a `stats` event carries it without `runs`. */
export type JobStatus = Omit<WireJobStatus, 'runs'> & { readonly runs?: WireJobStatus['runs'] };

/** One Server-Sent Event of GET …/events, its data parsed: `stats` (the job object without `runs`), `state`, `alert`, `action`, `file`. */
export interface ServiceEvent<T = unknown> {
  readonly job: string;
  readonly at: string;
  readonly data: T;
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
export const LOG_NAMES = ['crawl', 'alerts', 'uri-errors', 'nonfatal-errors', 'runtime-errors', 'progress-statistics'] as const;

/** GET …/beans */
export interface BeanList {
  readonly running: boolean;
  readonly beans: readonly LiveBean[];
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

/** GET …/queues */
export interface QueueList {
  readonly total: number;
  readonly queues: readonly QueueSummary[];
}

/** POST …/queues/KEY/actions/ACTION */
export interface QueueActionAnswer {
  readonly action: string;
  readonly deleted?: number;
  readonly queue?: QueueSummary;
}

