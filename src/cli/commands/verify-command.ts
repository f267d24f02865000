import { formatDiagnostic, isError } from '../../util/diagnostic.js';
import { verifyJob } from '../../job/verify-job.js';
import { EXIT_ERROR, EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

const LEVELS = { 1: 'well-formed files', 2: 'building the bean graph', 3: 'each bean\'s own validation' } as const;

/** `beancrawl verify JOB|FILE`: all errors, sorted by location; a one-line summary. */
export async function verifyCommand(target: string, sets: readonly string[], io: Output): Promise<number> {
  const result = await verifyJob(target, { sets });
  for (const d of result.diagnostics) io.err(formatDiagnostic(d));
  const errors = result.diagnostics.filter(isError);
  if (errors.length) {
    const n = errors.length;
    io.err(`${n} error${n === 1 ? '' : 's'} at level ${result.level} of 3 (${LEVELS[result.level]})`);
    return EXIT_ERROR;
  }
  const warnings = result.diagnostics.length;
  io.out(`OK: ${target}: ${result.resolved?.beans.length ?? 0} beans, 3 levels checked${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}`);
  return EXIT_OK;
}
