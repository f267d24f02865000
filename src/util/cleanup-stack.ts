import { BeancrawlError } from './beancrawl-error.js';

/** A cleanup that failed: what it was undoing, and why it failed. */
export interface CleanupFailure {
  readonly what: string;
  readonly error: unknown;
}

/**
 * Cleanups to run when a piece of work ends, however it ends (Node 20 has no AsyncDisposableStack):
 * pushed as each thing is taken, run last first. Every cleanup runs even when one before it throws;
 * what failed is kept, never dropped, and told together.
 */
export class CleanupStack {
  readonly #cleanups: Array<{ what: string; run: () => unknown }> = [];
  #disposed = false;

  /**
   * Adds a cleanup, named for what it undoes (`the control socket`), to run before those added
   * earlier. Returns what drops it again: for a thing handed over to another owner, which cleans it up from then on.
   */
  defer(what: string, run: () => unknown): () => void {
    if (this.#disposed) throw new Error(`cleanup stack already run: cannot defer ${what}`);
    const cleanup = { what, run };
    this.#cleanups.push(cleanup);
    return () => {
      const at = this.#cleanups.indexOf(cleanup);
      if (at >= 0) this.#cleanups.splice(at, 1);
    };
  }

  /** Runs every cleanup, last added first, each once; returns those that failed, in the order they ran. */
  async run(): Promise<CleanupFailure[]> {
    this.#disposed = true;
    const failures: CleanupFailure[] = [];
    while (this.#cleanups.length) {
      const { what, run } = this.#cleanups.pop()!;
      try {
        await run();
      } catch (error) {
        failures.push({ what, error });
      }
    }
    return failures;
  }

  /**
   * Runs every cleanup, then throws: `primary` (the work's own error) when there is one, with the
   * cleanups' failures joined to it; else the failures, as one error. Returns when all went well.
   */
  async dispose(primary?: { error: unknown }): Promise<void> {
    const failures = await this.run();
    if (primary === undefined && failures.length === 0) return;
    throw joinErrors([...(primary ? [primary.error] : []), ...failures.map((f) => describeFailure(f))]);
  }
}

/** A cleanup that failed, as an error that says what it was undoing: a fault met, not a fault of beancrawl's. */
export class CleanupFailed extends Error {
  constructor(readonly what: string, cause: unknown) {
    super(`${what}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'CleanupFailed';
  }
}

/** A failed cleanup as an error (a BeancrawlError, located already, as it is). */
function describeFailure({ what, error }: CleanupFailure): unknown {
  return error instanceof BeancrawlError ? error : new CleanupFailed(what, error);
}

/**
 * Several errors as one: the one itself when there is one; one BeancrawlError with every
 * diagnostic when all are; else an AggregateError whose message has each one's, first one first.
 */
export function joinErrors(errors: readonly unknown[]): unknown {
  if (errors.length === 1) return errors[0];
  if (errors.every((e) => e instanceof BeancrawlError)) return new BeancrawlError((errors as BeancrawlError[]).flatMap((e) => e.diagnostics));
  return new AggregateError(errors, errors.map((e) => (e as Error)?.message ?? String(e)).join('\n'));
}
