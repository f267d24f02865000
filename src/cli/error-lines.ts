import { BeancrawlError } from '../util/beancrawl-error.js';
import { CleanupFailed } from '../util/cleanup-stack.js';
import { formatDiagnostic } from '../util/diagnostic.js';

/**
 * What a command that failed prints on stderr: a BeancrawlError's located diagnostics; a cleanup
 * that failed (a run record that could not be written) as what it was undoing and why; several
 * errors together, each so; anything else as an internal error (its stack with --debug).
 */
export function errorLines(e: unknown, debug: boolean): string[] {
  if (e instanceof BeancrawlError) return e.diagnostics.map(formatDiagnostic);
  if (e instanceof CleanupFailed) return [`beancrawl: ${e.message}`];
  if (e instanceof AggregateError) return e.errors.flatMap((inner: unknown) => errorLines(inner, debug));
  return [`beancrawl: internal error: ${(e as Error)?.message ?? String(e)}${debug ? `\n${(e as Error)?.stack ?? ''}` : '\n(run with --debug for ' +
    'the stack trace)'}`];
}
