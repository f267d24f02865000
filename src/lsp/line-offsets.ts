import { LineIndex } from '../util/source-location.js';

/** A text's offsets by line and column (LineIndex's), and LSP positions (from 0, UTF-16 code units) of offsets. */
export class LineOffsets {
  readonly #index: LineIndex;

  constructor(readonly text: string) {
    this.#index = new LineIndex('', text);
  }

  /** The offset of `line`:`column` (both from 1), kept within the text. */
  offsetOf(line: number, column: number): number {
    return this.#index.offsetOf(line, column, this.text.length);
  }

  /** The LSP position (from 0) of an offset. */
  positionOf(offset: number): { line: number; character: number } {
    const { line, column } = this.#index.locate(offset);
    return { line: line - 1, character: column - 1 };
  }
}
