/**
 * Pieces of work going on behind their callers, counted until each settles, with a limit on how
 * many: `add` gives a promise to wait on while the limit is reached, and every waiter goes on once
 * a piece settled below the limit (a waiter never waits while there is room: one that goes on
 * without adding a piece would otherwise leave the others waiting on nothing). So at most the
 * limit, plus one a waiter, are in flight. Each waiter is woken once, and a piece costs the same
 * however many pieces and waiters there are. Racing the pieces in flight (`Promise.race`) would
 * cost a reaction on every piece for every waiter at every wake: with 100 workers waiting on 100
 * URIs writing behind, a broad crawl's thread spent most of its time there and never caught up
 * (docs/guide/performance.md, the fifth round).
 */
export class BoundedWork {
  #size = 0;
  #waiting: Array<() => void> = [];
  #idle: Array<() => void> = [];

  /** `limit`: read at each add and each settle, so that a live change takes effect (see `limitChanged`). */
  constructor(private readonly limit: () => number) {}

  /** Pieces not yet settled. */
  get size(): number {
    return this.#size;
  }

  /**
   * Counts `work` until it settles (fulfilled or rejected alike: the caller handles its outcome).
   * Undefined while fewer than the limit are in flight, this one counted; else a promise that
   * resolves once a piece has settled and there is room.
   */
  add(work: Promise<unknown>): Promise<void> | undefined {
    this.#size++;
    const settled = (): void => this.#settled();
    work.then(settled, settled);
    if (this.#size < this.limit()) return undefined;
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Resolves once no piece is in flight. */
  idle(): Promise<void> {
    if (this.#size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** The limit was raised: the waiters go on if there is now room. */
  limitChanged(): void {
    if (this.#size < this.limit()) this.#wake();
  }

  #settled(): void {
    this.#size--;
    if (this.#size < this.limit()) this.#wake();
    if (this.#size === 0 && this.#idle.length > 0) for (const resolve of this.#idle.splice(0)) resolve();
  }

  #wake(): void {
    if (this.#waiting.length === 0) return;
    for (const resolve of this.#waiting.splice(0)) resolve();
  }
}
