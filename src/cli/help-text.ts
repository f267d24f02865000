import { exitCodesSentence } from '../util/exit-codes.js';
import { VERSION } from '../util/version.js';
import type { CliCommand, CliOption } from './cli-command.js';
import { COMMANDS, PLANNED_COMMANDS } from './command-table.js';

/** Help is wrapped for an 80-column terminal. */
const WIDTH = 80;
const SUMMARY_INDENT = '      ';

/** A command's usage after "beancrawl", as the parser reads it: names, operands, each option. */
export function usageLine(command: CliCommand): string {
  return usageParts(command).join(' ');
}

/** `beancrawl --help`: every command's usage and summary, then what applies to them all. */
export function helpText(): string {
  const lines = [`beancrawl ${VERSION} - a crawl engine configured by bean files`, '', 'Usage:'];
  for (const command of COMMANDS) {
    lines.push(...usageLines('  beancrawl', command), ...wrap(command.summary.split(' '), SUMMARY_INDENT, SUMMARY_INDENT));
  }
  lines.push(
    '  beancrawl help COMMAND | COMMAND --help',
    '      Print a command\'s options and what it does in full.',
    '  beancrawl --help | --version',
    '',
    'Options:',
    ...optionLines({ debug: { description: 'show stack traces of internal errors (with any command)' } }),
    '',
    ...(PLANNED_COMMANDS.length ? [`Not in this version yet: ${PLANNED_COMMANDS.join(', ')}.`, ''] : []),
    ...wrap(exitCodesSentence().split(' '), '', ''),
  );
  return `${lines.join('\n')}\n`;
}

/** `beancrawl help COMMAND`, `beancrawl COMMAND --help`: its usage, summary, details and options. */
export function commandHelp(command: CliCommand): string {
  const about = command.details ? `${command.summary} ${command.details}` : command.summary;
  const lines = [...usageLines('Usage: beancrawl', command), '', ...wrap(about.split(' '), '', '')];
  if (Object.keys(command.options).length) lines.push('', 'Options:', ...optionLines(command.options));
  return `${lines.join('\n')}\n`;
}

function usageParts(command: CliCommand): string[] {
  const options = Object.entries(command.options).map(([name, o]) => `[--${name}${o.value ? ` ${o.value}` : ''}]${o.repeatable ? '...' : ''}`);
  return [command.names.join('|'), ...(command.operands?.usage ? [command.operands.usage] : []), ...options];
}

/** A long usage goes on below its first option, never splitting one. */
function usageLines(lead: string, command: CliCommand): string[] {
  const [name, ...rest] = usageParts(command);
  const first = `${lead} ${name}`;
  return wrap(rest, `${first} `, ' '.repeat(first.length + 1));
}

/** `--name VALUE` in a column, each description beside it (wrapped under itself). */
function optionLines(options: Readonly<Record<string, CliOption>>): string[] {
  const left = Object.entries(options).map(([name, o]) => `  --${name}${o.value ? ` ${o.value}` : ''}`);
  const column = Math.max(...left.map((l) => l.length)) + 2;
  return Object.values(options).flatMap((o, i) => {
    const words = `${o.description}${o.repeatable ? ' (repeatable)' : ''}`.split(' ');
    return wrap(words, left[i].padEnd(column), ' '.repeat(column));
  });
}

/** Fills lines up to WIDTH with `words`; a word longer than a line gets a line of its own. */
function wrap(words: readonly string[], firstIndent: string, indent: string): string[] {
  const lines: string[] = [];
  let line = firstIndent;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line.trimEnd());
      line = indent;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line.trimEnd());
  return lines;
}
