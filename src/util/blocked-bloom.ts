/** Bits a block holds: one cache line, so that a lookup reads one line of memory. */
const BLOCK_BITS = 512;
const BLOCK_WORDS = BLOCK_BITS / 32;
/** Bits set a member: about the best for 8 bits a member in blocks of 512 (false positives about 2.5 %). */
const PROBES = 6;
/** Parts, each for an equal range of fingerprints, each made anew on its own (`part`). */
export const BLOOM_PARTS = 64;
const TWO_32 = 2 ** 32;
const PART_WIDTH = 2 ** 53 / BLOOM_PARTS;

/**
 * A Bloom filter of 53-bit fingerprints (already uniform hashes, so nothing is hashed again), in
 * blocks of 512 bits: a member's bits all fall in one block, chosen by its low 32 bits, at places
 * drawn from its high 21. "No" is certain; "maybe" is wrong for about 2.5 % of non-members at 8
 * bits a member. It is in 64 parts by range of fingerprints, so that a filter of more members
 * can replace it a part at a time (`part`, `replace`), in ascending order as a sorted merge
 * writes them, with one part's memory more at a time rather than a whole second filter.
 */
export class BlockedBloom {
  readonly #parts: Int32Array[] = Array.from({ length: BLOOM_PARTS }, () => new Int32Array(0));

  /** A filter sized for `members` fingerprints (spread evenly over the parts), with them added. */
  static of(members: ArrayLike<number>, bitsPerMember = 8): BlockedBloom {
    const bloom = new BlockedBloom();
    for (let p = 0; p < BLOOM_PARTS; p++) bloom.replace(p, BlockedBloom.part(members.length, bitsPerMember));
    for (let i = 0; i < members.length; i++) BlockedBloom.addTo(bloom.#parts[BlockedBloom.partOf(members[i])], members[i]);
    return bloom;
  }

  /** An empty part for a filter of `members` in all, at `bitsPerMember`. */
  static part(members: number, bitsPerMember = 8): Int32Array {
    const blocks = Math.max(1, Math.ceil((members * bitsPerMember) / BLOOM_PARTS / BLOCK_BITS));
    return new Int32Array(blocks * BLOCK_WORDS);
  }

  /** The part that holds fp's bits. */
  static partOf(fp: number): number {
    return Math.floor(fp / PART_WIDTH);
  }

  /** Puts `words` (BlockedBloom.part, filled with addTo) in the place of part p. */
  replace(p: number, words: Int32Array): void {
    this.#parts[p] = words;
  }

  get bytes(): number {
    let n = 0;
    for (const words of this.#parts) n += words.byteLength;
    return n;
  }

  /** Sets fp's bits in `words`, a part (BlockedBloom.part) for fp's range. */
  static addTo(words: Int32Array, fp: number): void {
    probe(words, fp, true);
  }

  /** Empty until `replace`d, a part answers no. */
  has(fp: number): boolean {
    return probe(this.#parts[BlockedBloom.partOf(fp)], fp, false);
  }
}

/**
 * fp's PROBES bits in `words`: all in one block, chosen by its low 32 bits, at places drawn from
 * its high 21 (double hashing: an odd step visits different bits). Sets them (`set`), or says
 * whether all are set.
 */
function probe(words: Int32Array, fp: number, set: boolean): boolean {
  const blocks = words.length / BLOCK_WORDS;
  if (blocks === 0) return false;
  const low = fp % TWO_32;
  const base = Math.floor((low / TWO_32) * blocks) * BLOCK_WORDS;
  const high = Math.floor(fp / TWO_32);
  const step = ((high >>> 9) ^ low) | 1;
  for (let i = 0, bit = high; i < PROBES; i++, bit += step) {
    const at = base + ((bit >>> 5) & (BLOCK_WORDS - 1));
    const mask = 1 << (bit & 31);
    if (set) words[at] |= mask;
    else if ((words[at] & mask) === 0) return false;
  }
  return true;
}
