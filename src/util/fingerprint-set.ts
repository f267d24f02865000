/**
 * A set of 53-bit fingerprints of strings, compact enough for a uniq filter of tens of millions.
 * New members go into a small open-addressing table; once it holds `mergeAt` of them they are
 * sorted and merged into one sorted Float64Array, searched through an index of its leading bits.
 * So a member costs 8 bytes once merged (against 8 to 24 in a table kept at most half full, and
 * ~60 in a Set of strings), and the table's memory stays bounded however large the set grows.
 * Two different strings share a fingerprint with odds of about n² / 2^54.
 */
export class FingerprintSet {
  /** Members not merged yet. */
  #recent: FingerprintTable;
  /** Members merged so far, sorted. */
  #sorted = new Float64Array(0);
  /** `#index[b]` is where members whose leading bits are `b` begin in `#sorted`. */
  #index = new Uint32Array(2);
  /** A fingerprint divided by this, rounded down, is its leading bits (the bucket of `#index`). */
  #divisor = 2 ** 53;

  /**
   * @param initialCapacity members the table holds before it first grows
   * @param mergeAt members the table holds before they are merged into the sorted array
   */
  constructor(initialCapacity = 1 << 16, readonly mergeAt = 1 << 19) {
    this.#recent = new FingerprintTable(Math.min(initialCapacity, mergeAt));
  }

  get size(): number {
    return this.#sorted.length + this.#recent.size;
  }

  /** Adds the string's fingerprint; true when it was not there before. */
  add(s: string): boolean {
    return this.addFingerprint(fingerprint(s));
  }

  has(s: string): boolean {
    return this.hasFingerprint(fingerprint(s));
  }

  hasFingerprint(fp: number): boolean {
    return this.#recent.has(fp) || this.#inSorted(fp);
  }

  addFingerprint(fp: number): boolean {
    if (this.#sorted.length && this.#inSorted(fp)) return false;
    if (!this.#recent.add(fp)) return false;
    if (this.#recent.size >= this.mergeAt) this.#merge();
    return true;
  }

  #inSorted(fp: number): boolean {
    const sorted = this.#sorted;
    const b = Math.floor(fp / this.#divisor);
    let lo = this.#index[b];
    let hi = this.#index[b + 1];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = sorted[mid];
      if (v === fp) return true;
      if (v < fp) lo = mid + 1;
      else hi = mid;
    }
    return false;
  }

  /** Merges the table's members into the sorted array and empties the table. */
  #merge(): void {
    const fresh = this.#recent.members().sort();
    const old = this.#sorted;
    const merged = new Float64Array(old.length + fresh.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < old.length && j < fresh.length) merged[k++] = old[i] < fresh[j] ? old[i++] : fresh[j++];
    while (i < old.length) merged[k++] = old[i++];
    while (j < fresh.length) merged[k++] = fresh[j++];
    this.#sorted = merged;
    this.#recent.clear();
    // About eight members a bucket: a search reads a few neighbouring values.
    const bits = Math.min(24, Math.max(4, Math.ceil(Math.log2(merged.length / 8))));
    this.#divisor = 2 ** (53 - bits);
    const index = new Uint32Array((1 << bits) + 1);
    let at = 0;
    for (let b = 0; b < 1 << bits; b++) {
      index[b] = at;
      const end = (b + 1) * this.#divisor;
      while (at < merged.length && merged[at] < end) at++;
    }
    index[1 << bits] = merged.length;
    this.#index = index;
  }
}

/** Fingerprints in one open-addressing Float64Array kept at most half full (0 marks a free slot). */
class FingerprintTable {
  #table: Float64Array;
  size = 0;

  constructor(initialCapacity: number) {
    let cap = 16;
    while (cap < initialCapacity * 2) cap <<= 1;
    this.#table = new Float64Array(cap);
  }

  has(fp: number): boolean {
    const table = this.#table;
    const mask = table.length - 1;
    for (let i = fp % table.length; ; i = (i + 1) & mask) {
      if (table[i] === 0) return false;
      if (table[i] === fp) return true;
    }
  }

  add(fp: number): boolean {
    if ((this.size + 1) * 2 > this.#table.length) this.#grow();
    const table = this.#table;
    const mask = table.length - 1;
    for (let i = fp % table.length; ; i = (i + 1) & mask) {
      if (table[i] === 0) {
        table[i] = fp;
        this.size++;
        return true;
      }
      if (table[i] === fp) return false;
    }
  }

  /** The members, in no order. */
  members(): Float64Array {
    const out = new Float64Array(this.size);
    let k = 0;
    for (const fp of this.#table) if (fp !== 0) out[k++] = fp;
    return out;
  }

  /** Empties the table, keeping its size (it will fill as far again). */
  clear(): void {
    this.#table.fill(0);
    this.size = 0;
  }

  #grow(): void {
    const old = this.#table;
    this.#table = new Float64Array(old.length * 2);
    this.size = 0;
    for (const fp of old) if (fp !== 0) this.add(fp);
  }
}

/** A non-zero 53-bit fingerprint: two 32-bit FNV-1a variants combined. */
export function fingerprint(s: string): number {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  const fp = (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
  return fp === 0 ? 1 : fp;
}
