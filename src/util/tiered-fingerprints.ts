import { setImmediate as turn } from 'node:timers/promises';
import { FingerprintSet } from './fingerprint-set.js';
import { SpilledFingerprints } from './spilled-fingerprints.js';
import { makeFolders } from './make-folders.js';

/** Blocks of a spilled set's last merge written between two turns of the event loop. */
const SETTLE_BLOCKS = 256;

/**
 * An exact set of fingerprints that keeps at most about `maxInMemory` of them packed in memory
 * (FingerprintSet) and the rest in a spill file in `dir`, a folder made when first needed
 * (SpilledFingerprints: 8 bytes each on disk, about 1 byte each in memory for its Bloom filter
 * and page index). When the memory part
 * reaches `maxInMemory` it is set aside, still answering, and merged with the file into a new
 * one in the background; the memory part starts again empty. An add is answered at once unless
 * only the file can tell (the Bloom filter says maybe: members, and about 2.5 % of the rest),
 * then by a promise after one read of 4 KiB. `maxInMemory` 0: everything stays in memory.
 */
export class TieredFingerprints {
  #memory = new FingerprintSet();
  /** Memory parts being moved to the file (one at a time; more only if a move failed). */
  #moving: FingerprintSet[] = [];
  #spilled?: SpilledFingerprints;
  /** Fingerprints whose add waits for the file: another add of one of them is a repeat. */
  readonly #pending = new Set<number>();
  #spilling?: Promise<void>;
  /** Why the last move to the file failed: memory is used from then on. */
  #failure?: Error;

  /** @param onFailure told once, when moving members to the spill file fails (they stay in memory from then on) */
  constructor(readonly maxInMemory: number, readonly dir: string, readonly onFailure?: (error: Error) => void) {}

  get size(): number {
    let n = this.#memory.size + (this.#spilled?.size ?? 0);
    for (const set of this.#moving) n += set.size;
    return n;
  }

  /** Members in the spill file. */
  get spilled(): number {
    return this.#spilled?.size ?? 0;
  }

  /** Bytes held in memory: the packed members and the spill file's index and Bloom filter. */
  get bytes(): number {
    let n = this.#memory.bytes + (this.#spilled?.bytes ?? 0);
    for (const set of this.#moving) n += set.bytes;
    return n;
  }

  /** Why moving members to the spill file failed, if it did (they stay in memory). */
  get failure(): Error | undefined {
    return this.#failure;
  }

  /** Adds fp: true when it was not a member. A promise when only the spill file can tell. */
  add(fp: number): boolean | Promise<boolean> {
    if (this.#inMemory(fp) || (this.#pending.size > 0 && this.#pending.has(fp))) return false;
    const spilled = this.#spilled;
    if (!spilled?.mayHave(fp)) return this.#insert(fp);
    this.#pending.add(fp);
    return spilled.has(fp).then(
      (member) => {
        this.#pending.delete(fp);
        return !member && this.#insert(fp);
      },
      (e: unknown) => {
        this.#pending.delete(fp);
        throw e;
      },
    );
  }

  /**
   * Adds a fingerprint that the spill file cannot hold (reloading those a run stored, each stored
   * once): looked up in memory only, so that a reload never waits for a read.
   */
  addNew(fp: number): void {
    if (!this.#inMemory(fp)) this.#insert(fp);
  }

  /** Resolves once no move to the file is under way. */
  async settled(): Promise<void> {
    while (this.#spilling) await this.#spilling;
  }

  /** Whether a move to the file is under way with the memory part past twice its bound (a reload should wait for it). */
  get behind(): boolean {
    return this.#spilling !== undefined && this.#memory.size >= 2 * this.maxInMemory;
  }

  /** Waits for a move under way, then removes the spill file. */
  async close(): Promise<void> {
    await this.settled();
    await this.#spilled?.discard();
    this.#spilled = undefined;
  }

  #inMemory(fp: number): boolean {
    if (this.#memory.hasFingerprint(fp)) return true;
    const moving = this.#moving;
    for (let i = 0; i < moving.length; i++) if (moving[i].hasFingerprint(fp)) return true;
    return false;
  }

  #insert(fp: number): true {
    this.#memory.addNew(fp);
    this.#spillIfFull();
    return true;
  }

  /** Starts a move to the file when memory holds maxInMemory, and again after it while it does. */
  #spillIfFull(): void {
    if (this.maxInMemory === 0 || this.#memory.size < this.maxInMemory || this.#spilling || this.#failure) return;
    this.#spilling = this.#spill().finally(() => {
      this.#spilling = undefined;
      this.#spillIfFull();
    });
  }

  async #spill(): Promise<void> {
    const moving = this.#memory;
    this.#moving.push(moving);
    this.#memory = new FingerprintSet();
    try {
      await makeFolders(this.dir);
      while (!moving.settle(SETTLE_BLOCKS)) await turn();
      const older = this.#spilled;
      this.#spilled = await SpilledFingerprints.merge(this.dir, older, moving.packed);
      this.#moving.splice(this.#moving.indexOf(moving), 1);
      await older?.discard();
    } catch (e) {
      // The members stay where they are, in memory, and answer as before.
      this.#failure = e instanceof Error ? e : new Error(String(e));
      this.onFailure?.(this.#failure);
    }
  }
}
