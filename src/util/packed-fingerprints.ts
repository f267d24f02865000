/** Members a block holds: a search decodes half of one, on average. */
const BLOCK = 64;

/** 32-bit words a page holds (256 KiB); a block never spans two pages. */
const PAGE_WORDS = 1 << 16;

/**
 * The most words one block takes: 63 × (52 + 1) bits of remainders and stop bits, plus about
 * 3 × 63 bits of quotients (k is at least the log of a third of the mean gap): 111 words.
 */
const MAX_BLOCK_WORDS = 160;

/** Remainders of more bits than this (sets of fewer than about 1.4 million) are read in two pieces. */
const NARROW = 31;

/** 2 ** k for k = 0..53. A table: V8 computed `2 ** k` anew at each turn of a loop it inlined into, ten times slower. */
const POW2 = new Float64Array(54).map((_, k) => 2 ** k);

/**
 * Sorted, distinct 53-bit fingerprints, compressed and exact: in blocks of 64, each block's
 * first member kept as a number and the gaps between the others Rice-coded (a gap's low k bits
 * as they are, the rest in unary, k chosen per block from its mean gap). n random fingerprints
 * take about log2(2^53 / n) + 2 bits each, plus about 0.3 bytes of index: 4.3 bytes a member at
 * 5 million, 3.9 at 50 million, against 8 in a sorted Float64Array.
 *
 * The coded bits live in pages of 256 KiB. A merge (`withMembers`, or `merging` a few blocks at a
 * time) streams the old members and the new ones into new pages, taking each old page once it has
 * been read, so that it needs about one page more than the result, not the set twice.
 */
export class PackedFingerprints {
  /** Members in all. */
  readonly size: number;
  /** Each block's first member. */
  readonly #firsts: Float64Array;
  /** Where each block's coded gaps start: page * PAGE_WORDS + word. */
  readonly #starts: Uint32Array;
  /** Each block's Rice parameter. */
  readonly #ks: Uint8Array;
  #pages: Uint32Array[];
  /** `#index[b]` is the first block whose first member is at least b × #bucketWidth. */
  readonly #index: Uint32Array;
  readonly #bucketWidth: number;

  static readonly EMPTY = new PackedFingerprints(0, new Float64Array(0), new Uint32Array(0), new Uint8Array(0), []);

  private constructor(size: number, firsts: Float64Array, starts: Uint32Array, ks: Uint8Array, pages: Uint32Array[]) {
    this.size = size;
    this.#firsts = firsts;
    this.#starts = starts;
    this.#ks = ks;
    this.#pages = pages;
    // About one block a bucket: a search reads the bucket's bounds, then one or two first members.
    const bits = firsts.length > 1 ? Math.min(30, Math.floor(Math.log2(firsts.length))) : 0;
    this.#bucketWidth = 2 ** (53 - bits);
    const index = new Uint32Array((1 << bits) + 1);
    let at = 0;
    for (let b = 0; b < 1 << bits; b++) {
      index[b] = at;
      const end = (b + 1) * this.#bucketWidth;
      while (at < firsts.length && firsts[at] < end) at++;
    }
    index[1 << bits] = firsts.length;
    this.#index = index;
  }

  /** Bytes held: pages and indexes. */
  get bytes(): number {
    return this.#pages.length * PAGE_WORDS * 4 + this.#firsts.byteLength + this.#starts.byteLength + this.#ks.byteLength + this.#index.byteLength;
  }

  has(fp: number): boolean {
    const firsts = this.#firsts;
    // The last block whose first member is at most fp: within fp's bucket, or the one before it.
    const bucket = Math.floor(fp / this.#bucketWidth);
    const b = lastAtMost(firsts, this.#index[bucket], this.#index[bucket + 1], fp);
    return b >= 0 && blockHas(this.#pages, this.#starts[b], this.#ks[b], this.#count(b), firsts[b], fp);
  }

  /** Calls `f` with every member, in ascending order. */
  forEach(f: (fp: number) => void): void {
    const block = new Float64Array(BLOCK);
    for (let b = 0; b < this.#firsts.length; b++) {
      // A block at a time, so that f may do anything meanwhile.
      const count = this.readBlock(b, block);
      for (let i = 0; i < count; i++) f(block[i]);
    }
  }

  /** Blocks of up to 64 members each, the members ascending from one block to the next (readBlock). */
  get blockCount(): number {
    return this.#firsts.length;
  }

  /** Block b's members, ascending, into `out` (64 long); returns how many. */
  readBlock(b: number, out: Float64Array): number {
    return this.#decode(this.#pages, b, out);
  }

  /**
   * A set of these members and `fresh` (ascending, none of them here already), made at once. This
   * set's pages go to the new one as they are read: this set must not be used afterwards.
   */
  withMembers(fresh: Float64Array): PackedFingerprints {
    const merge = this.merging(fresh);
    merge.step(Infinity);
    return merge.finish();
  }

  /**
   * The merge of these members and `fresh` (ascending, none of them here already), made a few
   * blocks at a time (`step`), so that no call holds the thread for long; meanwhile `has` answers
   * for the members of both. This set's pages go to the new one as they are read: once the merge
   * has begun, this set is used only through it.
   */
  merging(fresh: Float64Array): PackedMerge {
    const size = this.size + fresh.length;
    const writer = new BlockWriter(Math.ceil(size / BLOCK));
    const oldPages = this.#pages;
    const firsts = this.#firsts;
    const blocks = firsts.length;
    const block = new Float64Array(BLOCK);
    // The block being filled: the writer's.
    const out = writer.values;
    /** Members of `out` not yet written. */
    let n = 0;
    /** The next member of `fresh` to take. */
    let j = 0;
    /** The next old block to read; the one read before it is in `block`, its members from `i` on not taken yet. */
    let b = 0;
    let i = 0;
    let count = 0;
    /** Old pages before this one have been read, and handed to the writer. */
    let freed = 0;
    let done = false;
    const take = (v: number): number => {
      out[n++] = v;
      if (n < BLOCK) return 0;
      n = writer.flush(n);
      return 1;
    };
    return {
      size,
      bytes: () => this.bytes + fresh.byteLength + writer.bytes,
      step: (blocksAtMost: number): boolean => {
        let written = 0;
        while (!done && written < blocksAtMost) {
          if (i === count) {
            if (b === blocks) {
              if (j === fresh.length) {
                if (n > 0) n = writer.flush(n);
                done = true;
                break;
              }
              written += take(fresh[j++]);
              continue;
            }
            const p = Math.floor(this.#starts[b] / PAGE_WORDS);
            for (; freed < p; freed++) {
              writer.reuse(oldPages[freed]);
              oldPages[freed] = undefined as unknown as Uint32Array;
            }
            count = this.#decode(oldPages, b++, block);
            i = 0;
          }
          const v = block[i];
          if (j < fresh.length && fresh[j] < v) written += take(fresh[j++]);
          else {
            i++;
            written += take(v);
          }
        }
        return done;
      },
      has: (fp: number): boolean => {
        if (sortedHas(fresh, j, fp)) return true;
        // The old members not taken yet are, in order: those left of the block read last, then
        // the blocks not read (whole, and so are their pages). Those taken are all below them:
        // the block being filled, and below it the blocks written. So one place can hold fp.
        if (b < blocks && fp >= firsts[b]) return this.has(fp);
        if (i < count && fp >= block[i]) {
          for (let k = i; k < count; k++) if (block[k] === fp) return true;
          return false;
        }
        if (n > 0 && fp >= out[0]) {
          for (let k = 0; k < n; k++) if (out[k] === fp) return true;
          return false;
        }
        return writer.has(fp);
      },
      finish: (): PackedFingerprints => {
        if (!done) throw new Error('the merge is not done');
        this.#pages = [];
        return writer.finish(size);
      },
    };
  }

  /** A set of `sorted` (ascending, distinct). */
  static of(sorted: Float64Array): PackedFingerprints {
    return PackedFingerprints.EMPTY.withMembers(sorted);
  }

  /** @internal BlockWriter's result. */
  static made(size: number, firsts: Float64Array, starts: Uint32Array, ks: Uint8Array, pages: Uint32Array[]): PackedFingerprints {
    return new PackedFingerprints(size, firsts, starts, ks, pages);
  }

  #count(b: number): number {
    return b === this.#firsts.length - 1 ? this.size - b * BLOCK : BLOCK;
  }

  /** Block b's members into `out`; returns how many. */
  #decode(pages: readonly Uint32Array[], b: number, out: Float64Array): number {
    const count = this.#count(b);
    const start = this.#starts[b];
    out[0] = this.#firsts[b];
    walk(pages[Math.floor(start / PAGE_WORDS)], start % PAGE_WORDS, this.#ks[b], count, out[0], Infinity, out);
    return count;
  }
}

/**
 * Reads a block's gaps from `words` at word `w`, adding them to `v`, the block's first member:
 * Rice codes, a unary quotient (zeros ended by a one) then k bits of remainder, most significant
 * bit first. With `out`, writes every member there (from index 1) and returns the last; without,
 * stops at the first member at least `fp` and returns it (or the last member). All in locals,
 * in 32-bit integers: the hot loop of every search.
 */
function walk(words: Uint32Array, w: number, k: number, count: number, v: number, fp: number, out: Float64Array | undefined): number {
  const scale = POW2[k];
  let pos = 0;
  for (let i = 1; i < count; i++) {
    let q = 0;
    let rest = (words[w] << pos) | 0;
    while (rest === 0) {
      q = (q + 32 - pos) | 0;
      w = (w + 1) | 0;
      pos = 0;
      rest = words[w] | 0;
    }
    const z = Math.clz32(rest);
    q = (q + z) | 0;
    pos = (pos + z + 1) | 0;
    if (pos === 32) {
      pos = 0;
      w = (w + 1) | 0;
    }
    // The remainder, in one piece of k bits, or two (its high k - NARROW bits, then NARROW) when wider.
    let r = 0;
    for (let left = k; left > 0;) {
      const n = left > NARROW ? left - NARROW : left;
      const avail = (32 - pos) | 0;
      let bits;
      if (n < avail) {
        bits = (words[w] << pos) >>> (32 - n);
        pos = (pos + n) | 0;
      } else {
        // pos > 0 here, since n < 32.
        const hi = (words[w] << pos) >>> pos;
        const low = (n - avail) | 0;
        w = (w + 1) | 0;
        pos = low;
        bits = low === 0 ? hi : hi * (1 << low) + (words[w] >>> (32 - low));
      }
      r = r * POW2[n] + bits;
      left -= n;
    }
    v += q * scale + r;
    if (out !== undefined) out[i] = v;
    else if (v >= fp) return v;
  }
  return v;
}

/**
 * Writes a block's gaps (values[1..n-1] less the one before) into `page` from word `w`, as walk
 * reads them; returns the word after the block's last.
 */
function encode(page: Uint32Array, w: number, values: Float64Array, n: number, k: number): number {
  const scale = POW2[k];
  // The word being filled, and how many of its bits are.
  let word = 0;
  let pos = 0;
  for (let i = 1; i < n; i++) {
    const gap = values[i] - values[i - 1];
    const q = Math.floor(gap / scale);
    // q zeros, then a one.
    pos += q;
    while (pos >= 32) {
      page[w++] = word;
      word = 0;
      pos -= 32;
    }
    word |= 1 << (31 - pos);
    if (++pos === 32) {
      page[w++] = word;
      word = 0;
      pos = 0;
    }
    if (k === 0) continue;
    const r = gap - q * scale;
    if (k > NARROW) {
      // Two pieces: the high k - NARROW bits, then NARROW bits.
      const hi = Math.floor(r / POW2[NARROW]);
      let avail = 32 - pos;
      let bits = k - NARROW;
      if (bits < avail) {
        word |= hi << (avail - bits);
        pos += bits;
      } else {
        const low = bits - avail;
        page[w++] = word | (low === 0 ? hi : hi >>> low);
        word = low === 0 ? 0 : hi << (32 - low);
        pos = low;
      }
      const lo = r - hi * POW2[NARROW];
      avail = 32 - pos;
      bits = NARROW;
      if (bits < avail) {
        word |= lo << (avail - bits);
        pos += bits;
      } else {
        const low = bits - avail;
        page[w++] = word | (low === 0 ? lo : lo >>> low);
        word = low === 0 ? 0 : lo << (32 - low);
        pos = low;
      }
      continue;
    }
    const avail = 32 - pos;
    if (k < avail) {
      word |= r << (avail - k);
      pos += k;
    } else {
      const low = k - avail;
      page[w++] = word | (low === 0 ? r : r >>> low);
      // The low bits of r begin the next word (<< drops those already written).
      word = low === 0 ? 0 : r << (32 - low);
      pos = low;
    }
  }
  if (pos > 0) page[w++] = word;
  return w;
}

/** A merge under way (PackedFingerprints.merging). */
export interface PackedMerge {
  /** Members of the merged set. */
  readonly size: number;
  /** Bytes held: the old set's, the new members' and the new set's so far. */
  bytes(): number;
  /** Writes at most this many blocks of the new set; true once it is whole. */
  step(blocksAtMost: number): boolean;
  /** Whether fp is a member of the old set or of the new members. */
  has(fp: number): boolean;
  /** The merged set, once `step` said it is whole. */
  finish(): PackedFingerprints;
}

/** The index of the last of `firsts[lo..hi)` (ascending) that is at most fp; lo - 1 when none is. */
export function lastAtMost(firsts: Float64Array, lo: number, hi: number, fp: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (firsts[mid] <= fp) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Whether the block of `count` members that starts at `start` (first member `first`, Rice parameter k) holds fp. */
function blockHas(pages: readonly Uint32Array[], start: number, k: number, count: number, first: number, fp: number): boolean {
  return first === fp || walk(pages[Math.floor(start / PAGE_WORDS)], start % PAGE_WORDS, k, count, first, fp, undefined) === fp;
}

/** Whether `sorted` holds fp from index `from` on. */
function sortedHas(sorted: Float64Array, from: number, fp: number): boolean {
  let lo = from;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < fp) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo] === fp;
}

/** Writes blocks of members into pages, taking the pages handed back (reuse) first. */
class BlockWriter {
  readonly #firsts: Float64Array;
  readonly #starts: Uint32Array;
  readonly #ks: Uint8Array;
  readonly #pages: Uint32Array[] = [];
  readonly #spare: Uint32Array[] = [];
  #block = 0;
  /** The members of the block being filled. */
  readonly values = new Float64Array(BLOCK);
  #page: Uint32Array = new Uint32Array(0);
  /** The next free word of #page. */
  #w = PAGE_WORDS;

  constructor(blocks: number) {
    this.#firsts = new Float64Array(blocks);
    this.#starts = new Uint32Array(blocks);
    this.#ks = new Uint8Array(blocks);
  }

  reuse(page: Uint32Array): void {
    this.#spare.push(page);
  }

  /** Bytes of the pages written so far and of the block index. */
  get bytes(): number {
    return this.#pages.length * PAGE_WORDS * 4 + this.#firsts.byteLength + this.#starts.byteLength + this.#ks.byteLength;
  }

  /** Whether a block written so far (each of BLOCK members) holds fp. */
  has(fp: number): boolean {
    const b = lastAtMost(this.#firsts, 0, this.#block, fp);
    return b >= 0 && blockHas(this.#pages, this.#starts[b], this.#ks[b], BLOCK, this.#firsts[b], fp);
  }

  finish(size: number): PackedFingerprints {
    // Pages not needed again are left to the collector.
    this.#spare.length = 0;
    return PackedFingerprints.made(size, this.#firsts, this.#starts, this.#ks, this.#pages);
  }

  /** Writes the n members of `values` as the next block; returns 0 (the members the next block has). */
  flush(n: number): number {
    const values = this.values;
    const b = this.#block++;
    this.#firsts[b] = values[0];
    // k near log2(mean gap × ln 2), the best Rice parameter for the gaps of random members.
    const mean = n > 1 ? (values[n - 1] - values[0]) / (n - 1) : 1;
    const k = Math.max(0, Math.min(52, Math.floor(Math.log2(mean * Math.LN2))));
    this.#ks[b] = k;
    if (this.#w + MAX_BLOCK_WORDS > PAGE_WORDS) {
      this.#page = this.#spare.pop() ?? new Uint32Array(PAGE_WORDS);
      this.#pages.push(this.#page);
      this.#w = 0;
    }
    this.#starts[b] = (this.#pages.length - 1) * PAGE_WORDS + this.#w;
    this.#w = encode(this.#page, this.#w, values, n, k);
    return 0;
  }
}
