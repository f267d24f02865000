import { open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { BlockedBloom } from './blocked-bloom.js';
import { lastAtMost, type PackedFingerprints } from './packed-fingerprints.js';

/** Members a page of the file holds (4 KiB): a lookup reads one page. */
const PAGE = 512;
const PAGE_BYTES = PAGE * 8;
/** Members read or written at a time while a spill file is made (512 KiB). */
const CHUNK = 1 << 16;

/** The names of spill files, so that those a crashed process left can be told from anything else in the folder. */
export const SPILL_FILE = /^uniq-filter-\d+-\d+\.fps$/;

let files = 0;

/** Page buffers of reads that have ended, for the next reads; at most MAX_FREE_PAGES. */
const freePages: Float64Array[] = [];
const MAX_FREE_PAGES = 256;

/**
 * Fingerprints moved out of memory: a file of them sorted (8 bytes each, little-endian doubles)
 * with, in memory, the first of each page of 512 and a Bloom filter (8 bits a member, about a
 * quarter of what they would take packed in memory; a merge hands it on to the new file).
 * `mayHave` says at once for most non-members; `has` reads the one page that can hold a
 * fingerprint. Made whole by `merge` (never added to), and dropped by `discard` once a newer
 * file has taken its members.
 */
export class SpilledFingerprints {
  #reads = 0;
  #discarded = false;

  private constructor(
    readonly size: number,
    readonly path: string,
    readonly file: FileHandle,
    readonly firsts: Float64Array,
    readonly bloom: BlockedBloom,
  ) {}

  /** Bytes held in memory (the page index and the Bloom filter). */
  get bytes(): number {
    return this.firsts.byteLength + this.bloom.bytes;
  }

  /** False when fp is certainly not a member; true when `has` must read the file to tell. */
  mayHave(fp: number): boolean {
    return this.bloom.has(fp);
  }

  /** Whether fp is a member: one read of the page that would hold it. */
  async has(fp: number): Promise<boolean> {
    const page = lastAtMost(this.firsts, 0, this.firsts.length, fp);
    if (page < 0) return false;
    // Page buffers are reused: a buffer a read would otherwise be garbage outside the JS heap, collected late.
    const members = freePages.pop() ?? new Float64Array(PAGE);
    this.#reads++;
    try {
      const { bytesRead } = await this.file.read(new Uint8Array(members.buffer), 0, PAGE_BYTES, page * PAGE_BYTES);
      const at = lastAtMost(members, 0, bytesRead / 8, fp);
      return at >= 0 && members[at] === fp;
    } finally {
      if (freePages.length < MAX_FREE_PAGES) freePages.push(members);
      // The file is discarded and nothing more is written to it: a failure to close it loses nothing.
      if (--this.#reads === 0 && this.#discarded) await this.file.close().catch(() => undefined);
    }
  }

  /** Removes the file, and closes it once the reads under way have ended. */
  async discard(): Promise<void> {
    if (this.#discarded) return;
    this.#discarded = true;
    // A spill file that cannot be removed is only disk space, removed at the next launch: the members it held are in its successor.
    await unlink(this.path).catch(() => undefined);
    // Nothing was written since it was made: a failure to close it loses nothing.
    if (this.#reads === 0) await this.file.close().catch(() => undefined);
  }

  /**
   * A new spill file in `dir` of the members of `older` (if any) and of `packed` (none of them in
   * `older`), with its index and Bloom filter. Both are read in order, a chunk at a time, and the
   * file is written a chunk at a time, so that the event loop gets a turn at least every 65,536
   * members; `older` stays usable meanwhile (discard it once this is in its place).
   */
  static async merge(dir: string, older: SpilledFingerprints | undefined, packed: PackedFingerprints): Promise<SpilledFingerprints> {
    const size = (older?.size ?? 0) + packed.size;
    const path = join(dir, `uniq-filter-${process.pid}-${files++}.fps`);
    const file = await open(path, 'wx+');
    try {
      // The older file's filter, made anew a part at a time as the merge passes each part's range:
      // a part replaced holds the older members of its range and the new ones (which the caller
      // still has in memory), so the older file answers through it as well meanwhile.
      const bloom = older?.bloom ?? new BlockedBloom();
      let part = -1;
      let words: Int32Array | undefined;
      const firsts = new Float64Array(Math.ceil(size / PAGE));
      const out = new Float64Array(CHUNK);
      const outBytes = new Uint8Array(out.buffer);
      let outN = 0;
      let written = 0;
      const old = new Float64Array(CHUNK);
      const oldBytes = new Uint8Array(old.buffer);
      let oldN = 0;
      let oldAt = 0;
      let oldRead = 0;
      const block = new Float64Array(64);
      let blockN = 0;
      let blockAt = 0;
      let b = 0;
      for (;;) {
        if (oldAt === oldN && older && oldRead < older.size) {
          const want = Math.min(CHUNK, older.size - oldRead);
          const { bytesRead } = await older.file.read(oldBytes, 0, want * 8, oldRead * 8);
          if (bytesRead !== want * 8) throw new Error(`spill file ${older.path} ended early: ${bytesRead} of ${want * 8} bytes at member ${oldRead}`);
          oldN = want;
          oldAt = 0;
          oldRead += want;
        }
        if (blockAt === blockN && b < packed.blockCount) {
          blockN = packed.readBlock(b++, block);
          blockAt = 0;
        }
        const fromOld = oldAt < oldN;
        const fromPacked = blockAt < blockN;
        if (!fromOld && !fromPacked) break;
        const fp = !fromPacked || (fromOld && old[oldAt] < block[blockAt]) ? old[oldAt++] : block[blockAt++];
        if (written % PAGE === 0) firsts[written / PAGE] = fp;
        const fpPart = BlockedBloom.partOf(fp);
        if (fpPart !== part) {
          if (words) bloom.replace(part, words);
          part = fpPart;
          words = BlockedBloom.part(size);
        }
        BlockedBloom.addTo(words!, fp);
        out[outN++] = fp;
        written++;
        if (outN === CHUNK) {
          await file.write(outBytes, 0, CHUNK * 8, (written - CHUNK) * 8);
          outN = 0;
        }
      }
      if (outN > 0) await file.write(outBytes, 0, outN * 8, (written - outN) * 8);
      if (words) bloom.replace(part, words);
      return new SpilledFingerprints(size, path, file, firsts, bloom);
    } catch (e) {
      // The half-written spill file is given up: the error thrown below is the one to tell.
      await file.close().catch(() => undefined);
      // One that stays is removed at the next launch (LevelUriUniqFilter's removeLeftFiles).
      await unlink(path).catch(() => undefined);
      throw e;
    }
  }
}
