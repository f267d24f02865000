import { createHash, randomUUID } from 'node:crypto';
import type { CrawlLogger } from '../../model/crawl-logger.js';
import { KEPT_SUBLEVEL_PREFIX, type StateParticipant, type StateStore, type StateSublevel } from '../../model/state-store.js';
import { Deque } from '../../util/deque.js';
import { orAfter } from '../../util/or-after.js';

/** The settings every durable batch receiver has (its bean's properties of the same names). */
export interface DurableBatchConfig {
  /** Items per batch: a batch is delivered once it holds this many. */
  readonly batchSize: number;
  /** A batch that is not full is delivered this long after its first item. */
  readonly maxBatchDelayMs: number;
  readonly retryInitialDelayMs: number;
  readonly retryMaxDelayMs: number;
  /** How long stop() goes on delivering what is left. */
  readonly stopTimeoutMs: number;
  readonly stateStore?: StateStore;
  readonly loggerModule?: CrawlLogger;
}

/**
 * Items gathered to be delivered together. In the store, a batch is one or more chunks: the items
 * that came before a commit are staged at that commit (so that a crash loses none the store
 * counts as done), the rest when the batch is full or due.
 */
export interface DurableBatch {
  readonly seq: number;
  /** Random, kept with the batch: names it where it is delivered (a receiver that must know a batch again). */
  readonly id: string;
  /** Each item as JSON. */
  readonly items: string[];
  /** How many of `items` are staged in the store. */
  staged: number;
  /** The store keys of its chunks. */
  readonly keys: string[];
}

/** One chunk as read back from the store. */
export interface StoredChunk {
  readonly id?: string;
  readonly items: readonly unknown[];
}

/** Sublevel keys: the batch's number, then its chunk's, zero-padded so that they sort in order. */
const keyOf = (seq: number, chunk: number) => `${String(seq).padStart(12, '0')}.${String(chunk).padStart(9, '0')}`;

/**
 * The durable delivery both HttpPushReceiver and PostgresIndexReceiver make of what the crawl
 * hands them: items taken at once (nothing here holds up a URI), gathered into batches that one
 * pump delivers in order, one at a time; a batch that fails is retried with exponential back-off
 * until it is delivered or the receiver stops. With a state store, batches live in sublevel
 * `kept:<sublevel>:<bean id>` (kept across runs) from when they form (or from the first commit
 * after their first item) until they are delivered, and those left over are delivered after the
 * next start. stop() delivers what is left for up to stopTimeoutMs, then leaves the rest in the
 * store and says so.
 *
 * A subclass says how one batch is delivered (deliver) and how its chunks are stored.
 */
export abstract class DurableBatchReceiver<C extends DurableBatchConfig> implements StateParticipant {
  /** The bean id (set by the container): names the state-store sublevel. */
  beanName = '';

  #state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  /** Delivering is allowed: from start() until stop() gives up. */
  #open = false;
  #sub?: StateSublevel;
  #loaded = false;
  #participating = false;
  #nextSeq = 0;
  /** The batch being filled. */
  #current?: DurableBatch;
  #dueTimer?: NodeJS.Timeout;
  /** Formed batches waiting, oldest first (the one being delivered is not among them). */
  readonly #queue = new Deque<DurableBatch>();
  #sending?: { readonly done: Promise<void>; readonly abort: AbortController };
  #retryTimer?: NodeJS.Timeout;
  /** Consecutive failures of the batch at the head of the queue. */
  #attempt = 0;
  #idleWaiters: Array<() => void> = [];
  #failures = 0;

  /** `name` says who speaks in alerts and errors; `sublevel` names the store's `kept:<sublevel>:…`. */
  constructor(readonly config: C, readonly kind: { readonly name: string; readonly sublevel: string }) {}

  /** Batches formed and not yet delivered (the one being delivered included). */
  get pendingBatches(): number {
    return this.#queue.size + (this.#sending ? 1 : 0);
  }

  /** Attempts to deliver a batch that failed since start (each retry counts). */
  protected get failures(): number {
    return this.#failures;
  }

  /** Whether batches are kept in a state store (else what is undelivered at stop is lost). */
  protected get keptInStore(): boolean {
    return this.#sub !== undefined;
  }

  async start(): Promise<void> {
    if (this.#state === 'started') return;
    const store = this.config.stateStore;
    if (store && !this.#loaded) {
      const sub = (this.#sub = store.sublevel(`${KEPT_SUBLEVEL_PREFIX}${this.kind.sublevel}:${this.#storeName()}`));
      await this.opened(sub);
      const batches = await this.#loadBatches(sub);
      for (const batch of batches) {
        this.#queue.pushBack(batch);
        this.#nextSeq = batch.seq + 1;
      }
      this.restored(batches);
      this.#loaded = true;
    }
    if (store && !this.#participating) {
      store.participate(this);
      this.#participating = true;
    }
    this.starting();
    this.#state = 'started';
    this.#open = true;
    this.#pump();
  }

  /** At each commit of the store: the items of the batch being filled that are not staged yet. */
  stage(_final?: boolean): void {
    if (this.#current) this.#stageChunk(this.#current);
  }

  /**
   * Delivers the batch being filled, and everything else, for up to stopTimeoutMs (a batch waiting
   * out its back-off is tried at once); then interrupts the delivery under way and leaves what is
   * undelivered in the store.
   */
  async stop(): Promise<void> {
    if (this.#state !== 'started') return;
    this.#state = 'stopping';
    this.#form();
    if (this.#retryTimer !== undefined) {
      clearTimeout(this.#retryTimer);
      this.#retryTimer = undefined;
      this.#pump();
    }
    if (this.pendingBatches > 0) {
      await orAfter(new Promise<void>((resolve) => this.#idleWaiters.push(resolve)), this.config.stopTimeoutMs, undefined);
      this.#idleWaiters = [];
    }
    this.#open = false;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    const sending = this.#sending;
    sending?.abort.abort(new Error('the receiver is stopping'));
    await this.interrupt();
    await sending?.done;
    await this.release();
    this.#state = 'stopped';
    const left = this.pendingBatches;
    if (left > 0) {
      let items = 0;
      for (let i = 0; i < this.#queue.size; i++) {
        const b = this.#queue.shift()!;
        items += b.items.length;
        this.#queue.pushBack(b);
      }
      this.alert(this.undeliveredAlert(left, items, this.keptInStore));
    }
  }

  /** Takes one item into the batch being filled (and forms it when full). */
  protected accept(item: unknown): void {
    if (this.#state !== 'started') throw new Error(`${this.kind.name} got a document ${this.#state === 'new' ? 'before start()' : 'after stop()'}`);
    let batch = this.#current;
    if (!batch) {
      batch = this.#current = { seq: this.#nextSeq++, id: randomUUID(), items: [], staged: 0, keys: [] };
      this.#dueTimer = setTimeout(() => this.#form(), this.config.maxBatchDelayMs);
      this.#dueTimer.unref();
    }
    batch.items.push(JSON.stringify(item));
    if (batch.items.length >= this.config.batchSize) this.#form();
  }

  /** Delivers one batch: undefined once delivered, else why not (it is retried). Never rejects; `signal` aborts at stop. */
  protected abstract deliver(batch: DurableBatch, signal: AbortSignal): Promise<string | undefined>;
  /** What the store keeps of a chunk: `items` (JSON each) of `batch`. */
  protected abstract encodeChunk(batch: DurableBatch, items: readonly string[]): string;
  /** A chunk read back from the store; undefined when it is not one (it is removed). */
  protected abstract decodeChunk(value: string): StoredChunk | undefined;
  /** The alert at the first failure after a success (or since start): the retries that follow say nothing. */
  protected abstract failureAlert(batch: DurableBatch, reason: string): string;
  /** The alert when stop() leaves batches undelivered, in the store (`kept`) or lost. */
  protected abstract undeliveredAlert(batches: number, items: number, kept: boolean): string;
  /** Names the store's sublevel when the bean id cannot. */
  protected abstract storeFallbackName(): string;

  /** A batch was delivered, after `failedAttempts` failed ones. */
  protected delivered(_batch: DurableBatch, _failedAttempts: number): void {}
  /** The sublevel is open, before its batches are read. */
  protected async opened(_sub: StateSublevel): Promise<void> {}
  /** The batches the store held at start, queued. */
  protected restored(_batches: readonly DurableBatch[]): void {}
  /** Just before delivering starts. */
  protected starting(): void {}
  /** An attempt ended (delivered or not), before the next begins. */
  protected settled(): void {}
  /** stop() gave up: the delivery under way, whose signal is aborted, should end soon. */
  protected async interrupt(): Promise<void> {}
  /** stop() is done delivering: what delivery holds can be let go. */
  protected async release(): Promise<void> {}

  protected alert(message: string, severity: 'WARNING' | 'SEVERE' = 'WARNING'): void {
    this.config.loggerModule?.alert?.(severity, `${this.kind.name}${this.beanName ? ` ${this.beanName}` : ''}: ${message}`);
  }

  /** The batch being filled is done: staged, queued, and delivered when its turn comes. */
  #form(): void {
    clearTimeout(this.#dueTimer);
    this.#dueTimer = undefined;
    const batch = this.#current;
    if (!batch) return;
    this.#current = undefined;
    this.#stageChunk(batch);
    this.#queue.pushBack(batch);
    this.#pump();
  }

  #stageChunk(batch: DurableBatch): void {
    if (!this.#sub || batch.staged === batch.items.length) return;
    const key = keyOf(batch.seq, batch.keys.length);
    this.#sub.put(key, this.encodeChunk(batch, batch.items.slice(batch.staged)));
    batch.keys.push(key);
    batch.staged = batch.items.length;
  }

  /** Delivers the oldest batch unless one is being delivered or waits out its back-off. */
  #pump(): void {
    if (!this.#open || this.#sending || this.#retryTimer !== undefined) return;
    const batch = this.#queue.shift();
    if (!batch) {
      for (const resolve of this.#idleWaiters.splice(0)) resolve();
      return;
    }
    const abort = new AbortController();
    const failed = (e: unknown) => (e as Error)?.message ?? String(e);
    const done = this.deliver(batch, abort.signal).catch(failed).then((failure) => {
      try {
        if (failure !== undefined && this.#attempt === 0 && this.#open) this.alert(this.failureAlert(batch, failure));
        this.#sending = undefined;
        if (failure === undefined) this.#delivered(batch);
        else this.#retryLater(batch);
      } catch (e) {
        this.#sending = undefined;
        this.alert(`failed to record a batch's delivery: ${(e as Error)?.message ?? String(e)}`);
      }
      this.settled();
      this.#pump();
    });
    this.#sending = { done, abort };
  }

  #delivered(batch: DurableBatch): void {
    const failedAttempts = this.#attempt;
    this.#attempt = 0;
    for (const key of batch.keys) this.#sub?.del(key);
    this.delivered(batch, failedAttempts);
  }

  /** Back to the head of the queue, tried again after the back-off (unless the receiver has given up). */
  #retryLater(batch: DurableBatch): void {
    this.#queue.pushFront(batch);
    this.#failures++;
    if (!this.#open) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#pump();
    }, this.#backoff(++this.#attempt));
    this.#retryTimer.unref();
  }

  #backoff(attempt: number): number {
    const { retryInitialDelayMs: initial, retryMaxDelayMs: max } = this.config;
    return Math.min(initial * 2 ** Math.min(attempt - 1, 30), Math.max(max, initial));
  }

  /** The bean id when a sublevel name can hold it, else a hash of it (or, without one, of storeFallbackName). */
  #storeName(): string {
    if (/^[#-~]+$/.test(this.beanName)) return this.beanName;
    return createHash('sha1').update(this.beanName || this.storeFallbackName()).digest('hex').slice(0, 16);
  }

  /** The batches a store holds, in order, their chunks joined. */
  async #loadBatches(sub: StateSublevel): Promise<DurableBatch[]> {
    const batches: DurableBatch[] = [];
    for (const [key, value] of await sub.range('0', ':')) {
      const seq = Number(key.slice(0, key.indexOf('.')));
      let chunk: StoredChunk | undefined;
      try {
        chunk = Number.isSafeInteger(seq) ? this.decodeChunk(value) : undefined;
      } catch {
        chunk = undefined;
      }
      if (chunk === undefined) {
        sub.del(key);
        continue;
      }
      let batch = batches.at(-1);
      if (batch?.seq !== seq) batches.push((batch = { seq, id: chunk.id ?? randomUUID(), items: [], staged: 0, keys: [] }));
      batch.items.push(...chunk.items.map((e) => JSON.stringify(e)));
      batch.staged = batch.items.length;
      batch.keys.push(key);
    }
    return batches;
  }
}
