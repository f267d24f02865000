import type { ErrorCode } from './error-codes.js';
import { compareLocations, formatLocation, type ProblemLocation } from './source-location.js';
import { compareText } from './compare-text.js';

/** One configuration problem, located at the value it is about. */
export interface Diagnostic {
  readonly code: ErrorCode;
  readonly message: string;
  /** A place in a file, a whole file or folder, or none for a problem that is in no file. */
  readonly location?: ProblemLocation;
  readonly bean?: string;
  readonly property?: string;
  readonly hints?: readonly string[];
  /** A warning is printed but does not make verify fail; everything else is an error. */
  readonly severity?: 'warning';
  /** A warning `launch` refuses to start with (a profile's placeholder left in); `create` lists it as still to edit. */
  readonly blocksLaunch?: boolean;
}

/** What `launch` refuses to start with: every error, and the warnings that block a launch. */
export function blocksLaunch(d: Diagnostic): boolean {
  return isError(d) || d.blocksLaunch === true;
}

export function isError(d: Diagnostic): boolean {
  return d.severity !== 'warning';
}

/** `file:line:column: error CODE: bean "id" property "name": message` (`file: …` for a whole file, `beancrawl: …` for none), then indented hints. */
export function formatDiagnostic(d: Diagnostic): string {
  const subject = [d.bean !== undefined ? `bean "${d.bean}"` : '', d.property !== undefined ? `property "${d.property}"` : '']
    .filter(Boolean)
    .join(' ');
  const head = `${formatLocation(d.location)}: ${d.severity ?? 'error'} ${d.code}: ${subject ? `${subject}: ` : ''}${d.message}`;
  return [head, ...(d.hints ?? []).map((h) => `  hint: ${h}`)].join('\n');
}

/** Sorted by location; exact repeats dropped. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return [...list]
    .sort((a, b) => compareLocations(a.location, b.location) || compareText(a.code, b.code))
    .filter((d) => {
      const key = formatDiagnostic(d);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
