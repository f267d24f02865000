import { BeancrawlError } from '../../util/beancrawl-error.js';
import type { Diagnostic } from '../../util/diagnostic.js';
import { orAfter } from '../../util/or-after.js';
import type { SourceLocation } from '../../util/source-location.js';

/** The optional, duck-typed hooks a component may have. */
export interface LifecycleAware {
  start?(): unknown;
  stop?(): unknown;
}

export interface LifecycleEntry {
  readonly id: string;
  readonly instance: unknown;
  readonly loc: SourceLocation;
}

export interface LifecycleTimeouts {
  readonly startTimeoutMs: number;
  readonly stopTimeoutMs: number;
}

/**
 * Starts beans in the order given (dependencies first), each within a timeout that names it; a
 * failed start stops the beans already started, in reverse. Stop runs in reverse, reaches every
 * started bean even when some throw, and reports all failures together.
 */
export class Lifecycle {
  readonly #started: LifecycleEntry[] = [];

  constructor(readonly entries: readonly LifecycleEntry[], readonly timeouts: LifecycleTimeouts) {}

  async start(): Promise<void> {
    for (const entry of this.entries) {
      const hook = (entry.instance as LifecycleAware).start;
      if (typeof hook !== 'function') {
        this.#started.push(entry);
        continue;
      }
      const error = await runHook(entry, 'start', this.timeouts.startTimeoutMs);
      if (error) {
        const stopErrors = await this.#stopStarted();
        throw new BeancrawlError([error, ...stopErrors]);
      }
      this.#started.push(entry);
    }
  }

  /** Stops every started bean in reverse order; throws one error listing every failure. */
  async stop(): Promise<void> {
    const errors = await this.#stopStarted();
    if (errors.length) throw new BeancrawlError(errors);
  }

  async #stopStarted(): Promise<Diagnostic[]> {
    const errors: Diagnostic[] = [];
    while (this.#started.length) {
      const entry = this.#started.pop()!;
      if (typeof (entry.instance as LifecycleAware).stop !== 'function') continue;
      const error = await runHook(entry, 'stop', this.timeouts.stopTimeoutMs);
      if (error) errors.push(error);
    }
    return errors;
  }
}

/** What a hook that did not finish in time is taken to have given. */
const TIMED_OUT = Symbol('timed out');

async function runHook(entry: LifecycleEntry, hook: 'start' | 'stop', timeoutMs: number): Promise<Diagnostic | undefined> {
  try {
    const outcome = await orAfter(Promise.resolve((entry.instance as Required<LifecycleAware>)[hook]()), timeoutMs, TIMED_OUT);
    if (outcome === TIMED_OUT) {
      return {
        code: hook === 'start' ? 'BC_START_TIMEOUT' : 'BC_STOP_FAILED', bean: entry.id, location: entry.loc,
        message: `${hook}() did not finish within ${timeoutMs} ms (${hook}TimeoutMs)`,
      };
    }
    return undefined;
  } catch (e) {
    return { code: hook === 'start' ? 'BC_START_FAILED' : 'BC_STOP_FAILED', bean: entry.id, location: entry.loc, message: `${hook}() failed: ` +
      `${(e as Error)?.message ?? String(e)}` };
  }
}
