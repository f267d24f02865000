/** Bits a block holds: one cache line, so that a lookup reads one line of memory. */
const BLOCK_BITS = 512;
const BLOCK_WORDS = BLOCK_BITS / 32;
/** Bits set a member: about the best for 8 bits a member in blocks of 512 (false positives about 2.5 %). */
const PROBES = 6;
const TWO_32 = 2 ** 32;

/**
 * A Bloom filter of 53-bit fingerprints (already uniform hashes, so nothing is hashed again), in
 * blocks of 512 bits: a member's bits all fall in one block chosen by its low 32 bits, at places
 * drawn from its high 21. "No" is certain; "maybe" is wrong for about 2.5 % of non-members at 8
 * bits a member, the size it is made for.
 */
export class BlockedBloom {
  readonly #words: Int32Array;
  readonly #blocks: number;

  /** @param members how many it is made for; @param bitsPerMember its size for them */
  constructor(members: number, bitsPerMember = 8) {
    this.#blocks = Math.max(1, Math.ceil((members * bitsPerMember) / BLOCK_BITS));
    this.#words = new Int32Array(this.#blocks * BLOCK_WORDS);
  }

  get bytes(): number {
    return this.#words.byteLength;
  }

  add(fp: number): void {
    const low = fp % TWO_32;
    const base = Math.floor((low / TWO_32) * this.#blocks) * BLOCK_WORDS;
    const high = Math.floor(fp / TWO_32);
    // Double hashing within the block: an odd step visits PROBES different bits.
    const step = ((high >>> 9) ^ low) | 1;
    for (let i = 0, bit = high; i < PROBES; i++, bit += step) this.#words[base + ((bit >>> 5) & (BLOCK_WORDS - 1))] |= 1 << (bit & 31);
  }

  has(fp: number): boolean {
    const low = fp % TWO_32;
    const base = Math.floor((low / TWO_32) * this.#blocks) * BLOCK_WORDS;
    const high = Math.floor(fp / TWO_32);
    const step = ((high >>> 9) ^ low) | 1;
    for (let i = 0, bit = high; i < PROBES; i++, bit += step) {
      if ((this.#words[base + ((bit >>> 5) & (BLOCK_WORDS - 1))] & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}
