/**
 * Puts and deletes staged for the next commit, their keys and values written as UTF-8 into one
 * growing Buffer, off the JS heap. What is staged lives until the commit takes it, long enough
 * for V8 to move it into its old generation: as strings, the URIs a crawl schedules were the
 * bulk of the garbage that generation piled up (its heap three to four times what was live)
 * and, while a slow write held commits back, of the heap itself. Here they cost their bytes once,
 * freed with the batch.
 */
export class StagedOps {
  #buf: Buffer;
  #used = 0;
  /** Three numbers an op: where its key starts, where its value starts (its key's end), where its value ends (-1 for a delete). */
  #index = new Int32Array(3 * 256);
  #count = 0;

  constructor(initialBytes = 1 << 16) {
    this.#buf = Buffer.allocUnsafe(initialBytes);
  }

  get count(): number {
    return this.#count;
  }

  /** Bytes the staged ops may take before the buffer grows. */
  get capacity(): number {
    return this.#buf.length;
  }

  /** Forgets every op, keeping the buffer for the next ones. */
  clear(): void {
    this.#used = 0;
    this.#count = 0;
  }

  /** Stages a put (value a string) or a delete (null); returns the ops staged now. */
  add(key: string, value: string | null): number {
    // UTF-8 takes at most 3 bytes a UTF-16 unit.
    const most = 3 * (key.length + (value?.length ?? 0));
    if (this.#used + most > this.#buf.length) this.#grow(this.#used + most);
    const i = 3 * this.#count;
    if (i + 3 > this.#index.length) {
      const index = new Int32Array(this.#index.length * 2);
      index.set(this.#index);
      this.#index = index;
    }
    const index = this.#index;
    index[i] = this.#used;
    this.#used += this.#buf.write(key, this.#used);
    index[i + 1] = this.#used;
    if (value === null) index[i + 2] = -1;
    else {
      this.#used += this.#buf.write(value, this.#used);
      index[i + 2] = this.#used;
    }
    return ++this.#count;
  }

  /** The op's key, as a string. */
  key(op: number): string {
    return this.#buf.toString('utf8', this.#index[3 * op], this.#index[3 * op + 1]);
  }

  /** The op's value as a string, or null for a delete. */
  value(op: number): string | null {
    const end = this.#index[3 * op + 2];
    return end < 0 ? null : this.#buf.toString('utf8', this.#index[3 * op + 1], end);
  }

  /** The op's key as bytes (a view of the staged bytes, valid while these ops are). */
  keyBytes(op: number): Buffer {
    return this.#buf.subarray(this.#index[3 * op], this.#index[3 * op + 1]);
  }

  /** The op's value as bytes (a view), or null for a delete. */
  valueBytes(op: number): Buffer | null {
    const end = this.#index[3 * op + 2];
    return end < 0 ? null : this.#buf.subarray(this.#index[3 * op + 1], end);
  }

  /**
   * These ops followed by `later`'s, each key's earlier ops dropped where a later op replaces
   * them, so that a long fault (commits failing, ops kept for the next) does not pile up copies.
   */
  mergedWith(later: StagedOps): StagedOps {
    const all: Array<[string, string | null]> = [];
    for (const ops of [this, later]) for (let op = 0; op < ops.count; op++) all.push([ops.key(op), ops.value(op)]);
    const last = new Map<string, number>();
    all.forEach(([key], i) => last.set(key, i));
    const merged = new StagedOps();
    all.forEach(([key, value], i) => {
      if (last.get(key) === i) merged.add(key, value);
    });
    return merged;
  }

  #grow(needed: number): void {
    let size = this.#buf.length * 2;
    while (size < needed) size *= 2;
    const buf = Buffer.allocUnsafe(size);
    this.#buf.copy(buf, 0, 0, this.#used);
    this.#buf = buf;
  }
}
