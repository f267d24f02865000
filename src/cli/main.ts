import { didYouMean } from '../util/did-you-mean.js';
import { errorLines } from './error-lines.js';
import { VERSION } from '../util/version.js';
import type { CliCommand } from './cli-command.js';
import { COMMANDS, PLANNED_COMMANDS } from './command-table.js';
import { EXIT_ERROR, EXIT_OK, EXIT_USAGE } from '../util/exit-codes.js';
import { commandHelp, helpText } from './help-text.js';
import { processOutput, type Output } from './output.js';
import { parseCommandLine } from './parse-command-line.js';
import { UsageError } from './usage-error.js';

/** Runs one beancrawl command and returns its exit code; never throws. */
export async function run(argv: readonly string[], io: Output = processOutput): Promise<number> {
  const debug = argv.includes('--debug');
  try {
    return await dispatch(argv.filter((a) => a !== '--debug'), io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`beancrawl: ${e.message}\nRun "beancrawl --help" for usage.`);
      return EXIT_USAGE;
    }
    for (const line of errorLines(e, debug)) io.err(line);
    return EXIT_ERROR;
  }
}

async function dispatch(argv: readonly string[], io: Output): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    io.out(helpText());
    // Nothing asked for is a usage mistake, though the help it gets is the same.
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (name === '--version' || name === '-v') {
    io.out(VERSION);
    return EXIT_OK;
  }
  if (name === 'help') {
    if (rest.length > 1) throw new UsageError(`unexpected argument "${rest[1]}"`);
    io.out(commandHelp(commandNamed(rest[0])));
    return EXIT_OK;
  }
  const command = commandNamed(name);
  const line = parseCommandLine(command, name, rest);
  if (line === 'help') {
    io.out(commandHelp(command));
    return EXIT_OK;
  }
  return command.run(line, io);
}

function commandNamed(name: string): CliCommand {
  const command = COMMANDS.find((c) => c.names.includes(name));
  if (command) return command;
  if (PLANNED_COMMANDS.includes(name)) throw new UsageError(`"${name}" is not available in this version yet`);
  const near = didYouMean(name, COMMANDS.flatMap((c) => c.names));
  throw new UsageError(`unknown command "${name}"${near.length ? ` (did you mean ${near.map((n) => `"${n}"`).join(' or ')}?)` : ''}`);
}
