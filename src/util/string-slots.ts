/**
 * A string per numbered slot, the latest set, kept as UTF-8 off the JS heap: each set is
 * appended to one Buffer, and when that is full the strings still held are copied into a new
 * one (at least twice their size, so copies stay rare; two buffers taking turns, so that
 * compactions make no garbage). For a string kept per queue and replaced
 * at every URI (the last one queued, for reports), which, held as a JS string until the queue's
 * next URI came, outlived the young generation: V8 moved one string a URI to its old generation,
 * the bulk of what it then had to collect.
 */
export class StringSlots {
  #buf: Buffer = Buffer.allocUnsafe(1 << 16);
  /** The buffer compacted from last time, to compact into next time if large enough. */
  #spare?: Buffer;
  #used = 0;
  /** Bytes of the strings held now. */
  #live = 0;
  /** Where each slot's string starts and ends (end 0: none). */
  #start = new Int32Array(64);
  #end = new Int32Array(64);

  set(slot: number, s: string): void {
    if (slot >= this.#start.length) this.#growSlots(slot + 1);
    // UTF-8 takes at most 3 bytes a UTF-16 unit.
    const most = 3 * s.length;
    if (this.#used + most > this.#buf.length) this.#compact(most);
    const start = this.#used;
    const length = this.#buf.write(s, start);
    this.#live += length - (this.#end[slot] - this.#start[slot]);
    this.#start[slot] = start;
    this.#end[slot] = start + length;
    this.#used += length;
  }

  get(slot: number): string | undefined {
    if (slot >= this.#start.length || this.#end[slot] === 0) return undefined;
    return this.#buf.toString('utf8', this.#start[slot], this.#end[slot]);
  }

  /** Bytes held (the buffers). */
  get bytes(): number {
    return this.#buf.length + (this.#spare?.length ?? 0);
  }

  /** Copies the strings held into a buffer with room for `more` bytes besides. */
  #compact(more: number): void {
    let size = this.#buf.length;
    while (size < 2 * (this.#live + more)) size *= 2;
    const buf = this.#spare !== undefined && this.#spare.length >= size ? this.#spare : Buffer.allocUnsafe(size);
    let used = 0;
    for (let slot = 0; slot < this.#start.length; slot++) {
      const end = this.#end[slot];
      if (end === 0) continue;
      const start = this.#start[slot];
      this.#buf.copy(buf, used, start, end);
      this.#start[slot] = used;
      used += end - start;
      this.#end[slot] = used;
    }
    this.#spare = this.#buf;
    this.#buf = buf;
    this.#used = used;
  }

  #growSlots(needed: number): void {
    let size = this.#start.length;
    while (size < needed) size *= 2;
    const start = new Int32Array(size);
    const end = new Int32Array(size);
    start.set(this.#start);
    end.set(this.#end);
    this.#start = start;
    this.#end = end;
  }
}
