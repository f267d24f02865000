import type { QueuedUri } from '../../model/crawl-uri.js';
import type { QueueJournal } from './queue-journal.js';

/** How many spilled URIs a queue brings back into memory at a time. */
const HEAD_CHUNK = 100;

/**
 * One queue (one SURT authority by default). Its URIs are, in order: `urgent` (prerequisites and
 * URIs deferred behind them, retries), `head` (a chunk read back from the journal), the spilled
 * part (in the journal only), and `tail` (the newest, in memory until the frontier spills them).
 * With a journal every URI is also stored from schedule to done; `cursor` is the key of the last
 * URI this queue took from the ordinary part, so the spilled part is what lies after it.
 */
export class WorkQueue {
  readonly urgent: QueuedUri[] = [];
  head: QueuedUri[] = [];
  headAt = 0;
  spilled = 0;
  cursor?: string;
  /** URIs in the journal under ordinary and urgent keys. */
  stored = 0;
  storedUrgent = 0;
  tail: QueuedUri[] = [];
  tailAt = 0;
  inProcess = false;
  /** Waiting in the frontier's ready list. */
  ready = false;
  /** Resting until this time (ms), or 0. */
  wakeAt = 0;
  retired = false;
  /** Budget left in this turn (balanceReplenishAmount when it becomes active). */
  balance: number;
  /** Cost spent over the whole crawl (queueTotalBudget). */
  totalSpent = 0;
  /** queueTotalBudget as the last URI done saw it (-1, none, until then), for reports. */
  totalBudget = -1;
  /** The URI last scheduled into it and the one last taken from it, for reports (this launch only). */
  lastQueued?: string;
  lastPeeked?: string;

  /**
   * A turn's budget (balanceReplenishAmount) as the last URI done in this queue saw it, sheets
   * applied: the budget a queue gets when it wakes for no URI.
   */
  replenish: number;

  constructor(readonly key: string, replenish: number) {
    this.balance = replenish;
    this.replenish = replenish;
  }

  get size(): number {
    return this.urgent.length + (this.head.length - this.headAt) + this.spilled + (this.tail.length - this.tailAt);
  }

  get tailLength(): number {
    return this.tail.length - this.tailAt;
  }

  /** Where the last `take` found its URI: memory (urgent or tail) or the spill (head). */
  lastTakeFromMemory = false;

  /** Takes the next URI; reads a chunk back from the spill when memory has none older. */
  async take(journal: QueueJournal | undefined): Promise<QueuedUri | undefined> {
    this.lastTakeFromMemory = true;
    if (this.urgent.length) return this.urgent.shift();
    this.lastTakeFromMemory = false;
    if (this.headAt < this.head.length) return this.#fromHead();
    if (this.spilled > 0 && journal) {
      const before = this.spilled;
      this.head = await journal.read(this.key, this.cursor, Math.min(HEAD_CHUNK, this.spilled));
      this.headAt = 0;
      this.spilled -= this.head.length;
      if (this.head.length) {
        this.cursor = this.head[this.head.length - 1].storeKey;
        return this.#fromHead();
      }
      // Nothing came back: the count was out of step, unless more was spilled while we waited.
      if (this.spilled === before) this.spilled = 0;
    }
    this.lastTakeFromMemory = true;
    return this.#fromTail();
  }

  #fromTail(): QueuedUri | undefined {
    if (this.tailAt >= this.tail.length) return undefined;
    const item = this.tail[this.tailAt];
    this.tail[this.tailAt++] = undefined as unknown as QueuedUri;
    // Everything stored up to this URI is now in memory, in flight or done.
    if (item.storeKey) this.cursor = item.storeKey;
    if (this.tailAt === this.tail.length) {
      this.tail = [];
      this.tailAt = 0;
    } else if (this.tailAt >= 1024 && this.tailAt * 2 >= this.tail.length) {
      this.tail = this.tail.slice(this.tailAt);
      this.tailAt = 0;
    }
    return item;
  }

  #fromHead(): QueuedUri {
    const item = this.head[this.headAt];
    this.head[this.headAt++] = undefined as unknown as QueuedUri;
    if (this.headAt === this.head.length) {
      this.head = [];
      this.headAt = 0;
    }
    return item;
  }

  /** Lets the in-memory tail go (it is in the journal); returns how many URIs left memory. */
  spillTail(): number {
    const items = this.tail.length - this.tailAt;
    if (items === 0) return 0;
    this.spilled += items;
    this.tail = [];
    this.tailAt = 0;
    return items;
  }
}
