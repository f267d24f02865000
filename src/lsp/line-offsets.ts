/** Offsets of a text by line and column (both from 1, columns in UTF-16 code units as the readers count them). */
export class LineOffsets {
  readonly #starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.#starts.push(i + 1);
  }

  /** The offset of `line`:`column`, kept within the text. */
  offsetOf(line: number, column: number): number {
    const l = Math.max(0, Math.min(line - 1, this.#starts.length - 1));
    const lineEnd = l + 1 < this.#starts.length ? this.#starts[l + 1] - 1 : this.text.length;
    return Math.max(this.#starts[l], Math.min(this.#starts[l] + column - 1, lineEnd));
  }

  /** The LSP position (from 0) of an offset. */
  positionOf(offset: number): { line: number; character: number } {
    const starts = this.#starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - starts[lo] };
  }
}
