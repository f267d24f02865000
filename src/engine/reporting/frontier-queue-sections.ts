import type { ControllerState } from '../../model/crawl-control.js';
import type { QueueState, QueueSummary } from '../../model/frontier-queues.js';
import { formatMillisecondsToConventional } from './report-format.js';

/** How many queues Heritrix's frontier report lists at most in each category (WorkQueueFrontier.maxQueuesPerReportCategory). */
export const MAX_QUEUES_PER_CATEGORY = 2000;
/** How many of the longest queues it tracks (WorkQueueFrontier's largestQueues, a TopNSet of 20). */
export const LONGEST_QUEUES = 20;

/**
 * The frontier's state as Heritrix's `lastReachedState` names it (Frontier.State): FINISH once
 * the crawl is ending, PAUSE while paused or not yet started, EMPTY when running with nothing
 * queued or in process, RUN otherwise.
 */
export function frontierState(state: ControllerState, queued: number, inProcess: number): string {
  if (state === 'FINISHED' || state === 'STOPPING') return 'FINISH';
  if (state === 'RUNNING') return queued === 0 && inProcess === 0 ? 'EMPTY' : 'RUN';
  return 'PAUSE';
}

/**
 * The per-queue sections that end Heritrix's frontier-summary-report.txt (WorkQueueFrontier.reportTo
 * after the counts): the longest queues, then the in-process, ready, snoozed (soonest awake first),
 * inactive and retired ones, each queue as WorkQueue.reportTo writes it, at most
 * MAX_QUEUES_PER_CATEGORY a category. Queues here are never inactive, so that section stays empty.
 */
export function* queueSections(queues: Iterable<QueueSummary>, now: number): Iterable<string> {
  const byState = new Map<QueueState, QueueSummary[]>();
  const nonEmpty: QueueSummary[] = [];
  for (const q of queues) {
    const list = byState.get(q.state);
    if (list) list.push(q);
    else byState.set(q.state, [q]);
    if (q.size > 0) nonEmpty.push(q);
  }
  const longest = nonEmpty.sort((a, b) => b.size - a.size || (a.key < b.key ? -1 : 1)).slice(0, LONGEST_QUEUES);
  const of = (state: QueueState) => byState.get(state) ?? [];
  yield '';
  yield ` -----===== ${longest.length} LONGEST QUEUES =====-----`;
  yield* category('LONGEST', longest, longest.length, now);
  yield '';
  yield ' -----===== IN-PROCESS QUEUES =====-----';
  yield* category('IN-PROCESS', of('in-process'), MAX_QUEUES_PER_CATEGORY, now);
  yield '';
  yield ' -----===== READY QUEUES =====-----';
  yield* category('READY', of('ready'), MAX_QUEUES_PER_CATEGORY, now);
  yield '';
  yield ' -----===== SNOOZED QUEUES =====-----';
  yield* category('SNOOZED', of('snoozed').sort((a, b) => a.wakeAt - b.wakeAt), MAX_QUEUES_PER_CATEGORY, now);
  yield '';
  yield ' -----===== INACTIVE QUEUES =====-----';
  yield* category('INACTIVE', of('inactive').sort((a, b) => (a.precedence ?? 0) - (b.precedence ?? 0)), MAX_QUEUES_PER_CATEGORY, now);
  yield '';
  yield ' -----===== RETIRED QUEUES =====-----';
  yield* category('RETIRED', of('retired'), MAX_QUEUES_PER_CATEGORY, now);
}

/** Heritrix's appendQueueReports: `LABEL#n:` and the queue's report, then how many more were left out. */
function* category(label: string, queues: readonly QueueSummary[], max: number, now: number): Iterable<string> {
  const shown = Math.min(queues.length, max);
  for (let i = 0; i < shown; i++) {
    yield `${label}#${i}:`;
    yield* queueReport(queues[i], now);
  }
  // Heritrix counts one more than it showed before comparing (count++ after its loop); kept, so the numbers agree.
  if (shown + 1 < queues.length) yield `...and ${queues.length - shown - 1} more ${label}.`;
}

/**
 * One queue as Heritrix's WorkQueue.reportTo writes it, with what beancrawl keeps of a queue:
 * its size, wake time, last URI scheduled and taken (`null` when not seen in this launch, as Java
 * prints a missing one), spend, budget and balance, and its precedence (`(pN)`) when the frontier
 * keeps one. Heritrix's cost averages and per-queue fetch counts are not kept here and are left out.
 */
function* queueReport(q: QueueSummary, now: number): Iterable<string> {
  yield q.precedence === undefined ? `Queue ${q.key}` : `Queue ${q.key} (p${q.precedence})`;
  yield `  ${q.size} items`;
  if (q.wakeAt > 0) yield `   wakes in: ${formatMillisecondsToConventional(q.wakeAt - now)}`;
  yield `    last enqueued: ${q.lastQueued ?? 'null'}`;
  yield `      last peeked: ${q.lastPeeked ?? 'null'}`;
  yield `   total expended: ${q.totalSpent} (total budget: ${q.totalBudget})`;
  yield `   active balance: ${q.balance}`;
  yield '';
}
