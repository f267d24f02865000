/** The run's progress over time (GET …/stats), from progress-statistics.log. */

/** One line of progress-statistics.log, as numbers for a chart. */
export interface ProgressSample {
  readonly at: string;
  readonly discovered: number;
  readonly queued: number;
  readonly downloaded: number;
  readonly documentsPerSecond: number;
  readonly kibPerSecond: number;
  readonly failures: number;
  readonly busyThreads: number;
}
