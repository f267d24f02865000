import { createHash } from 'node:crypto';
import { Agent, request } from 'undici';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { DocumentEvent } from '../../model/fetch-history.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import { KEPT_SUBLEVEL_PREFIX, type StateParticipant, type StateSublevel } from '../../model/state-store.js';
import { Deque } from '../../util/deque.js';
import { pushHeaderProblem, pushUrlProblem, splitCredentials } from './http-push-receiver-options.js';
import type { httpPushReceiverComponent } from './http-push-receiver.descriptor.js';
import { isoDate } from './iso-date.js';

export type HttpPushReceiverConfig = ConfigOf<typeof httpPushReceiverComponent>;

/**
 * Events gathered to be POSTed together. In the store, a batch is one or more chunks: the events
 * that came before a commit are staged at that commit (so that a crash loses none the store
 * counts as done), the rest when the batch is full or due.
 */
interface Batch {
  readonly seq: number;
  /** Each event as JSON. */
  readonly events: string[];
  /** How many of `events` are staged in the store. */
  staged: number;
  /** The store keys of its chunks. */
  readonly keys: string[];
}

/** Sublevel keys: the batch's number, then its chunk's, zero-padded so that they sort in order. */
const keyOf = (seq: number, chunk: number) => `${String(seq).padStart(12, '0')}.${String(chunk).padStart(9, '0')}`;

/**
 * SMILA's "push to job": the crawl's document events, in batches, POSTed as JSON to one URL by
 * one sender, in order. Events are taken at once (nothing here ever holds up a URI); a batch that
 * fails is retried with exponential back-off until it is delivered or the receiver stops. With a
 * state store, batches live in sublevel `kept:push:<bean id>` (kept across runs) from when they form (or from the first
 * commit after their first event) until they are delivered, and those left over are sent after
 * the next start.
 */
export class HttpPushReceiver implements Receiver, StateParticipant {
  /** The bean id (set by the container): names the state-store sublevel. */
  beanName = '';
  /** Batches and events delivered (a 2xx) since start. */
  deliveredBatches = 0;
  deliveredEvents = 0;
  /** Requests that failed since start (each retry counts). */
  failedRequests = 0;

  readonly #url: URL;
  readonly #headers: Record<string, string>;
  #state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  /** Sending is allowed: from start() until stop() gives up. */
  #open = false;
  #agent?: Agent;
  #sub?: StateSublevel;
  #loaded = false;
  #participating = false;
  #nextSeq = 0;
  /** The batch being filled. */
  #current?: Batch;
  #dueTimer?: NodeJS.Timeout;
  /** Formed batches waiting, oldest first (the one being sent is not among them). */
  readonly #queue = new Deque<Batch>();
  #sending?: { readonly batch: Batch; readonly done: Promise<void>; readonly abort: AbortController };
  #retryTimer?: NodeJS.Timeout;
  /** Consecutive failures of the batch at the head of the queue. */
  #attempt = 0;
  #idleWaiters: Array<() => void> = [];

  constructor(readonly config: HttpPushReceiverConfig) {
    const problem = pushUrlProblem(config.url);
    if (problem) throw new Error(`HttpPushReceiver url ${problem}`);
    for (const [name, value] of Object.entries(config.headers)) {
      const headerProblem = pushHeaderProblem(name, value);
      if (headerProblem) throw new Error(`HttpPushReceiver headers ${headerProblem}`);
    }
    const { url, authorization } = splitCredentials(config.url);
    this.#url = url;
    const ownAuthorization = Object.keys(config.headers).some((name) => name.toLowerCase() === 'authorization');
    this.#headers = { ...(authorization && !ownAuthorization ? { authorization } : {}), ...config.headers, 'content-type': 'application/json' };
  }

  /** Batches formed and not yet delivered (the one being sent included). */
  get pendingBatches(): number {
    return this.#queue.size + (this.#sending ? 1 : 0);
  }

  async start(): Promise<void> {
    if (this.#state === 'started') return;
    const store = this.config.stateStore;
    if (store && !this.#loaded) {
      this.#sub = store.sublevel(`${KEPT_SUBLEVEL_PREFIX}push:${this.#storeName()}`);
      for (const batch of await loadBatches(this.#sub)) {
        this.#queue.pushBack(batch);
        this.#nextSeq = batch.seq + 1;
      }
      this.#loaded = true;
    }
    if (store && !this.#participating) {
      store.participate(this);
      this.#participating = true;
    }
    this.#agent ??= new Agent({ connections: 1, connect: { timeout: this.config.requestTimeoutMs } });
    this.#state = 'started';
    this.#open = true;
    this.#pump();
  }

  documentFound(doc: CrawledDocument): void {
    this.#accept(eventOfDocument('found', doc));
  }

  documentNew(doc: CrawledDocument): void {
    this.#accept(eventOfDocument('new', doc));
  }

  documentChanged(doc: CrawledDocument): void {
    this.#accept(eventOfDocument('changed', doc));
  }

  /** The event says all that is pushed, whether the content came (a 200) or not (a 304). */
  documentUnchanged(event: DocumentEvent, _doc?: CrawledDocument): void {
    this.#accept(pushedEvent('unchanged', event));
  }

  documentDeleted(event: DocumentEvent): void {
    this.#accept(pushedEvent('deleted', event));
  }

  /** At each commit of the store: the events of the batch being filled that are not staged yet. */
  stage(): void {
    if (this.#current) this.#stageChunk(this.#current);
  }

  /**
   * Sends the batch being filled, and everything else, for up to stopTimeoutMs (a batch waiting
   * out its back-off is tried at once); then aborts the request under way and leaves what is
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
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.#idleWaiters.push(resolve)),
        new Promise<void>((resolve) => { timer = setTimeout(resolve, this.config.stopTimeoutMs); }),
      ]);
      clearTimeout(timer);
      this.#idleWaiters = [];
    }
    this.#open = false;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    const sending = this.#sending;
    sending?.abort.abort(new Error('the receiver is stopping'));
    await sending?.done;
    const agent = this.#agent;
    this.#agent = undefined;
    await agent?.destroy().catch(() => undefined);
    this.#state = 'stopped';
    const left = this.pendingBatches;
    if (left > 0) {
      let events = 0;
      for (let i = 0; i < this.#queue.size; i++) {
        const b = this.#queue.shift()!;
        events += b.events.length;
        this.#queue.pushBack(b);
      }
      const fate = this.#sub ? 'they stay in the state store and are sent when the job resumes or runs again' : 'they are lost: there is no state store';
      this.#alert(`${left} batch(es) of ${events} event(s) not delivered to ${this.#url.href} within stopTimeoutMs (${this.config.stopTimeoutMs} ms); ${fate}`);
    }
  }

  #accept(event: DocumentEvent): void {
    if (this.#state !== 'started') throw new Error(`HttpPushReceiver got a document ${this.#state === 'new' ? 'before start()' : 'after stop()'}`);
    let batch = this.#current;
    if (!batch) {
      batch = this.#current = { seq: this.#nextSeq++, events: [], staged: 0, keys: [] };
      this.#dueTimer = setTimeout(() => this.#form(), this.config.maxBatchDelayMs);
      this.#dueTimer.unref();
    }
    batch.events.push(JSON.stringify(event));
    if (batch.events.length >= this.config.batchSize) this.#form();
  }

  /** The batch being filled is done: staged, queued, and sent when its turn comes. */
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

  #stageChunk(batch: Batch): void {
    if (!this.#sub || batch.staged === batch.events.length) return;
    const key = keyOf(batch.seq, batch.keys.length);
    this.#sub.put(key, `[${batch.events.slice(batch.staged).join(',')}]`);
    batch.keys.push(key);
    batch.staged = batch.events.length;
  }

  /** Sends the oldest batch unless one is being sent or waits out its back-off. */
  #pump(): void {
    if (!this.#open || this.#sending || this.#retryTimer !== undefined) return;
    const batch = this.#queue.shift();
    if (!batch) {
      for (const resolve of this.#idleWaiters.splice(0)) resolve();
      return;
    }
    const abort = new AbortController();
    const done = this.#send(batch, abort).then((delivered) => {
      this.#sending = undefined;
      try {
        if (delivered) this.#delivered(batch);
        else this.#retryLater(batch);
      } catch (e) {
        this.#alert(`failed to record a batch's delivery: ${(e as Error)?.message ?? String(e)}`);
      }
      this.#pump();
    });
    this.#sending = { batch, done, abort };
  }

  #delivered(batch: Batch): void {
    this.#attempt = 0;
    this.deliveredBatches++;
    this.deliveredEvents += batch.events.length;
    for (const key of batch.keys) this.#sub?.del(key);
  }

  /** Back to the head of the queue, tried again after the back-off (unless the receiver has given up). */
  #retryLater(batch: Batch): void {
    this.#queue.pushFront(batch);
    this.failedRequests++;
    if (!this.#open) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#pump();
    }, this.#backoff(++this.#attempt));
    this.#retryTimer.unref();
  }

  /** POSTs one batch; true when answered 2xx. Never rejects. */
  async #send(batch: Batch, abort: AbortController): Promise<boolean> {
    const timeoutMs = this.config.requestTimeoutMs;
    const timer = setTimeout(() => abort.abort(new Error(`no answer within requestTimeoutMs (${timeoutMs} ms)`)), timeoutMs);
    timer.unref();
    try {
      const response = await request(this.#url, {
        dispatcher: this.#agent, method: 'POST', headers: this.#headers, body: `{"events":[${batch.events.join(',')}]}`,
        signal: abort.signal, headersTimeout: timeoutMs, bodyTimeout: timeoutMs,
      });
      const delivered = response.statusCode >= 200 && response.statusCode < 300;
      await response.body.dump().catch(() => undefined);
      if (!delivered) this.#failed(batch, `answered ${response.statusCode}`);
      return delivered;
    } catch (e) {
      const reason = abort.signal.aborted ? abort.signal.reason : e;
      this.#failed(batch, (reason as Error)?.message ?? String(reason));
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The first failure after a success (or since start) is reported; the retries that follow are not. */
  #failed(batch: Batch, reason: string): void {
    if (this.#attempt > 0 || !this.#open) return;
    this.#alert(`could not deliver a batch of ${batch.events.length} event(s) to ${this.#url.href} (${reason}); retrying with back-off, ` +
      `${this.pendingBatches} batch(es) waiting`);
  }

  #backoff(attempt: number): number {
    const { retryInitialDelayMs: initial, retryMaxDelayMs: max } = this.config;
    return Math.min(initial * 2 ** Math.min(attempt - 1, 30), Math.max(max, initial));
  }

  #alert(message: string): void {
    this.config.loggerModule?.alert?.('WARNING', `HttpPushReceiver${this.beanName ? ` ${this.beanName}` : ''}: ${message}`);
  }

  /** The bean id when a sublevel name can hold it, else a hash of it (or, without one, of the URL). */
  #storeName(): string {
    if (/^[#-~]+$/.test(this.beanName)) return this.beanName;
    return createHash('sha1').update(this.beanName || this.#url.href).digest('hex').slice(0, 16);
  }
}

/** The batches a store holds, in order, their chunks joined. */
async function loadBatches(sub: StateSublevel): Promise<Batch[]> {
  const batches: Batch[] = [];
  for (const [key, value] of await sub.range('0', ':')) {
    const seq = Number(key.slice(0, key.indexOf('.')));
    let events: unknown[];
    try {
      events = JSON.parse(value) as unknown[];
      if (!Array.isArray(events) || !Number.isSafeInteger(seq)) throw new Error('not a batch');
    } catch {
      sub.del(key);
      continue;
    }
    let batch = batches.at(-1);
    if (batch?.seq !== seq) batches.push((batch = { seq, events: [], staged: 0, keys: [] }));
    batch.events.push(...events.map((e) => JSON.stringify(e)));
    batch.staged = batch.events.length;
    batch.keys.push(key);
  }
  return batches;
}

/** What is pushed of a document: its event, `lastModified` as an ISO date. */
function eventOfDocument(kind: DocumentEvent['kind'], doc: CrawledDocument): DocumentEvent {
  return {
    kind, url: doc.url, status: doc.status, mimeType: doc.mimeType || undefined, size: doc.size, digest: doc.digest,
    lastModified: doc.lastModified?.toISOString(), fetchTime: doc.fetchTime.getTime(),
  };
}

/** What is pushed of an event: the event, its `lastModified` (an HTTP date as sent) made an ISO date. */
function pushedEvent(kind: DocumentEvent['kind'], e: DocumentEvent): DocumentEvent {
  return {
    kind, url: e.url, status: e.status, mimeType: e.mimeType || undefined, size: e.size, digest: e.digest,
    lastModified: isoDate(e.lastModified), etag: e.etag, fetchTime: e.fetchTime,
  };
}
