import { compareText } from './compare-text.js';
/** A place in a configuration file: lines and columns count from 1. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** Maps character offsets of one text to lines and columns, with a line index built once. */
export class LineIndex {
  readonly #starts: number[] = [0];

  constructor(readonly file: string, text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.#starts.push(i + 1);
  }

  locate(offset: number): SourceLocation {
    const starts = this.#starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { file: this.file, line: lo + 1, column: offset - starts[lo] + 1 };
  }

  /** The offset of `line`:`column` (both from 1), kept within that line and the text: the inverse of locate. */
  offsetOf(line: number, column: number, textLength = Infinity): number {
    const starts = this.#starts;
    const l = Math.max(0, Math.min(line - 1, starts.length - 1));
    const lineEnd = l + 1 < starts.length ? starts[l + 1] - 1 : textLength;
    return Math.max(starts[l], Math.min(starts[l] + column - 1, lineEnd));
  }
}

/** The location of the character `offset` characters into a text that itself starts at `start`. */
export function locateWithin(start: SourceLocation, text: string, offset: number): SourceLocation {
  let line = start.line;
  let lineStart = -1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i;
  }
  const column = lineStart === -1 ? start.column + offset : offset - lineStart;
  return { file: start.file, line, column };
}

/**
 * As locateWithin, for a string value at the location a bean gives for it: in a JSON file that
 * is the value's opening quote, and each escape (`\"`, `\n`, `\u0001`) is more than one character
 * of its line (written as JSON.stringify writes them); elsewhere (XML) the text is as written.
 */
export function locateWithinValue(start: SourceLocation, text: string, offset: number): SourceLocation {
  if (!start.file.toLowerCase().endsWith('.json')) return locateWithin(start, text, offset);
  return { file: start.file, line: start.line, column: start.column + JSON.stringify(text.slice(0, offset)).length - 1 };
}

/** A whole file or folder, when a problem is about it rather than about a place in it. */
export interface WholeFile {
  readonly file: string;
  readonly line?: undefined;
  readonly column?: undefined;
}

/** Where a problem is: a place in a file, or a whole file or folder. */
export type ProblemLocation = SourceLocation | WholeFile;

/** `file:line:column`, `file` for a whole file, `beancrawl` for a problem that is in no file. */
export function formatLocation(loc: ProblemLocation | undefined): string {
  if (!loc) return 'beancrawl';
  return loc.line === undefined ? loc.file : `${loc.file}:${loc.line}:${loc.column}`;
}

export function compareLocations(a: ProblemLocation | undefined, b: ProblemLocation | undefined): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  return compareText(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}
