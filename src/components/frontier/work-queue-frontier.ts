import { CrawlUri, type QueuedUri } from '../../model/crawl-uri.js';
import { FetchStatus, isDisregarded } from '../../model/fetch-status.js';
import { Configurable } from '../../model/configurable.js';
import type { Disposition, Frontier, FrontierStats } from '../../model/frontier.js';
import type { QueueSummary } from '../../model/frontier-queues.js';
import { RecentFingerprints } from '../../util/recent-fingerprints.js';
import { StringSlots } from '../../util/string-slots.js';
import type { FrontierDescriptor, WorkQueueFrontierConfig } from '../../model/frontier-props.js';
import type { QueuePrecedencePolicy } from '../../model/precedence-policies.js';
import type { QueueJournal } from './queue-journal.js';
import { DispositionListeners } from './disposition-listeners.js';
import { FrontierTallies } from './frontier-tallies.js';
import { BaseQueuePrecedencePolicy } from './precedence/base-queue-precedence-policy.js';
import { ineligibleUris, queueSummaries, retryWaits, waitingQueues, type WaitingQueues } from './queue-views.js';
import { ReadyQueues } from './ready-queues.js';
import { RestingQueues } from './resting-queues.js';
import { disposeUri, goesBack } from '../../model/dispose-uri.js';
import { failureReason } from '../../model/failure-reason.js';
import { rankOf, WorkQueue } from './work-queue.js';
import { headChunk } from './head-chunk.js';
import { OutsideFetches } from './outside-fetches.js';

export type { WorkQueueFrontierConfig } from '../../model/frontier-props.js';

/** How long a queue whose next URI is being fetched outside the queues (claimElsewhere) waits before it looks again. */
const CLAIM_WAIT_MS = 250;

/** How long a queue whose stored URIs could not be read waits before it is tried again. */
const READ_RETRY_MS = 1000;

/**
 * Heritrix's WorkQueueFrontier: one queue per class key; a queue is ready, in process (never
 * more than one URI), resting (politeness, retries) or retired. Ready queues are served in turn,
 * lowest precedence (queuePrecedencePolicy) first, none at or above precedenceFloor; one that
 * still has balance keeps its place at the front of its line, one that spent its balance goes to
 * the back with a fresh one. With a journal, every queued URI is stored from schedule to done
 * (so that a crash loses none) and those beyond `maxUrisInMemory` wait there alone.
 */
export class WorkQueueFrontier extends Configurable<FrontierDescriptor> implements Frontier {
  /** The bean id (set by the container): sheets address budgets as `frontier.queueTotalBudget`. */
  beanName = '';
  readonly #queues = new Map<string, WorkQueue>();
  readonly #ready = new ReadyQueues();
  readonly #precedencePolicy: QueuePrecedencePolicy;
  readonly #precedenceFloor: number;
  /** Queues whose rest is over are made ready; once none rests and none is in process, the workers waiting learn that the crawl is done. */
  readonly #resting = new RestingQueues((q) => {
    if (!q.retired && q.size > 0 && !q.inProcess) this.#makeReady(q, true);
  }, () => {
    if (this.#resting.size === 0 && this.#tallies.inProcess === 0) this.#wakeAll();
  });
  /** Queues whose next URI is being read (from memory, or back from the journal): not to be changed meanwhile. */
  readonly #taking = new Set<WorkQueue>();
  /** URIs handed out and not yet finished (durable frontiers only), with the marks already staged: new ones go with the next commit. */
  readonly #inFlight = new Map<CrawlUri, number>();
  #waiters: Array<() => void> = [];
  /** Told once a URI is done for good (its lane ended): listeners come last, so that one that throws leaves the queue in line. */
  readonly #final = new DispositionListeners();
  /** Told at the queue's turn, before its next URI can be handed out (quota counts). */
  readonly #disposed = new DispositionListeners();
  /** URIs scheduled, as found (before canonicalisation), so that a link found again skips the candidate chain. */
  readonly #scheduledUris: RecentFingerprints;
  /** How many URIs are queued, in memory, in process, found and done: changed only by its transitions, which check its invariants. */
  readonly #tallies = new FrontierTallies();
  #retired = 0;
  /** Fetches outside the queues: those done (their queued copies kept in the journal until passed over), those under way, those waited for. */
  readonly #outside = new OutsideFetches();
  /** Each queue's last URI scheduled, for reports, a slot a queue (in order made). */
  readonly #lastQueued = new StringSlots();
  /** Queues whose stored state changed since the last commit (each once: WorkQueue.dirty). An array: a Set grown anew between commits made garbage at every scheduled URI. */
  #dirty: WorkQueue[] = [];

  constructor(config: WorkQueueFrontierConfig, protected readonly journal?: QueueJournal, protected readonly maxUrisInMemory = Infinity) {
    super(config);
    this.#scheduledUris = new RecentFingerprints(config.recentUrisRemembered);
    this.#precedencePolicy = config.queuePrecedencePolicy ?? new BaseQueuePrecedencePolicy();
    this.#precedenceFloor = config.precedenceFloor;
  }

  maxOutlinksFor(curi: CrawlUri): number {
    return this.configFor(curi).maxOutlinks;
  }

  schedule(curi: CrawlUri): void | Promise<void> {
    const fresh = this.config.uriUniqFilter.add(curi.canonicalKey || curi.uri);
    if (typeof fresh !== 'boolean') return fresh.then((f) => this.#enqueue(curi, f));
    this.#enqueue(curi, fresh);
  }

  /** Queues a URI the uniq filter has answered for: dropped when seen before, unless forced. */
  #enqueue(curi: CrawlUri, fresh: boolean): void {
    if (!fresh && !curi.forceFetch) return;
    this.#scheduledUris.add(curi.uri);
    const q = this.#queue(curi.queueKey, curi);
    // Prerequisites (dns:, robots.txt) go before everything else of their queue.
    const urgent = curi.isPrerequisite;
    const rank = rankOf(curi);
    q.lastQueued = curi.uri;
    if (this.journal && !urgent && q.joinsSpilled(rank)) {
      // Its queue already waits in the journal, this URI after those: it waits there alone, stored
      // straight from the CrawlUri, never held in memory (every queued URI living on in memory
      // until its queue's tail was spilled kept the heap growing). A read waits for its commit.
      this.journal.added(curi, false, rank);
      this.#tallies.scheduled(false);
      q.stored++;
      q.spilled++;
      this.journal.spilled();
      this.#markDirty(q);
    } else {
      const record = curi.toQueued();
      if (this.journal) {
        (record as { storeKey?: string }).storeKey = this.journal.added(record, urgent, rank);
        if (urgent) q.storedUrgent++;
        else q.stored++;
        this.#markDirty(q);
      }
      if (urgent) q.urgent.push(record);
      else q.tail.push(rank, record);
      this.#tallies.scheduled(true);
    }
    if (this.#precedencePolicy.tracksUriPrecedences) {
      q.tally(curi.precedence, 1);
      this.#reevaluate(q, curi);
    }
    if (this.#tallies.inMemory > this.maxUrisInMemory && this.journal) this.#spillDown(this.journal);
    if (!q.inProcess && !q.ready && q.wakeAt === 0 && !q.retired) this.#makeReady(q, false);
  }

  retireQueue(key: string): boolean {
    const q = this.#queues.get(key);
    if (!q || q.retired) return false;
    // Out of line from now on: next() and the wake-ups pass over a retired queue, its URIs stay stored.
    q.retired = true;
    this.#retired++;
    if (this.journal) this.#markDirty(q);
    return true;
  }

  reactivateQueue(key: string): boolean {
    const q = this.#queues.get(key);
    if (!q?.retired) return false;
    q.retired = false;
    this.#retired--;
    q.totalSpent = 0;
    if (this.journal) this.#markDirty(q);
    if (!q.inProcess && !q.ready && q.wakeAt === 0 && q.size > 0) this.#makeReady(q, false);
    return true;
  }

  /**
   * The operator's delete: takes every URI waiting in the queue that `matches` says so of out of
   * it for good (memory and journal), and returns how many. The URI in process, if any, is not
   * waiting: it is left alone. A queue whose next URI is being read back is refused (undefined):
   * ask again. While the stored URIs are gone through, a page at a time, the queue is out of line;
   * URIs scheduled meanwhile are not looked at.
   */
  async deleteUris(key: string, matches: (uri: string) => boolean): Promise<number | undefined> {
    const q = this.#queues.get(key);
    if (!q) return 0;
    if (this.#taking.has(q)) return undefined;
    const journal = this.journal;
    const wasRetired = q.retired;
    q.retired = true;
    let deleted = 0;
    // Passed over by the journal's scan: those handed out (not waiting: never deleted here, whatever
    // they match) and those memory holds, dropped or kept there (a delete is staged, not yet written,
    // so the scan still finds a URI just dropped from the head or the tail).
    const seen = new Set<string>([...this.#inFlight.keys()].filter((c) => c.queueKey === key && c.storeKey).map((c) => c.storeKey!));
    const drop = (item: QueuedUri, counted: boolean): boolean => {
      if (item.storeKey) seen.add(item.storeKey);
      if (!matches(item.uri)) return false;
      if (journal && item.storeKey) this.#unstore(q, item.storeKey);
      this.#tallies.deleted(counted);
      if (this.#precedencePolicy.tracksUriPrecedences) q.tally(item.precedence, -1);
      deleted++;
      return true;
    };
    try {
      // In memory: urgent and tail count against maxUrisInMemory; the head was read back from the journal.
      const urgent = q.urgent.filter((item) => !drop(item, true));
      q.urgent.splice(0, q.urgent.length, ...urgent);
      q.head = q.head.slice(q.headAt).filter((item) => !drop(item, false));
      q.headAt = 0;
      q.tail.removeWhere((item) => drop(item, true));
      // In the journal only: what was stored before this began, and is neither in memory nor being written behind.
      if (journal && q.spilled > 0) {
        const barrier = journal.nextSequence;
        for await (const item of journal.scan(key)) {
          const storeKey = item.storeKey!;
          if (journal.sequenceOf(storeKey) >= barrier || seen.has(storeKey) || q.writingBehind.has(storeKey) || !matches(item.uri)) continue;
          this.#unstore(q, storeKey);
          if (this.#precedencePolicy.tracksUriPrecedences) q.tally(item.precedence, -1);
          q.spilled--;
          this.#tallies.deleted(false);
          deleted++;
        }
      }
    } finally {
      q.retired = wasRetired;
    }
    if (journal) this.#markDirty(q);
    if (!q.retired && !q.inProcess && !q.ready && q.wakeAt === 0 && q.size > 0) this.#makeReady(q, false);
    if (this.#tallies.inProcess === 0) this.#wakeAll();
    return deleted;
  }

  wasScheduled(uri: string): boolean {
    return this.#scheduledUris.has(uri);
  }

  async next(signal?: AbortSignal): Promise<CrawlUri | undefined> {
    for (;;) {
      if (signal?.aborted) return undefined;
      this.#resting.wakeDue(Date.now());
      const q = this.#ready.shift(this.#precedenceFloor);
      if (q) {
        if (q.retired || q.size === 0) continue;
        q.inProcess = true;
        this.#tallies.taking();
        let item;
        this.#taking.add(q);
        try {
          item = await q.take(this.journal, headChunk(this.maxUrisInMemory, this.#queues.size - this.#retired));
        } catch (e) {
          // The journal could not be read (the store cannot commit): the queue rests and is tried again.
          this.#tallies.tookNothing(q.released);
          q.inProcess = false;
          this.#resting.rest(q, Date.now() + READ_RETRY_MS, false);
          process.emitWarning(`queue ${q.key} could not be read from the state store: ${(e as Error)?.message ?? String(e)}; retrying`);
          continue;
        } finally {
          this.#taking.delete(q);
        }
        if (!item) {
          // The tail a refill let go (a spill overtook every read) waits in the journal now.
          this.#tallies.tookNothing(q.released);
          q.inProcess = false;
          // URIs scheduled while the spill was read found the queue busy: put it back in line.
          if (q.size > 0 && !q.retired) this.#makeReady(q, false);
          if (this.#tallies.inProcess === 0) this.#wakeAll();
          continue;
        }
        this.#tallies.took(q.lastTakeFromMemory, q.released);
        q.lastPeeked = item.uri;
        if (this.#outside.isDone(item.uri)) {
          this.#skipDoneElsewhere(q, item);
          continue;
        }
        if (this.#outside.isClaimed(item.uri)) {
          this.#waitForClaim(q, item);
          continue;
        }
        const curi = CrawlUri.fromQueued(item);
        if (this.journal) this.#inFlight.set(curi, curi.marks);
        this.#outside.handedOut(curi.uri);
        return curi;
      }
      if (this.#tallies.inProcess === 0 && this.#resting.size === 0) {
        this.#wakeAll();
        return undefined;
      }
      await this.#waitForChange(signal);
    }
  }

  /**
   * A queued copy of a URI fetched outside the queues, at its turn: it was fetched, written and
   * counted then (its crawl.log line is that fetch's), so it leaves its queue without a request,
   * and the queue takes its next turn at once.
   */
  #skipDoneElsewhere(q: WorkQueue, item: QueuedUri): void {
    this.#outside.forgetDone(item.uri);
    this.journal?.doneElsewhere(item.uri, false);
    this.#tallies.skipped();
    q.inProcess = false;
    if (this.#precedencePolicy.tracksUriPrecedences) q.tally(item.precedence, -1);
    if (this.journal && item.storeKey) this.#unstore(q, item.storeKey);
    if (q.size > 0 && !q.retired && q.wakeAt === 0) this.#makeReady(q, true);
    if (this.#tallies.inProcess === 0) this.#wakeAll();
  }

  /** A queued URI being fetched outside the queues at its turn: back to the front of its queue, which rests a while, as after a retry. */
  #waitForClaim(q: WorkQueue, item: QueuedUri): void {
    q.urgent.unshift(item);
    this.#tallies.returned();
    q.inProcess = false;
    this.#afterTurn(q, this.configForNoUri(), CLAIM_WAIT_MS);
    if (this.#tallies.inProcess === 0) this.#wakeAll();
  }

  trackInFlight(): (uri: string) => Promise<void> | undefined {
    return this.#outside.waiter();
  }

  claimElsewhere(uri: string): void {
    this.#outside.claim(uri);
  }

  /**
   * A URI fetched outside the queues (Frontier.fetchedElsewhere), its outputs written: its key marked
   * seen now, counted done, told to the listeners; if its key had been seen, a copy of it may be
   * queued, which its turn finishes without a request. No queue is charged or rested for it: the
   * fetch that made it kept its server's rest.
   */
  async fetchedElsewhere(curi: CrawlUri): Promise<boolean> {
    const added = this.config.uriUniqFilter.add(curi.canonicalKey || curi.uri);
    const fresh = typeof added === 'boolean' ? added : await added;
    this.#outside.unclaim(curi.uri);
    if (!fresh && this.#outside.markDone(curi.uri)) this.journal?.doneElsewhere(curi.uri, true);
    const status = curi.fetchStatus;
    const disposition: Disposition = isDisregarded(status) ? 'disregarded' : status > 0 ? 'success' : 'failure';
    this.#tallies.doneElsewhere(disposition, fresh);
    this.#disposed.tell(curi, disposition);
    this.#final.tell(curi, disposition);
    return fresh;
  }

  /** This process is the only one: every URI it handed out is its own to write out. */
  stillHeld(): boolean {
    return true;
  }

  /**
   * A URI's chains are over. Its queue takes its turn at once (politeness, retries, budgets); the
   * URI itself is done (counted, out of the journal, in crawl.log) once the work its processors
   * left behind (Processor.writesBehind: WARC records, the mirror, receivers) has ended, and until
   * then stays in flight. A URI going back to its queue (a retry, a deferral) waits for that work
   * first, since its next try begins from a clean slate.
   */
  finished(curi: CrawlUri): Disposition | Promise<Disposition> {
    // Budgets and retries as the URI's sheets set them (Heritrix re-reads them per URI too).
    const cfg = this.configFor(curi);
    const behind = curi.behindDone;
    if (behind && goesBack(curi, cfg.maxRetries)) return behind.then(() => this.#finish(curi, cfg, undefined));
    return this.#finish(curi, cfg, behind);
  }

  #finish(curi: CrawlUri, cfg: WorkQueueFrontierConfig, behind: Promise<void> | undefined): Disposition {
    const q = this.#queue(curi.queueKey);
    q.inProcess = false;
    // Read before #dispose, which clears it with the rest of the fetch's state when the URI goes back.
    const retire = curi.forceRetire;
    // Why a fetch that goes back to be retried failed, read before #dispose resets the URI for its next try.
    const failed = curi.fetchStatus;
    const why = failed !== FetchStatus.DEFERRED && failed !== FetchStatus.UNATTEMPTED && goesBack(curi, cfg.maxRetries)
      ? failureReason(failed, curi.annotations) ?? `status ${failed}` : undefined;
    const disposition = this.#dispose(curi, q, cfg);
    if (why !== undefined && disposition === 'retry') {
      q.retry = { uri: curi.uri, status: failed, error: why, nextTry: curi.fetchAttempts + 1, maxTries: cfg.maxRetries + 1 };
    } else if (disposition !== 'deferred') q.retry = undefined;
    const done = disposition !== 'deferred' && disposition !== 'retry';
    if (!done) {
      this.#inFlight.delete(curi);
      this.#outside.settled(curi.uri);
      const record = curi.toQueued();
      if (disposition === 'deferred') q.urgent.push(record);
      else q.urgent.unshift(record);
      this.#tallies.returned();
      // The stored record counts the tries and waits too, so that their limits hold across launches.
      this.journal?.updated(record);
    } else if (!behind) this.#done(curi, q, disposition);
    else if (curi.storeKey) q.writesBehind(curi.storeKey);
    if (done) this.#disposed.tell(curi, disposition);
    // Heritrix's queueReevaluate, as the URI just done sees the policy.
    this.#reevaluate(q, curi);
    this.#afterTurn(q, cfg, disposition === 'retry' ? cfg.retryDelaySeconds * 1000 : disposition === 'deferred' ? 0 : curi.politenessDelayMs, retire, disposition === 'retry');
    if (this.#tallies.inProcess === 0) this.#wakeAll();
    if (done && behind) {
      void behind.then(() => {
        try {
          this.#done(curi, q, disposition);
        } finally {
          if (this.#tallies.inProcess === 0) this.#wakeAll();
        }
        this.#final.tell(curi, disposition);
        this.#outside.settled(curi.uri);
      }).catch((e: unknown) => process.emitWarning(`the frontier could not count ${curi.uri} done: ${(e as Error)?.message ?? String(e)}`));
    } else if (done) {
      this.#final.tell(curi, disposition);
      this.#outside.settled(curi.uri);
    }
    return disposition;
  }

  /** The URI is done for good: counted, and out of the journal in the next commit. */
  #done(curi: CrawlUri, q: WorkQueue, disposition: Disposition): void {
    if (curi.storeKey) q.wroteBehind(curi.storeKey);
    this.#inFlight.delete(curi);
    this.#tallies.done(disposition);
    if (disposition === 'success') q.successes++;
    if (this.#precedencePolicy.tracksUriPrecedences) q.tally(curi.precedence, -1);
    if (this.journal && curi.storeKey) this.#unstore(q, curi.storeKey);
    else if (this.journal) this.#markDirty(q);
  }

  /** Stages, for the next commit, the states of the queues that changed and the totals. */
  stage(): void {
    const journal = this.journal;
    if (!journal) return;
    // URIs in flight keep what was done of them (WARC records written, the receivers told) in the
    // same commit as the outputs themselves.
    for (const [curi, staged] of this.#inFlight) {
      if (curi.marks === staged || !curi.storeKey) continue;
      journal.updated(curi.toQueued());
      this.#inFlight.set(curi, curi.marks);
    }
    const now = Date.now();
    for (const q of this.#dirty) {
      q.dirty = false;
      // A wait still to run is kept (politeness, a retry's delay), so that a restart keeps it.
      const wakeAt = q.wakeAt > now ? q.wakeAt : undefined;
      const uriPrecedences = q.uriPrecedences?.size ? Object.fromEntries(q.uriPrecedences) : undefined;
      // A retry's wait is kept with what it waits for, so that a resumed crawl still says so (not "politeness").
      const retry = wakeAt !== undefined && q.retryWait ? q.retry : undefined;
      journal.stageQueue({
        key: q.key, stored: q.stored, storedUrgent: q.storedUrgent, totalSpent: q.totalSpent, retired: q.retired, wakeAt,
        successes: q.successes, precedence: q.precedence, uriPrecedences, retry,
      });
    }
    this.#dirty.length = 0;
    journal.stageTotals({ ...this.#tallies.totals(), seq: 0 });
  }

  /**
   * Takes back what the journal holds from an earlier launch: every stored URI (those that were
   * in flight too) is queued again, spent budgets and retired queues stay as they were.
   */
  async restore(): Promise<void> {
    const journal = this.journal;
    if (!journal) return;
    const { queues, totals } = await journal.load();
    for (const uri of await journal.loadDoneElsewhere()) this.#outside.markDone(uri);
    if (totals) this.#tallies.restoredTotals(totals);
    for (const state of queues) {
      const q = this.#queue(state.key);
      q.stored = q.spilled = state.stored;
      q.storedUrgent = state.storedUrgent;
      q.totalSpent = state.totalSpent;
      q.successes = state.successes ?? 0;
      if (state.uriPrecedences) for (const [p, n] of Object.entries(state.uriPrecedences)) q.tally(Number(p), n);
      // As it was; a queue kept before precedences were stored gets the policy's for no URI.
      q.precedence = state.precedence ?? this.#precedencePolicy.precedenceOf(q, undefined);
      if (state.retired) {
        q.retired = true;
        this.#retired++;
      }
      if (state.storedUrgent) {
        q.urgent.push(...(await journal.readUrgent(state.key)));
        q.storedUrgent = q.urgent.length;
      }
      this.#tallies.restoredQueue(q.stored, q.urgent.length);
      if (q.size === 0 || q.retired) continue;
      if (state.wakeAt !== undefined && state.wakeAt > Date.now()) {
        // Its wait was not over when the last launch stopped: it rests until then, for what it rested for.
        if (state.retry) q.retry = state.retry;
        this.#resting.rest(q, state.wakeAt, Boolean(state.retry));
      } else this.#makeReady(q, false);
    }
  }

  onFinal(listener: (curi: CrawlUri, d: Disposition) => void): void {
    this.#final.add(listener);
  }

  onDisposed(listener: (curi: CrawlUri, d: Disposition) => void): void {
    this.#disposed.add(listener);
  }

  stats(): FrontierStats {
    const waiting = this.waitingQueues();
    const retries = this.#resting.retrying > 0 ? retryWaits(this.#resting.values()) : undefined;
    const t = this.#tallies;
    return {
      discovered: t.discovered, queued: t.queued, inProcess: t.inProcess,
      succeeded: t.succeeded, failed: t.failed, disregarded: t.disregarded,
      queues: {
        total: this.#queues.size, ready: waiting.ready, snoozed: this.#resting.size, retired: this.#retired,
        retrying: this.#resting.retrying, nextRetryAt: retries?.nextRetryAt, ...(retries && { retryWaits: retries.retryWaits }),
        inactive: waiting.inactive, ineligible: waiting.ineligible, waitingByPrecedence: waiting.byPrecedence,
      },
      ineligibleUris: waiting.ineligible > 0 ? this.ineligibleUris() : 0,
    };
  }

  /** Queues waiting for a turn by precedence, as Heritrix's report shows them (queue-views.ts). */
  waitingQueues(): WaitingQueues {
    return waitingQueues(this.#ready.waitingByPrecedence(), this.#precedenceFloor);
  }

  /** URIs waiting in queues that never get a turn (precedence at or above precedenceFloor). */
  ineligibleUris(): number {
    return ineligibleUris(this.#queues.values(), this.#precedenceFloor);
  }

  queueSummaries(): Iterable<QueueSummary> {
    return queueSummaries(this.#queues.values(), this.#ready.waitingByPrecedence(), this.#precedenceFloor);
  }

  /** Wakes every worker waiting in next(), for example to stop. */
  wakeAll(): void {
    this.#wakeAll();
  }

  /** Decides what becomes of a processed URI and charges its queue. */
  #dispose(curi: CrawlUri, q: WorkQueue, cfg: WorkQueueFrontierConfig): Disposition {
    const status = curi.fetchStatus;
    // For the operator's queue list: what the last try of this queue got, and how many tries failed.
    if (status !== FetchStatus.DEFERRED) {
      q.lastStatus = status;
      if (status <= 0 && !isDisregarded(status)) q.errors++;
    }
    const { disposition, cost } = disposeUri(curi, cfg);
    if (disposition !== 'deferred' && disposition !== 'disregarded') this.#charge(q, cost);
    return disposition;
  }

  /** Lets queue tails go from memory until half the allowance is free: rare, large batches. */
  #spillDown(journal: QueueJournal): void {
    const target = this.maxUrisInMemory / 2;
    for (const q of this.#queues.values()) {
      if (this.#tallies.inMemory <= target) break;
      this.#tallies.spilled(q.spillTail());
    }
    journal.spilled();
  }

  /** A URI's processing is over for good: it leaves the journal. */
  #unstore(q: WorkQueue, storeKey: string): void {
    this.journal!.removed(storeKey);
    if (storeKey.charCodeAt(q.key.length) === 1) q.storedUrgent--;
    else q.stored--;
    this.#markDirty(q);
  }

  #markDirty(q: WorkQueue): void {
    if (q.dirty) return;
    q.dirty = true;
    this.#dirty.push(q);
  }

  #charge(q: WorkQueue, cost: number): void {
    q.balance -= cost;
    q.totalSpent += cost;
    if (this.journal) this.#markDirty(q);
  }

  /** After a URI of `q` is done: retire it (over its total budget, or asked to by `forceRetire`), let it rest, or put it back in line. */
  #afterTurn(q: WorkQueue, cfg: WorkQueueFrontierConfig, restMs: number, forceRetire = false, retryWait = false): void {
    q.replenish = cfg.balanceReplenishAmount; // what a wake after the rest refills, as the URI just done saw it
    const budget = cfg.queueTotalBudget;
    q.totalBudget = budget;
    if (forceRetire || (budget >= 0 && q.totalSpent >= budget && q.urgent.length === 0)) {
      if (!q.retired) {
        q.retired = true;
        this.#retired++;
        if (this.journal) this.#markDirty(q);
      }
      return;
    }
    if (restMs > 0) {
      // An empty queue rests too, so that a URI scheduled meanwhile still waits out the delay.
      this.#resting.rest(q, Date.now() + restMs, retryWait);
      // Staged with its wait, so that a resumed crawl knows what the queue waits for.
      if (retryWait && this.journal) this.#markDirty(q);
    } else if (q.size > 0) this.#makeReady(q, true);
  }

  /** `replenish` is a turn's budget as the queue's last URI saw it; a queue woken for no URI keeps the one it had. */
  #makeReady(q: WorkQueue, afterTurn: boolean, replenish = q.replenish): void {
    q.wakeAt = 0;
    if (afterTurn && q.balance > 0) this.#ready.place(q, true);
    else {
      if (q.balance <= 0) q.balance = replenish;
      this.#ready.place(q, false);
    }
    this.#wakeOne();
  }

  /** The queue's precedence again (Heritrix's queueReevaluate), as `curi` sees the policy; a waiting queue moves to its new line. */
  #reevaluate(q: WorkQueue, curi: CrawlUri): void {
    const p = this.#precedencePolicy.precedenceOf(q, curi);
    if (p === q.precedence) return;
    q.precedence = p;
    if (this.journal) this.#markDirty(q);
    if (q.readyAt !== undefined) this.#ready.moved(q);
  }

  #waitForChange(signal?: AbortSignal): Promise<void> {
    // A stop comes with wakeAll(), after which next() sees the aborted signal.
    if (signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #wakeOne(): void {
    this.#waiters.shift()?.();
  }

  #wakeAll(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  /** The queue of a key, made with the budget of a turn as the URI that first joins it sees it (its sheets'; the base one for a queue restored ' +
    'from the store). */
  #queue(key: string, curi?: CrawlUri): WorkQueue {
    let q = this.#queues.get(key);
    if (!q) {
      q = new WorkQueue(key, (curi ? this.configFor(curi) : this.configForNoUri()).balanceReplenishAmount, this.#lastQueued, this.#queues.size);
      // Heritrix's queueCreated: its precedence as the URI that makes it sees the policy (restore sets a restored queue's).
      if (curi) q.precedence = this.#precedencePolicy.precedenceOf(q, curi);
      this.#queues.set(key, q);
    }
    return q;
  }

  /** Stops the wake-up timer. */
  close(): void {
    this.#resting.close();
    this.#wakeAll();
  }
}

