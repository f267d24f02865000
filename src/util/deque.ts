/** A double-ended queue on a growable ring buffer: O(1) at both ends. */
export class Deque<T> {
  #buf: Array<T | undefined> = new Array(16);
  #head = 0;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  pushBack(item: T): void {
    if (this.#size === this.#buf.length) this.#grow();
    this.#buf[(this.#head + this.#size) & (this.#buf.length - 1)] = item;
    this.#size++;
  }

  pushFront(item: T): void {
    if (this.#size === this.#buf.length) this.#grow();
    this.#head = (this.#head - 1) & (this.#buf.length - 1);
    this.#buf[this.#head] = item;
    this.#size++;
  }

  shift(): T | undefined {
    if (this.#size === 0) return undefined;
    const item = this.#buf[this.#head];
    this.#buf[this.#head] = undefined;
    this.#head = (this.#head + 1) & (this.#buf.length - 1);
    this.#size--;
    return item;
  }

  #grow(): void {
    const old = this.#buf;
    const next: Array<T | undefined> = new Array(old.length * 2);
    for (let i = 0; i < this.#size; i++) next[i] = old[(this.#head + i) & (old.length - 1)];
    this.#buf = next;
    this.#head = 0;
  }
}
