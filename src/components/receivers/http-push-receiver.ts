import type { Agent } from 'undici';
// The Agent alone (see fetch/undici-parts.d.ts): `from 'undici'` brings all of undici into the bundle.
import AgentClass from 'undici/lib/dispatcher/agent.js';
// Its `request` too: only undici's main module puts it on Dispatcher.prototype, and nothing loads that.
import request from 'undici/lib/api/api-request.js';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { DocumentEvent } from '../../model/fetch-history.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import { DurableBatchReceiver, type DurableBatch, type StoredChunk } from './durable-batch-receiver.js';
import { pushHeaderProblem, pushUrlProblem, splitCredentials } from './http-push-receiver-options.js';
import type { httpPushReceiverComponent } from './http-push-receiver.descriptor.js';
import { isoDate } from './iso-date.js';

export type HttpPushReceiverConfig = ConfigOf<typeof httpPushReceiverComponent>;

/**
 * SMILA's "push to job": the crawl's document events, in batches, POSTed as JSON to one URL by
 * one sender, in order. Events are taken at once (nothing here ever holds up a URI); a batch that
 * fails is retried with exponential back-off until it is delivered or the receiver stops. With a
 * state store, batches live in sublevel `kept:push:<bean id>` (kept across runs) from when they form (or from the first
 * commit after their first event) until they are delivered, and those left over are sent after
 * the next start (DurableBatchReceiver). A chunk in the store is the JSON array of its events.
 */
export class HttpPushReceiver extends DurableBatchReceiver<HttpPushReceiverConfig> implements Receiver {
  /** Batches and events delivered (a 2xx) since start. */
  deliveredBatches = 0;
  deliveredEvents = 0;

  readonly #url: URL;
  readonly #headers: Record<string, string>;
  #agent?: Agent;

  constructor(config: HttpPushReceiverConfig) {
    super(config, { name: 'HttpPushReceiver', sublevel: 'push' });
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

  /** Requests that failed since start (each retry counts). */
  get failedRequests(): number {
    return this.failures;
  }

  documentFound(doc: CrawledDocument): void {
    this.accept(eventOfDocument('found', doc));
  }

  documentNew(doc: CrawledDocument): void {
    this.accept(eventOfDocument('new', doc));
  }

  documentChanged(doc: CrawledDocument): void {
    this.accept(eventOfDocument('changed', doc));
  }

  /** The event says all that is pushed, whether the content came (a 200) or not (a 304). */
  documentUnchanged(event: DocumentEvent, _doc?: CrawledDocument): void {
    this.accept(pushedEvent('unchanged', event));
  }

  documentDeleted(event: DocumentEvent): void {
    this.accept(pushedEvent('deleted', event));
  }

  protected override starting(): void {
    this.#agent ??= new AgentClass({ connections: 1, connect: { timeout: this.config.requestTimeoutMs } });
  }

  protected override async release(): Promise<void> {
    const agent = this.#agent;
    this.#agent = undefined;
    // Released after the last delivery was answered or given up: its connections hold nothing more to send.
    await agent?.destroy().catch(() => undefined);
  }

  /** POSTs one batch; delivered when answered 2xx. */
  protected async deliver(batch: DurableBatch, signal: AbortSignal): Promise<string | undefined> {
    const timeoutMs = this.config.requestTimeoutMs;
    // One signal for the request: aborted by stop() or when no answer came in time.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer within requestTimeoutMs (${timeoutMs} ms)`)), timeoutMs);
    timer.unref();
    const stopping = () => abort.abort(signal.reason);
    signal.addEventListener('abort', stopping, { once: true });
    const aborted = abort.signal;
    try {
      const agent = this.#agent;
      if (agent === undefined) return 'the receiver is not started';
      const response = await request.call(agent, {
        origin: this.#url.origin, path: `${this.#url.pathname}${this.#url.search}`,
        method: 'POST', headers: this.#headers, body: `{"events":[${batch.items.join(',')}]}`,
        signal: aborted, headersTimeout: timeoutMs, bodyTimeout: timeoutMs,
      });
      const delivered = response.statusCode >= 200 && response.statusCode < 300;
      // The answer's status is had; its body is not kept, and a connection failing to read it is dropped by the agent.
      await response.body.dump().catch(() => undefined);
      return delivered ? undefined : `answered ${response.statusCode}`;
    } catch (e) {
      const reason = aborted.aborted ? aborted.reason : e;
      return (reason as Error)?.message ?? String(reason);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stopping);
    }
  }

  protected override delivered(batch: DurableBatch): void {
    this.deliveredBatches++;
    this.deliveredEvents += batch.items.length;
  }

  protected encodeChunk(_batch: DurableBatch, events: readonly string[]): string {
    return `[${events.join(',')}]`;
  }

  protected decodeChunk(value: string): StoredChunk | undefined {
    const events = JSON.parse(value) as unknown;
    return Array.isArray(events) ? { items: events } : undefined;
  }

  protected failureAlert(batch: DurableBatch, reason: string): string {
    return `could not deliver a batch of ${batch.items.length} event(s) to ${this.#url.href} (${reason}); retrying with back-off, ` +
      `${this.pendingBatches} batch(es) waiting`;
  }

  protected undeliveredAlert(batches: number, events: number, kept: boolean): string {
    const fate = kept ? 'they stay in the state store and are sent when the job resumes or runs again' : 'they are lost: there is no state store';
    return `${batches} batch(es) of ${events} event(s) not delivered to ${this.#url.href} within stopTimeoutMs (${this.config.stopTimeoutMs} ms); ${fate}`;
  }

  /** Without a bean id, the URL names the sublevel. */
  protected storeFallbackName(): string {
    return this.#url.href;
  }
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
