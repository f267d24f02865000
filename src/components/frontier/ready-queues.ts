import { Deque } from '../../util/deque.js';
import type { WorkQueue } from './work-queue.js';

/**
 * Queues waiting for a turn, by precedence (Heritrix's ready queue and its inactive queues by
 * precedence in one): a turn goes to a queue of the lowest precedence that has one waiting, in
 * the order they came; none goes to a queue at or above the precedence floor (Heritrix's
 * "ineligible" ones). A queue whose precedence changes while it waits is placed again at its new
 * precedence; the place it left is skipped when reached.
 */
export class ReadyQueues {
  readonly #lines = new Map<number, Deque<WorkQueue>>();
  /** The precedences that have a line, ascending. */
  readonly #precedences: number[] = [];
  /** Queues waiting, by precedence. */
  readonly #waiting = new Map<number, number>();
  #size = 0;

  /** Queues waiting, eligible or not. */
  get size(): number {
    return this.#size;
  }

  /** Puts a queue in line at its precedence: at the front (it keeps its turn) or the back. */
  place(q: WorkQueue, front: boolean): void {
    const p = q.precedence;
    let line = this.#lines.get(p);
    if (!line) {
      line = new Deque<WorkQueue>();
      this.#lines.set(p, line);
      const ps = this.#precedences;
      let i = ps.length;
      while (i > 0 && ps[i - 1] > p) i--;
      ps.splice(i, 0, p);
    }
    if (front) line.pushFront(q);
    else line.pushBack(q);
    q.readyAt = p;
    this.#waiting.set(p, (this.#waiting.get(p) ?? 0) + 1);
    this.#size++;
  }

  /** A waiting queue whose precedence changed goes to the back of its new line. */
  moved(q: WorkQueue): void {
    const at = q.readyAt;
    if (at === undefined || at === q.precedence) return;
    this.#leave(at);
    this.place(q, false);
  }

  /** The next queue whose precedence is below `floor`, taken out of line. */
  shift(floor: number): WorkQueue | undefined {
    for (const p of this.#precedences) {
      if (p >= floor) return undefined;
      const line = this.#lines.get(p)!;
      for (let q = line.shift(); q !== undefined; q = line.shift()) {
        // A queue that moved to another line, or was taken from there, left this place behind.
        if (q.readyAt !== p) continue;
        q.readyAt = undefined;
        this.#leave(p);
        return q;
      }
    }
    return undefined;
  }

  /** How many queues wait at each precedence (those with none left out), ascending. */
  waitingByPrecedence(): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (const p of this.#precedences) {
      const n = this.#waiting.get(p) ?? 0;
      if (n > 0) out.push([p, n]);
    }
    return out;
  }

  #leave(p: number): void {
    this.#waiting.set(p, this.#waiting.get(p)! - 1);
    this.#size--;
  }
}
