import { LineIndex, type SourceLocation } from '../../util/source-location.js';

/** The offset of a line and column (both from 1) in a text: the inverse of LineIndex.locate. */
export function offsetAt(text: string, loc: Pick<SourceLocation, 'line' | 'column'>): number {
  return new LineIndex('', text).offsetOf(loc.line, loc.column, text.length);
}

/** The white space that starts the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}
