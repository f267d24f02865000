import { PackedFingerprints } from './packed-fingerprints.js';

/**
 * A set of 53-bit fingerprints of strings, compact enough for a uniq filter of tens of millions.
 * New members go into a small open-addressing table; once it holds `mergeAt` of them, or a
 * 32nd of the set if more, they are sorted and merged into PackedFingerprints (Rice-coded gaps:
 * about 4 bytes a member at tens of millions, against 8 in a sorted Float64Array and ~60 in a Set
 * of strings). The table, kept at most half full, so costs at most half a byte a member, and a
 * merge, which rewrites the packed members, comes after a number of adds in proportion to the
 * set: its cost per add stays the same however large the set grows. Exact: two different strings
 * share a fingerprint with odds of about n² / 2^54, and nothing else is ever taken for a member.
 */
export class FingerprintSet {
  /** Members not merged yet. */
  #recent: FingerprintTable;
  /** Members merged so far. */
  #packed = PackedFingerprints.EMPTY;

  /**
   * @param initialCapacity members the table holds before it first grows
   * @param mergeAt members the table holds, at least, before they are merged into the packed ones
   */
  constructor(initialCapacity = 1 << 16, readonly mergeAt = 1 << 18) {
    this.#recent = new FingerprintTable(Math.min(initialCapacity, mergeAt));
  }

  get size(): number {
    return this.#packed.size + this.#recent.size;
  }

  /** Bytes of typed arrays held (the packed members, their index and the table). */
  get bytes(): number {
    return this.#packed.bytes + this.#recent.bytes;
  }

  /** Adds the string's fingerprint; true when it was not there before. */
  add(s: string): boolean {
    return this.addFingerprint(fingerprint(s));
  }

  has(s: string): boolean {
    return this.hasFingerprint(fingerprint(s));
  }

  hasFingerprint(fp: number): boolean {
    return this.#recent.has(fp) || this.#packed.has(fp);
  }

  addFingerprint(fp: number): boolean {
    if (this.#recent.has(fp) || this.#packed.has(fp)) return false;
    this.#recent.add(fp);
    if (this.#recent.size >= this.mergeAt && this.#recent.size * 32 >= this.#packed.size) this.#merge();
    return true;
  }

  /** Merges the table's members into the packed ones and empties the table. */
  #merge(): void {
    const fresh = this.#recent.members().sort();
    this.#recent.clear();
    this.#packed = this.#packed.withMembers(fresh);
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

  get bytes(): number {
    return this.#table.byteLength;
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
