import { formatDiagnostic, isError } from '../../util/diagnostic.js';
import { verifyJob } from '../../job/verify-job.js';
import { defineCommand } from '../cli-command.js';
import { EXIT_ERROR, EXIT_OK } from '../../util/exit-codes.js';
import type { Output } from '../output.js';
import { SET_OPTION } from '../set-option.js';

const LEVELS = { 1: 'well-formed files', 2: 'building the bean graph', 3: 'each bean\'s own validation' } as const;

/** `beancrawl verify JOB|FILE`: all errors, sorted by location; a one-line summary. */
export const verifyCommand = defineCommand({
  names: ['verify'],
  operands: { usage: 'JOB|FILE', min: 1, max: 1, needs: 'a job folder or bean file' },
  options: { set: SET_OPTION },
  summary: 'Check a job folder or bean file; print every error at once.',
  details: 'Three levels of checking: every file is well formed; the bean graph can be built (classes, '
    + 'properties, types, references); every bean\'s own rules. Prints each error as '
    + 'file:line:column: error CODE: message, sorted by location. Exit 0 when clean, 1 on errors.',
  run: ({ operands: [target], options }, io) => verify(target, options.set, io),
});

async function verify(target: string, sets: readonly string[], io: Output): Promise<number> {
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
