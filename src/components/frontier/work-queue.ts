import type { QueuedUri } from '../../model/crawl-uri.js';
import type { PrecedenceQueue } from '../../model/precedence-policies.js';
import type { QueueJournal } from './queue-journal.js';
import type { RetryNote } from './queue-journal.js';
import { RankedFifo } from './ranked-fifo.js';
import { MAX_HEAD_CHUNK } from './head-chunk.js';
import type { StringSlots } from '../../util/string-slots.js';

const NONE_BEHIND: ReadonlySet<string> = new Set();

import { rankOf } from '../../model/queue-rank.js';

export { MAX_URI_PRECEDENCE, rankOf } from '../../model/queue-rank.js';

/**
 * One queue (one SURT authority by default). Its URIs are taken in this order: `urgent`
 * (prerequisites and URIs deferred behind them, retries: first come, first served), then the
 * rest by rank (scheduling directive, then precedence: rankOf), then order found. The rest are
 * `head` (the lowest-ranked of the spilled ones, read back from the journal), the spilled part
 * (in the journal only) and `tail` (those scheduled since, in memory until the frontier spills
 * them). With a journal every URI is also stored from schedule to done. `head` is always the
 * start of the spilled part in the journal's order (which is rank, then order found), so the next
 * URI is the lower of the head's first and the tail's first; a spill lets both go, and a refill
 * reads the journal from the start of the queue, the tail let go first.
 */
export class WorkQueue implements PrecedenceQueue {
  readonly urgent: QueuedUri[] = [];
  head: QueuedUri[] = [];
  headAt = 0;
  spilled = 0;
  /** URIs in the journal under ordinary and urgent keys. */
  stored = 0;
  storedUrgent = 0;
  readonly tail = new RankedFifo<QueuedUri>();
  inProcess = false;
  /** The precedence of the line it waits in for a turn (ReadyQueues), or undefined. */
  readyAt: number | undefined = undefined;
  /** Resting until this time (ms), or 0. */
  wakeAt = 0;
  /** While it rests: waiting to retry a URI whose fetch failed (retryDelaySeconds), not a politeness delay. */
  retryWait = false;
  /** The retry it waits for (or last waited for): which URI, why its last try failed, which try comes next. */
  retry?: RetryNote;
  retired = false;
  /** Budget left in this turn (balanceReplenishAmount when it becomes active). */
  balance: number;
  /** Cost spent over the whole crawl (queueTotalBudget). */
  totalSpent = 0;
  /** queueTotalBudget as the last URI done saw it (-1, none, until then), for reports. */
  totalBudget = -1;
  /** The URI last taken from it, for reports (this launch only). */
  lastPeeked?: string;
  /** The fetch status of its last URI done or retried, and how many tries failed (this launch only), for the operator's queue list. */
  lastStatus?: number;
  errors = 0;
  /** Its precedence (the frontier's queuePrecedencePolicy): lower gets turns first. */
  precedence = 0;
  /** URIs done with a success status (SuccessCountsQueuePrecedencePolicy). */
  successes = 0;
  /** How many waiting URIs have each precedence, for a policy that tracks them (HighestUriQueuePrecedencePolicy). */
  uriPrecedences?: Map<number, number>;
  /** Its stored state changed since the last commit (the frontier's list of queues to stage holds it). */
  dirty = false;
  /** URIs of the tail the last `take` let go from memory (they wait in the journal). */
  released = 0;
  /** Counts spills, so that a refill that a spill overtook is dropped. */
  #generation = 0;

  /**
   * A turn's budget (balanceReplenishAmount) as the last URI done in this queue saw it, sheets
   * applied: the budget a queue gets when it wakes for no URI.
   */
  replenish: number;

  /**
   * @param lastQueuedSlots where the URI last scheduled into it is kept (off the JS heap: it
   *   changes at every URI), in slot `slot`; without, in a field
   */
  constructor(readonly key: string, replenish: number, lastQueuedSlots?: StringSlots, slot = 0) {
    this.balance = replenish;
    this.replenish = replenish;
    this.#lastQueuedSlots = lastQueuedSlots;
    this.#slot = slot;
  }

  readonly #lastQueuedSlots?: StringSlots;
  readonly #slot: number;
  #lastQueued?: string;

  /** The URI last scheduled into it, for reports (this launch only). */
  get lastQueued(): string | undefined {
    return this.#lastQueuedSlots ? this.#lastQueuedSlots.get(this.#slot) : this.#lastQueued;
  }

  set lastQueued(uri: string) {
    if (this.#lastQueuedSlots) this.#lastQueuedSlots.set(this.#slot, uri);
    else this.#lastQueued = uri;
  }

  get ready(): boolean {
    return this.readyAt !== undefined;
  }

  get size(): number {
    return this.urgent.length + (this.head.length - this.headAt) + this.spilled + this.tail.size;
  }

  lowestUriPrecedence(): number | undefined {
    let low: number | undefined;
    for (const [p, n] of this.uriPrecedences ?? []) if (n > 0 && (low === undefined || p < low)) low = p;
    return low;
  }

  /** Counts a URI that joins (+1) or leaves for good (-1) a queue whose policy tracks URI precedences. */
  tally(precedence: number, delta: number): void {
    const counts = (this.uriPrecedences ??= new Map());
    const n = (counts.get(precedence) ?? 0) + delta;
    if (n > 0) counts.set(precedence, n);
    else counts.delete(precedence);
  }

  /** Made when first needed: a crawl has up to hundreds of thousands of queues, most of them waiting. */
  #writingBehind?: Set<string>;

  /**
   * Store keys of this queue's URIs that are done but for their outputs, which are being written
   * behind (Processor.writesBehind): still in the journal until then, and never to be read back.
   */
  get writingBehind(): ReadonlySet<string> {
    return this.#writingBehind ?? NONE_BEHIND;
  }

  /** A URI of this queue, done, is being written behind. */
  writesBehind(storeKey: string): void {
    (this.#writingBehind ??= new Set()).add(storeKey);
  }

  /** A URI of this queue has been written behind. */
  wroteBehind(storeKey: string): void {
    const keys = this.#writingBehind;
    if (keys?.delete(storeKey) && keys.size === 0) this.#writingBehind = undefined;
  }

  /** Where the last `take` found its URI: memory (urgent or tail) or the spill (head). */
  lastTakeFromMemory = false;

  /**
   * Whether a URI of this rank, stored now, may wait in the journal alone (counted as spilled,
   * not held in memory): when the queue has spilled URIs and it does not rank before what the
   * head holds, since the journal gives it back after every spilled URI of its rank or lower.
   */
  joinsSpilled(rank: number): boolean {
    if (this.spilled === 0) return false;
    return this.headAt >= this.head.length || rank >= rankOf(this.head[this.head.length - 1]);
  }

  /** Takes the next URI; reads `chunk` URIs back from the spill when memory has none of its first ones (headChunk). */
  async take(journal: QueueJournal | undefined, chunk = MAX_HEAD_CHUNK): Promise<QueuedUri | undefined> {
    this.released = 0;
    this.lastTakeFromMemory = true;
    if (this.urgent.length) return this.urgent.shift();
    for (let tries = 0; this.headAt >= this.head.length && this.spilled > 0 && journal && tries < 3; tries++) await this.#refill(journal, chunk);
    if (this.headAt < this.head.length) {
      const tailRank = this.tail.peekRank();
      // At one rank the head comes first: everything spilled was found before what the tail holds.
      if (tailRank === undefined || rankOf(this.head[this.headAt]) <= tailRank) {
        this.lastTakeFromMemory = false;
        return this.#fromHead();
      }
    }
    return this.tail.shift();
  }

  /**
   * Reads the first URIs of the spilled part. The tail goes first (its URIs are in the journal
   * too, and may rank anywhere among the spilled ones); URIs of the ordinary range that wait in
   * `urgent` (retries, deferrals) and URIs stored after the read began (in the tail) are skipped.
   */
  async #refill(journal: QueueJournal, chunk: number): Promise<void> {
    if (this.tail.size > 0) {
      const n = this.tail.clear();
      this.released += n;
      this.spilled += n;
    }
    // Deletes of URIs done (and the tail just let go) must be on disk before the read.
    journal.spilled();
    const skip = new Set<string>();
    for (const item of this.urgent) if (item.storeKey && journal.isOrdinary(item.storeKey, this.key)) skip.add(item.storeKey);
    for (const storeKey of this.writingBehind) if (journal.isOrdinary(storeKey, this.key)) skip.add(storeKey);
    const generation = this.#generation;
    const before = this.spilled;
    const barrier = journal.nextSequence;
    const rows = await journal.read(this.key, Math.min(chunk, this.spilled) + skip.size);
    // A spill while the read ran may have put URIs before these: read again.
    if (generation !== this.#generation) return;
    const head = rows.filter((r) => !skip.has(r.storeKey!) && journal.sequenceOf(r.storeKey!) < barrier);
    this.head = head;
    this.headAt = 0;
    this.spilled -= head.length;
    // Nothing came back: the count was out of step.
    if (head.length === 0 && this.spilled === before) this.spilled = 0;
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

  /** Lets the in-memory tail (and head) go (they are in the journal); returns how many URIs of the tail left memory. */
  spillTail(): number {
    const items = this.tail.size;
    if (items === 0) return 0;
    // The tail may rank before what the head holds: the head goes too, to be read again in order.
    const headLeft = this.head.length - this.headAt;
    this.#generation++;
    this.spilled += items + headLeft;
    this.tail.clear();
    this.head = [];
    this.headAt = 0;
    return items;
  }
}
