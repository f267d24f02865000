import type { QueueState, QueueSummary } from '../../model/frontier-queues.js';
import type { RetryWait } from '../../wire/job-status.js';
import type { WorkQueue } from './work-queue.js';

/** Queues waiting for a turn, by precedence and in the terms of Heritrix's report. */
export interface WaitingQueues {
  /** Queues of the precedence served now: the lowest below the floor that has any. */
  readonly ready: number;
  /** Queues waiting behind those. */
  readonly inactive: number;
  /** Queues at or above the floor: never served. */
  readonly ineligible: number;
  readonly byPrecedence: Array<[number, number]>;
  readonly floor: number;
}

/** The waiting queues' counts (ReadyQueues.waitingByPrecedence) told apart by the precedence floor. */
export function waitingQueues(byPrecedence: Array<[number, number]>, floor: number): WaitingQueues {
  let ready = 0;
  let inactive = 0;
  let ineligible = 0;
  for (const [p, n] of byPrecedence) {
    if (p >= floor) ineligible += n;
    else if (ready === 0) ready = n;
    else inactive += n;
  }
  return { ready, inactive, ineligible, byPrecedence, floor };
}

/** URIs waiting in queues that never get a turn (precedence at or above the floor). */
export function ineligibleUris(queues: Iterable<WorkQueue>, floor: number): number {
  let n = 0;
  for (const q of queues) if (q.readyAt !== undefined && q.readyAt >= floor) n += q.size;
  return n;
}

/** Every queue as the frontier reports list it (Heritrix's frontier-summary and nonempty reports). */
export function* queueSummaries(queues: Iterable<WorkQueue>, byPrecedence: Array<[number, number]>, floor: number): Iterable<QueueSummary> {
  // The precedence whose queues are served now: the lowest below the floor that has one waiting.
  const served = byPrecedence.find(([p]) => p < floor)?.[0] ?? Infinity;
  for (const q of queues) {
    yield {
      key: q.key, state: stateOf(q, floor, served), size: q.size, balance: q.balance, totalSpent: q.totalSpent, totalBudget: q.totalBudget, precedence: q.precedence,
      wakeAt: q.wakeAt, lastQueued: q.lastQueued, lastPeeked: q.lastPeeked, inFlight: q.inProcess ? 1 : 0, errors: q.errors, lastStatus: q.lastStatus,
    };
  }
}

/** Where a queue is, in the terms of Heritrix's reports. */
function stateOf(q: WorkQueue, floor: number, served: number): QueueState {
  if (q.retired) return 'retired';
  if (q.inProcess) return 'in-process';
  if (q.wakeAt > 0) return 'snoozed';
  // Waiting behind queues of a lower precedence, or never to be served (at or above the floor).
  if (q.readyAt !== undefined && (q.readyAt >= floor || q.readyAt > served)) return 'inactive';
  // A queue with URIs is either in line or about to be put there.
  return q.ready || q.size > 0 ? 'ready' : 'exhausted';
}

/** How many of the queues waiting to retry a failed fetch stats() names (the soonest). */
const RETRY_WAITS_SHOWN = 5;

/**
 * When the first queue waiting to retry wakes, and the first few of them: which URI, why, which
 * try comes when (a scan of the resting queues: asked only while some wait to retry).
 */
export function retryWaits(resting: Iterable<WorkQueue>): { nextRetryAt: number; retryWaits: RetryWait[] } {
  const soonest: WorkQueue[] = [];
  for (const q of resting) {
    if (!q.retryWait) continue;
    if (soonest.length === RETRY_WAITS_SHOWN && q.wakeAt >= soonest[RETRY_WAITS_SHOWN - 1].wakeAt) continue;
    let i = Math.min(soonest.length, RETRY_WAITS_SHOWN - 1);
    while (i > 0 && soonest[i - 1].wakeAt > q.wakeAt) i--;
    soonest.splice(i, 0, q);
    soonest.length = Math.min(soonest.length, RETRY_WAITS_SHOWN);
  }
  const waits = soonest.map((q): RetryWait => {
    const r = q.retry;
    return {
      queue: q.key, uri: r?.uri ?? q.lastPeeked ?? '', error: r?.error ?? 'unknown', status: r?.status ?? 0,
      nextTry: r?.nextTry ?? 0, maxTries: r?.maxTries ?? 0, at: new Date(q.wakeAt).toISOString(),
    };
  });
  return { nextRetryAt: soonest[0]?.wakeAt ?? Infinity, retryWaits: waits };
}
