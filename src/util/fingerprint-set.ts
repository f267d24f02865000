import { PackedFingerprints, type PackedMerge } from './packed-fingerprints.js';

/** Blocks of the merged set a merge writes at each add while it lasts: it ends long before the table fills again. */
const MERGE_STEP = 2;

/**
 * A set of 53-bit fingerprints of strings, compact enough for a uniq filter of tens of millions.
 * New members go into a small open-addressing table; once it holds `mergeAt` of them, or a
 * 32nd of the set if more, they are sorted and merged into PackedFingerprints (Rice-coded gaps:
 * about 4 bytes a member at tens of millions, against 8 in a sorted Float64Array and ~60 in a Set
 * of strings). The table, kept at most half full, so costs at most half a byte a member, and a
 * merge, which rewrites the packed members, comes after a number of adds in proportion to the
 * set: its cost per add stays the same however large the set grows. The merge is made a couple
 * of blocks at each add that follows (the set answering for its members meanwhile), not at once,
 * so that no add holds the thread for the seconds a merge of tens of millions takes. Exact: two
 * different strings share a fingerprint with odds of about n² / 2^54, and nothing else is ever
 * taken for a member.
 */
export class FingerprintSet {
  /** Members not merged yet (nor being merged). */
  #recent: FingerprintTable;
  /** Members merged so far. */
  #packed = PackedFingerprints.EMPTY;
  /** A merge under way: the packed members and those the table held when it began. */
  #merging?: PackedMerge;

  /**
   * @param initialCapacity members the table holds before it first grows
   * @param mergeAt members the table holds, at least, before they are merged into the packed ones
   */
  constructor(initialCapacity = 1 << 16, readonly mergeAt = 1 << 18) {
    this.#recent = new FingerprintTable(Math.min(initialCapacity, mergeAt));
  }

  get size(): number {
    return (this.#merging?.size ?? this.#packed.size) + this.#recent.size;
  }

  /** Bytes of typed arrays held (the packed members, their index and the table; a merge's besides). */
  get bytes(): number {
    return (this.#merging?.bytes() ?? this.#packed.bytes) + this.#recent.bytes;
  }

  /** Adds the string's fingerprint; true when it was not there before. */
  add(s: string): boolean {
    return this.addFingerprint(fingerprint(s));
  }

  has(s: string): boolean {
    return this.hasFingerprint(fingerprint(s));
  }

  hasFingerprint(fp: number): boolean {
    return this.#recent.has(fp) || (this.#merging ? this.#merging.has(fp) : this.#packed.has(fp));
  }

  addFingerprint(fp: number): boolean {
    if (this.hasFingerprint(fp)) return false;
    this.addNew(fp);
    return true;
  }

  /** Adds fp, which the caller knows is not a member (it has just asked): no second lookup. */
  addNew(fp: number): void {
    this.#recent.add(fp);
    if (this.#merging) this.#stepMerge();
    else if (this.#recent.size >= this.mergeAt && this.#recent.size * 32 >= this.#packed.size) this.#beginMerge();
  }

  /**
   * Moves every member into the packed ones, at most about `blocksAtMost` blocks a call, for a set
   * no longer added to (a spill); true once done: `packed` then holds them all.
   */
  settle(blocksAtMost: number): boolean {
    if (this.#merging && !this.#stepMerge(blocksAtMost)) return false;
    if (this.#recent.size === 0) return true;
    this.#mergeRecent();
    return false;
  }

  /** The packed members: all of them once `settle` said so. */
  get packed(): PackedFingerprints {
    return this.#packed;
  }

  /** Takes the table's members into a merge with the packed ones, and empties the table. */
  #beginMerge(): void {
    this.#mergeRecent();
    this.#stepMerge();
  }

  #mergeRecent(): void {
    const fresh = this.#recent.members().sort();
    this.#recent.clear();
    this.#merging = this.#packed.merging(fresh);
  }

  /** Writes up to `blocks` blocks of the merge; true when that ended it. */
  #stepMerge(blocks = MERGE_STEP): boolean {
    if (!this.#merging!.step(blocks)) return false;
    this.#packed = this.#merging!.finish();
    this.#merging = undefined;
    return true;
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
