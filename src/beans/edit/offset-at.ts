import type { SourceLocation } from '../../util/source-location.js';

/** The offset of a line and column (both from 1) in a text: the inverse of LineIndex.locate. */
export function offsetAt(text: string, loc: Pick<SourceLocation, 'line' | 'column'>): number {
  let start = 0;
  for (let line = 1; line < loc.line; line++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return text.length;
    start = nl + 1;
  }
  return Math.min(start + loc.column - 1, text.length);
}

/** The white space that starts the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}
