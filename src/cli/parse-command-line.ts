import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliCommand, CommandLine } from './cli-command.js';
import { didYouMean } from '../util/did-you-mean.js';
import { UsageError } from './usage-error.js';

/**
 * Reads a command's arguments against its table entry: its options (`--help` and `-h` are every
 * command's), then its operands. Returns 'help' when the command's help is asked for; throws a
 * UsageError for an unknown option, a missing or extra operand, or a value its check refuses.
 */
export function parseCommandLine(command: CliCommand, name: string, args: readonly string[]): CommandLine | 'help' {
  const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } };
  for (const [option, spec] of Object.entries(command.options)) {
    options[option] = { type: spec.value ? 'string' : 'boolean', multiple: Boolean(spec.value && spec.repeatable) };
  }
  const operands = command.operands ?? { usage: '', min: 0, max: 0, needs: '' };
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: operands.max > 0, strict: true });
  } catch (e) {
    // Node adds how to pass an operand that starts with '-'; a misspelt option is the usual cause, so that advice misleads.
    const message = (e as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    const unknown = /^Unknown option '--?([^']+)'/.exec(message)?.[1];
    const near = unknown === undefined ? [] : didYouMean(unknown, ['help', ...Object.keys(command.options)]);
    throw new UsageError(`${message}${near.length ? ` (did you mean ${near.map((n) => `"--${n}"`).join(' or ')}?)` : ''}`);
  }
  if (parsed.values.help) return 'help';
  const { positionals } = parsed;
  if (positionals.length > operands.max) throw new UsageError(`unexpected argument "${positionals[operands.max]}"`);
  if (positionals.length < operands.min) throw new UsageError(`${name} needs ${operands.needs}: beancrawl ${name} ${operands.example ?? operands.usage}`);
  const values: Record<string, boolean | string | readonly string[] | undefined> = {};
  for (const [option, spec] of Object.entries(command.options)) {
    const value = parsed.values[option];
    if (!spec.value) {
      values[option] = Boolean(value);
      continue;
    }
    const given = value === undefined ? [] : ([] as string[]).concat(value as string | string[]);
    for (const v of given) {
      const problem = spec.check?.(v);
      if (problem) throw new UsageError(problem);
    }
    values[option] = spec.repeatable ? given : given[0];
  }
  return { command: name, operands: positionals, options: values };
}
