import type { Output } from './output.js';

/** One `--name` option of a command. */
export interface CliOption {
  /** The placeholder of its value in usage lines (`NAME`); an option without one is a flag. */
  readonly value?: string;
  /** An option with a value may be given more than once; its values are kept in order. */
  readonly repeatable?: boolean;
  /** One line for the command's help. */
  readonly description: string;
  /** Checks each value as the line is read: the usage error to report, or undefined when it is good. */
  readonly check?: (value: string) => string | undefined;
}

export type CliOptions = Readonly<Record<string, CliOption>>;

/** The words after the command that are not options: how many, and what a missing one is called. */
export interface CliOperands {
  /** As usage lines show them: `JOB|FILE`, `JOB URL...`. */
  readonly usage: string;
  readonly min: number;
  /** Infinity for a list. */
  readonly max: number;
  /** The usage error for too few is "CMD needs <needs>: beancrawl CMD <example, or usage>". */
  readonly needs: string;
  readonly example?: string;
}

type OptionValue<O extends CliOption> = O extends { readonly value: string }
  ? O extends { readonly repeatable: true } ? readonly string[] : string | undefined
  : boolean;

/** What a command's options hold once read: flags are booleans, repeatable options lists (empty when absent). */
export type OptionValues<O extends CliOptions> = string extends keyof O
  ? Readonly<Record<string, boolean | string | readonly string[] | undefined>>
  : { readonly [K in keyof O]: OptionValue<O[K]> };

/** A command line read against its command's entry. */
export interface CommandLine<O extends CliOptions = CliOptions, N extends string = string> {
  /** The name it was called by: one of the entry's names. */
  readonly command: N;
  readonly operands: readonly string[];
  readonly options: OptionValues<O>;
}

/**
 * One entry of the command table: everything the parser, `--help`, per-command help and the
 * command line docs (docs/guide/command-line.md, docs/reference/cli.md) need to know about a command, and the code that runs it.
 */
export interface CliCommand<O extends CliOptions = CliOptions, N extends string = string> {
  /** Usually one; several when commands share their arguments, help and code (status, pause…). */
  readonly names: readonly N[];
  /** Absent for a command that takes none. */
  readonly operands?: CliOperands;
  /** In the order usage lines show them. */
  readonly options: O;
  /** One line, for the `--help` overview. */
  readonly summary: string;
  /** The rest of the command's own help: a paragraph, wrapped when printed. */
  readonly details?: string;
  /**
   * Returns the exit code; throws a UsageError or a BeancrawlError for bad input. Declared as a
   * method so that the table can hold entries whose options differ: the parser builds `line`
   * from this very entry's options, which is what makes that safe.
   */
  run(line: CommandLine<O, N>, io: Output): Promise<number>;
}

/** Declares a command, keeping its option and name literals so that `run` sees typed values. */
export function defineCommand<const O extends CliOptions, const N extends string>(command: CliCommand<O, N>): CliCommand<O, N> {
  return command;
}
