/** A timer that the code under test set, held for the test to fire instead of the clock. */
export interface CapturedTimer {
  readonly ms: number;
  readonly repeats: boolean;
  /** Cleared by the code (or fired, for a one-shot timer). */
  readonly cleared: boolean;
  /** Runs the timer's callback now, as its delay running out would. */
  fire(): void;
}

/**
 * Captures every timer (setTimeout, setInterval) set with a delay that `matches` accepts, so that
 * a test fires it when it chooses instead of waiting for the clock; other timers run as usual,
 * so a test picks a delay no library uses. `restore()` puts the real functions back.
 */
export function captureTimers(matches: (ms: number) => boolean): { readonly timers: readonly CapturedTimer[]; restore(): void } {
  const real = { setTimeout, setInterval, clearTimeout, clearInterval };
  const timers: CapturedTimer[] = [];
  const byHandle = new Map<unknown, { cleared: boolean }>();
  const capture = (repeats: boolean) => ((fn: (...args: unknown[]) => void, ms = 0, ...args: unknown[]) => {
    if (!matches(ms)) return (repeats ? real.setInterval : real.setTimeout)(fn, ms, ...args);
    // A real timer that never fires stands in, so that unref(), refresh() and clearing work on it.
    const handle = real.setTimeout(() => undefined, 2 ** 31 - 1).unref();
    const state = { cleared: false };
    byHandle.set(handle, state);
    timers.push({
      ms, repeats,
      get cleared() {
        return state.cleared;
      },
      fire() {
        if (state.cleared) throw new Error(`the ${ms} ms timer fired was cleared`);
        if (!repeats) state.cleared = true;
        fn(...args);
      },
    });
    return handle;
  }) as unknown;
  const clear = (realClear: (handle?: NodeJS.Timeout) => void) => (handle?: NodeJS.Timeout) => {
    const state = byHandle.get(handle);
    if (state) state.cleared = true;
    realClear(handle);
  };
  globalThis.setTimeout = capture(false) as typeof setTimeout;
  globalThis.setInterval = capture(true) as typeof setInterval;
  globalThis.clearTimeout = clear(real.clearTimeout) as typeof clearTimeout;
  globalThis.clearInterval = clear(real.clearInterval) as typeof clearInterval;
  return {
    timers,
    restore: () => void Object.assign(globalThis, real),
  };
}
