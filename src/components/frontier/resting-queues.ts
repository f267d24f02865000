import { MinHeap } from '../../util/min-heap.js';
import type { WorkQueue } from './work-queue.js';

/**
 * The queues that rest until their `wakeAt` (politeness, a retry's wait, a read to try again),
 * soonest first, and the one timer that wakes them: when it fires, every queue due is handed to
 * `due`, then `fired` is called (the frontier then looks whether anything is left to wait for).
 * A queue resting for a retry (`retryWait`) is counted apart, for the frontier's stats.
 */
export class RestingQueues {
  readonly #heap = new MinHeap<WorkQueue>((q) => q.wakeAt);
  #retrying = 0;
  #timer?: NodeJS.Timeout;
  #timerAt = 0;

  constructor(private readonly due: (q: WorkQueue) => void, private readonly fired: () => void) {}

  /** Queues resting. */
  get size(): number {
    return this.#heap.size;
  }

  /** Of those, the queues that wait to retry a URI rather than for politeness. */
  get retrying(): number {
    return this.#retrying;
  }

  /** Every resting queue, in no particular order. */
  values(): Iterable<WorkQueue> {
    return this.#heap.values();
  }

  /** `q` rests until `wakeAt`: to retry a URI when `retryWait`, else for politeness. */
  rest(q: WorkQueue, wakeAt: number, retryWait: boolean): void {
    q.wakeAt = wakeAt;
    q.retryWait = retryWait;
    if (retryWait) this.#retrying++;
    this.#heap.push(q);
    this.#arm();
  }

  /** Hands every queue due by `now` to `due`, its rest over. */
  wakeDue(now: number): void {
    while (this.#heap.size && this.#heap.peek()!.wakeAt <= now) {
      const q = this.#heap.pop()!;
      q.wakeAt = 0;
      if (q.retryWait) {
        q.retryWait = false;
        this.#retrying--;
      }
      this.due(q);
    }
  }

  /** Stops the timer. */
  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** The timer set for the first queue due, unless it is set for then or sooner. */
  #arm(): void {
    const next = this.#heap.peek();
    if (!next || (this.#timer && this.#timerAt <= next.wakeAt)) return;
    clearTimeout(this.#timer);
    this.#timerAt = next.wakeAt;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.wakeDue(Date.now());
      this.#arm();
      this.fired();
    }, Math.max(0, next.wakeAt - Date.now()));
  }
}
