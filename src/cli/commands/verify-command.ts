import { formatDiagnostic } from '../../util/diagnostic.js';
import { verifyJob } from '../../job/verify-job.js';
import { EXIT_ERROR, EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

const LEVELS = { 1: 'well-formed files', 2: 'building the bean graph', 3: 'each bean\'s own validation' } as const;

/** `beancrawl verify JOB|FILE`: all errors, sorted by location; a one-line summary. */
export async function verifyCommand(target: string, sets: readonly string[], io: Output): Promise<number> {
  const result = await verifyJob(target, { sets });
  for (const d of result.diagnostics) io.err(formatDiagnostic(d));
  if (result.diagnostics.length) {
    const n = result.diagnostics.length;
    io.err(`${n} error${n === 1 ? '' : 's'} at level ${result.level} of 3 (${LEVELS[result.level]})`);
    return EXIT_ERROR;
  }
  io.out(`OK: ${target}: ${result.resolved?.beans.length ?? 0} beans, 3 levels checked`);
  return EXIT_OK;
}
