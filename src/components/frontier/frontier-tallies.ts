import type { Disposition } from '../../model/frontier.js';

/** A transition that would leave the tallies impossible: a bug in the frontier's bookkeeping, named by the transition. */
export class FrontierTallyError extends Error {
  constructor(readonly transition: string, reason: string, counts: string) {
    super(`the frontier's tallies broke at ${transition}: ${reason} (${counts})`);
    this.name = 'FrontierTallyError';
  }
}

/** The totals a journal keeps across launches (the rest are rebuilt from the queues it stores). */
export interface DoneTotals {
  discovered: number;
  succeeded: number;
  failed: number;
  disregarded: number;
}

/**
 * The URI counts of a WorkQueueFrontier, changed only by the transitions below, each named after
 * what happened to a URI. Between transitions:
 * - `queued` counts URIs waiting in queues (memory and journal), `inProcess` those handed out, or
 *   being read for a queue's turn, and not yet done or back in their queue, `inMemory` those of
 *   the waiting ones that memory holds against maxUrisInMemory (urgent and tail: not a head read
 *   back from the journal, not a spilled part): none below 0, and `inMemory` ≤ `queued`;
 * - `discovered`, `succeeded`, `failed` and `disregarded` only grow (or are restored).
 *
 * Every transition checks before it changes anything: one that would break an invariant throws a
 * FrontierTallyError naming it, and leaves the counts as they were. A count gone wrong would go on
 * silently otherwise, and `inProcess` decides when a crawl ends (none in process, none resting):
 * one too many hangs the crawl, one too few ends it with URIs still queued. Failing loudly loses
 * nothing a journal keeps: a resumed crawl counts its queued URIs anew from the stored queues.
 */
export class FrontierTallies {
  #discovered = 0;
  #queued = 0;
  #inMemory = 0;
  #inProcess = 0;
  #succeeded = 0;
  #failed = 0;
  #disregarded = 0;

  get discovered(): number {
    return this.#discovered;
  }

  get queued(): number {
    return this.#queued;
  }

  get inMemory(): number {
    return this.#inMemory;
  }

  get inProcess(): number {
    return this.#inProcess;
  }

  get succeeded(): number {
    return this.#succeeded;
  }

  get failed(): number {
    return this.#failed;
  }

  get disregarded(): number {
    return this.#disregarded;
  }

  /** What a journal keeps of them. */
  totals(): DoneTotals {
    return { discovered: this.#discovered, succeeded: this.#succeeded, failed: this.#failed, disregarded: this.#disregarded };
  }

  /** A URI joined a queue, held in memory or (`inMemory` false) stored in the journal alone. */
  scheduled(inMemory: boolean): void {
    const m = inMemory ? 1 : 0;
    this.#set('scheduled', this.#queued + 1, this.#inMemory + m, this.#inProcess);
    this.#discovered++;
  }

  /** The operator deleted a waiting URI, one memory held or (`inMemory` false) one read back or in the journal only. */
  deleted(inMemory: boolean): void {
    this.#set('deleted', this.#queued - 1, this.#inMemory - (inMemory ? 1 : 0), this.#inProcess);
  }

  /** A queue's turn began: its next URI is being read (memory, or back from the journal). */
  taking(): void {
    this.#set('taking', this.#queued, this.#inMemory, this.#inProcess + 1);
  }

  /**
   * The read of `taking` gave a URI: it left its queue (from memory, or from a head read back),
   * and `released` URIs of the queue's tail left memory for the journal on the way.
   */
  took(fromMemory: boolean, released: number): void {
    this.#set('took', this.#queued - 1, this.#inMemory - (fromMemory ? 1 : 0) - released, this.#inProcess);
  }

  /** The read of `taking` gave no URI (none was left, or the journal failed); `released` URIs of the tail left memory all the same. */
  tookNothing(released: number): void {
    this.#set('tookNothing', this.#queued, this.#inMemory - released, this.#inProcess - 1);
  }

  /** A URI handed out went back to the front of its queue, in memory (a retry, a deferral). */
  returned(): void {
    this.#set('returned', this.#queued + 1, this.#inMemory + 1, this.#inProcess - 1);
  }

  /** A URI handed out is done for good, counted by its disposition. */
  done(disposition: Disposition): void {
    if (disposition === 'retry' || disposition === 'deferred') {
      throw new FrontierTallyError('done', `a URI whose disposition is ${disposition} is not done`, this.#counts());
    }
    this.#set('done', this.#queued, this.#inMemory, this.#inProcess - 1);
    if (disposition === 'success') this.#succeeded++;
    else if (disposition === 'failure') this.#failed++;
    else this.#disregarded++;
  }

  /**
   * A URI fetched outside the queues is done, counted by its disposition; `fresh` when its key was
   * new (no copy of it was ever queued: discovered now).
   */
  doneElsewhere(disposition: Disposition, fresh: boolean): void {
    if (disposition === 'retry' || disposition === 'deferred') {
      throw new FrontierTallyError('doneElsewhere', `a URI whose disposition is ${disposition} is not done`, this.#counts());
    }
    if (fresh) this.#discovered++;
    if (disposition === 'success') this.#succeeded++;
    else if (disposition === 'failure') this.#failed++;
    else this.#disregarded++;
  }

  /** The URI taken for a queue's turn had been fetched outside the queues already (doneElsewhere): it leaves without being handed out. */
  skipped(): void {
    this.#set('skipped', this.#queued, this.#inMemory, this.#inProcess - 1);
  }

  /** `n` URIs of queue tails left memory; they wait in the journal. */
  spilled(n: number): void {
    this.#set('spilled', this.#queued, this.#inMemory - n, this.#inProcess);
  }

  /** The totals an earlier launch kept. */
  restoredTotals(totals: DoneTotals): void {
    const { discovered, succeeded, failed, disregarded } = totals;
    for (const [name, n] of Object.entries({ discovered, succeeded, failed, disregarded })) {
      if (!(n >= 0)) throw new FrontierTallyError('restoredTotals', `${name} would be ${n}`, this.#counts());
    }
    this.#discovered = discovered;
    this.#succeeded = succeeded;
    this.#failed = failed;
    this.#disregarded = disregarded;
  }

  /** A queue an earlier launch stored: `stored` URIs wait in the journal, `urgent` more were read back into memory. */
  restoredQueue(stored: number, urgent: number): void {
    this.#set('restoredQueue', this.#queued + stored + urgent, this.#inMemory + urgent, this.#inProcess);
  }

  #set(transition: string, queued: number, inMemory: number, inProcess: number): void {
    // Plain comparisons, in the order most likely to hold first: this runs several times per URI.
    // biome-ignore lint/suspicious/noSelfCompare: x !== x is the NaN test, without a call on this hot path
    if (queued < 0 || inMemory < 0 || inProcess < 0 || inMemory > queued || queued !== queued || inMemory !== inMemory) {
      throw new FrontierTallyError(transition, this.#breach(queued, inMemory, inProcess), this.#counts());
    }
    this.#queued = queued;
    this.#inMemory = inMemory;
    this.#inProcess = inProcess;
  }

  #breach(queued: number, inMemory: number, inProcess: number): string {
    if (queued < 0) return `queued would be ${queued}`;
    if (inMemory < 0) return `inMemory would be ${inMemory}`;
    if (inProcess < 0) return `inProcess would be ${inProcess}`;
    if (inMemory > queued) return `inMemory would be ${inMemory}, more than the ${queued} queued`;
    return `a count would not be a number (queued ${queued}, inMemory ${inMemory})`;
  }

  #counts(): string {
    return `queued ${this.#queued}, inMemory ${this.#inMemory}, inProcess ${this.#inProcess}`;
  }
}
