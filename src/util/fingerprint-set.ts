/**
 * A set of 53-bit fingerprints of strings in one open-addressing Float64Array: about 16 bytes a
 * member at most (against ~60 for a Set of strings), so a uniq filter holds millions in memory.
 * Two different strings share a fingerprint with odds of about n² / 2^54.
 */
export class FingerprintSet {
  #table: Float64Array;
  #size = 0;

  constructor(initialCapacity = 1 << 16) {
    let cap = 16;
    while (cap < initialCapacity * 2) cap <<= 1;
    this.#table = new Float64Array(cap);
  }

  get size(): number {
    return this.#size;
  }

  /** Adds the string's fingerprint; true when it was not there before. */
  add(s: string): boolean {
    return this.addFingerprint(fingerprint(s));
  }

  has(s: string): boolean {
    const fp = fingerprint(s);
    const table = this.#table;
    const mask = table.length - 1;
    for (let i = fp % table.length; ; i = (i + 1) & mask) {
      if (table[i] === 0) return false;
      if (table[i] === fp) return true;
    }
  }

  addFingerprint(fp: number): boolean {
    if ((this.#size + 1) * 2 > this.#table.length) this.#grow();
    const table = this.#table;
    const mask = table.length - 1;
    for (let i = fp % table.length; ; i = (i + 1) & mask) {
      if (table[i] === 0) {
        table[i] = fp;
        this.#size++;
        return true;
      }
      if (table[i] === fp) return false;
    }
  }

  #grow(): void {
    const old = this.#table;
    this.#table = new Float64Array(old.length * 2);
    this.#size = 0;
    for (const fp of old) if (fp !== 0) this.addFingerprint(fp);
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
