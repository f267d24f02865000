import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/**
 * How busy this thread's event loop is: the share of each window (a quarter second by default)
 * it spent running code rather than waiting for events (Node's event loop utilization), and waits
 * for it to fall below a share. It samples from `watch` (or the first `below`) until `stop`; its
 * timer holds the process open only while a wait is under way.
 */
export class LoopLoad {
  #last?: EventLoopUtilization;
  #share = 0;
  /** Whether a whole window has passed since sampling began. */
  #windowed = false;
  #timer?: NodeJS.Timeout;
  readonly #waiters = new Set<() => void>();

  constructor(readonly windowMs = 250) {}

  /**
   * The last window's share, 0–1; before the first window has passed, the share since sampling
   * began once that is half a window or more (0 before: too short a span to tell).
   */
  get share(): number {
    if (this.#windowed || this.#last === undefined) return this.#share;
    const since = performance.eventLoopUtilization(performance.eventLoopUtilization(), this.#last);
    return since.idle + since.active >= this.windowMs / 2 ? since.utilization : 0;
  }

  /**
   * Resolves once the last window's share is at most `max`, or after `maxWaitMs` whatever it is,
   * with the milliseconds waited (0 at once when it already is, when `max` is 1 or more, or
   * `maxWaitMs` 0).
   */
  below(max: number, maxWaitMs: number): Promise<number> {
    if (max >= 1 || maxWaitMs <= 0) return Promise.resolve(0);
    this.watch();
    if (this.share <= max) return Promise.resolve(0);
    const began = performance.now();
    return new Promise((resolve) => {
      const check = () => {
        const waited = performance.now() - began;
        if (this.share > max && waited < maxWaitMs && this.#timer !== undefined) return;
        this.#waiters.delete(check);
        if (this.#waiters.size === 0) this.#timer?.unref();
        resolve(Math.round(waited));
      };
      this.#waiters.add(check);
      this.#timer?.ref();
    });
  }

  /** Stops sampling; pages waiting are let go. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#last = undefined;
    this.#windowed = false;
    this.#share = 0;
    for (const check of [...this.#waiters]) check();
  }

  /** Begins sampling (again, after `stop`), so that the first `below` has a window to go by. */
  watch(): void {
    if (this.#timer !== undefined) return;
    this.#last = performance.eventLoopUtilization();
    this.#timer = setInterval(() => {
      const now = performance.eventLoopUtilization();
      this.#share = performance.eventLoopUtilization(now, this.#last).utilization;
      this.#last = now;
      this.#windowed = true;
      for (const check of [...this.#waiters]) check();
    }, this.windowMs);
    this.#timer.unref();
  }
}
