import type { Dispatcher } from 'undici';
import { createHash, type Hash } from 'node:crypto';
import { base32 } from '../../util/base32.js';
import { isChunked, messageBodyBegin } from '../../util/transfer-coding.js';
import type { DigestAlgorithm } from './content-digest.js';
import { rawHeaderValue } from './header-map.js';
import { messageExtent } from './message-extent.js';
import { ResponseSpill } from '../../util/response-spill.js';
import { currentTap, type SocketTap, watchNextWrite, type WriteWatcher } from './socket-tap.js';

/** How a write on a kept-alive connection the server had already closed fails: undici's "other side closed", a reset, a broken pipe. */
const STALE_CONNECTION_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** The error an exchange ends with when the server stays silent, or the whole fetch takes too long before any header. */
export class FetchTimeoutError extends Error {
  readonly code = 'BEANCRAWL_TIMEOUT';
  constructor(readonly kind: 'idle' | 'total', ms: number) {
    super(kind === 'idle' ? `no data for ${ms} ms` : `no response within ${ms} ms`);
    this.name = 'FetchTimeoutError';
  }
}

/**
 * The error an exchange ends with when its fetcher can no longer vouch for the URI's lease (a shared
 * frontier's): not the server's doing, and no answer of the URI's (its fetcher discards the URI).
 */
export class LeaseLostError extends Error {
  readonly code = 'BEANCRAWL_LEASE_LOST';
  constructor() {
    super('the lease on the URI\'s queue was about to run out: the fetch was ended, or never sent');
    this.name = 'LeaseLostError';
  }
}

export interface ExchangeLimits {
  /** Longest silence (connecting, awaiting headers, between body chunks); 0 = none. */
  readonly soTimeoutMs: number;
  /** Longest whole fetch; 0 = none. Past it a body is cut (`time`); without headers the fetch fails. */
  readonly timeoutMs: number;
  /**
   * Bytes of the response kept, as Heritrix's Recorder counts them: everything read from the
   * connection, status line and headers included; past it the rest is not read (`length`). 0 = no limit.
   */
  readonly maxLengthBytes: number;
  /** The request's method (HEAD responses have no body); GET when not given. */
  readonly method?: string;
  /**
   * Heritrix's recorderInBufferBytes: the most bytes of a response held in memory; past them the
   * rest goes to a file (`spillPath()`), digested on the way with `digestAlgorithm`. 0 = all in memory.
   */
  readonly inMemoryBytes?: number;
  readonly spillPath?: () => string;
  readonly digestAlgorithm?: DigestAlgorithm;
  /**
   * Asked at the last moment, when the connection is ready and the request about to be written:
   * false ends the fetch there, nothing sent (a shared frontier's lease on the URI's queue has run out: loseLease).
   */
  readonly mayStart?: () => boolean;
}

/** The part of a response kept in a file, once the exchange is done. */
export interface SpilledPart {
  readonly path: string;
  readonly length: number;
  /** Where the entity begins in `raw` (the bytes kept in memory). */
  readonly headLength: number;
  /** The entity's digests, as stored (framing included): sha1 and the crawl's algorithm. */
  readonly entitySha1: string;
  /** The sha1 of the whole response as stored, head included (its WARC record's block). */
  readonly blockSha1: string;
  readonly entityDigest: string;
  /** The digest of the body without its chunk framing, for a chunked entity (as far as undici delivered it). */
  readonly contentDigest?: string;
}

/**
 * One GET as undici's dispatcher reports it, through its handler callbacks: the legacy ones
 * (onConnect, onHeaders, onData, onComplete, onError), which undici 7's HTTP/1.1 client calls
 * directly with the raw header list in order and the status text; the newer API would need a
 * wrapper per request and gives the headers as an object. The exchange never throws: `done`
 * resolves with `error` set when the fetch failed. Body chunks are kept as undici delivers them
 * (without chunk framing), and, when the connection is tapped, `raw` is the whole response as it
 * came off the socket.
 */
export class HttpExchange implements Dispatcher.DispatchHandler, WriteWatcher {
  statusCode = 0;
  /** The request went out on a kept-alive connection that had answered before (socket-tap tells it as the request is written). */
  reusedConnection = false;
  statusText = '';
  /** Header names and values in order, as sent (latin1). */
  rawHeaders: string[] = [];
  readonly chunks: Buffer[] = [];
  received = 0;
  /** The response as read from the connection (status line, headers, entity with its transfer coding), once done; undefined when the connection was not tapped. */
  raw?: Buffer;
  truncated?: 'length' | 'time';
  /** The body was not read because `wantBody` said no. */
  bodySkipped = false;
  error?: Error;
  /** Where the entity begins in `raw` (after the first blank line), when found once the response completed. */
  rawHeadLength?: number;
  /** Set when the response outgrew the in-memory bound: `raw` is then its first bytes, this the rest. */
  spilled?: SpilledPart;
  readonly done: Promise<HttpExchange>;
  #resolve!: (exchange: HttpExchange) => void;
  #abort?: (err?: Error) => void;
  #settled = false;
  #idleTimer?: NodeJS.Timeout;
  #totalTimer?: NodeJS.Timeout;
  #tap?: SocketTap;
  #resume?: () => void;
  #spill?: ResponseSpill;
  /** The bytes taken from the tap when the spill began (head and the entity's beginning). */
  #prefix?: Buffer;
  #headLength = 0;
  /** Most bytes kept in all: maxLengthBytes, or the end the head frames, whichever comes first. */
  #cap = Number.POSITIVE_INFINITY;
  #contentHash?: Hash;
  #mustDrain = false;

  /** `wantBody` is asked once the headers are in; false stops the fetch there. */
  constructor(readonly limits: ExchangeLimits, readonly wantBody?: (exchange: HttpExchange) => boolean) {
    this.done = new Promise((resolve) => {
      this.#resolve = resolve;
    });
    if (limits.soTimeoutMs > 0) this.#idleTimer = setTimeout(expire, limits.soTimeoutMs, this, 'idle');
    if (limits.timeoutMs > 0) this.#totalTimer = setTimeout(expire, limits.timeoutMs, this, 'total');
  }

  /**
   * A kept-alive connection the server had closed as this request was written on it: the request
   * failed before a byte of answer came, reset or closed. Every HTTP client sends such a request
   * again on a new connection (the server never saw it), rather than calling the server unreachable.
   */
  get lostKeptConnection(): boolean {
    if (!this.reusedConnection || this.statusCode !== 0 || this.received !== 0 || this.error === undefined) return false;
    return STALE_CONNECTION_CODES.has((this.error as { code?: string }).code ?? '');
  }

  onConnect(abort: (err?: Error) => void): void {
    this.#abort = abort;
    watchNextWrite(this);
    if (!this.#settled && this.limits.mayStart?.() === false) this.loseLease();
    if (this.#settled) abort();
  }

  /** `statusText` is missing when undici's proxy wrapper (ProxyAgent without tunnel) relays the call. */
  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void, statusText?: string): boolean {
    if (this.#settled) return false;
    if (statusCode < 200) return true;
    this.#resume = resume;
    this.#idleTimer?.refresh();
    this.statusCode = statusCode;
    this.statusText = statusText ?? '';
    const headers = new Array<string>(rawHeaders.length);
    for (let i = 0; i < rawHeaders.length; i++) headers[i] = rawHeaders[i].toString('latin1');
    this.rawHeaders = headers;
    this.#tap = currentTap();
    if (this.wantBody !== undefined && !this.wantBody(this)) {
      this.bodySkipped = true;
      return this.#end(true);
    }
    if (this.#overLimit(0)) {
      this.truncated = 'length';
      return this.#end(true);
    }
    return true;
  }

  /** Whether the bytes read so far, with `more` body bytes not yet counted, pass maxLengthBytes: the tap's count when there is one (headers and ' +
    'framing included), else the body's. */
  #overLimit(more: number): boolean {
    const max = this.limits.maxLengthBytes;
    if (max <= 0) return false;
    return this.#tap !== undefined ? (this.#prefix?.length ?? 0) + this.#tap.length > max : this.received + more > max;
  }

  onData(chunk: Buffer): boolean {
    if (this.#settled) return false;
    this.#idleTimer?.refresh();
    if (this.#overLimit(chunk.length)) {
      // Without a tap only the body is counted; with one, the stored bytes are cut from `raw`.
      const max = this.limits.maxLengthBytes;
      if (this.#tap === undefined && max > this.received) this.#keep(chunk.subarray(0, max - this.received));
      this.truncated = 'length';
      return this.#end(true);
    }
    if (this.#spill !== undefined) return this.#spilling(chunk);
    this.#keep(chunk);
    const bound = this.limits.inMemoryBytes ?? 0;
    if (bound > 0 && this.#tap !== undefined && this.#tap.length > bound && this.limits.spillPath !== undefined) this.#startSpill();
    return true;
  }

  /**
   * The response outgrew the in-memory bound: what the tap holds stays in memory (head and the
   * entity's beginning, for extractors), and every byte read from now on goes to a file, up to
   * maxLengthBytes or the end the head frames. The body chunks undici delivers are no longer kept.
   */
  #startSpill(): void {
    const tap = this.#tap!;
    // The response goes on: the connection is not idle.
    const prefix = tap.take(false);
    this.#prefix = prefix;
    const begin = messageBodyBegin(prefix);
    this.#headLength = begin < 0 ? prefix.length : begin;
    const algorithm = this.limits.digestAlgorithm ?? 'sha1';
    const spill = (this.#spill = new ResponseSpill(this.limits.spillPath!(), algorithm));
    const max = this.limits.maxLengthBytes;
    if (max > 0) this.#cap = Math.max(max, this.#headLength);
    const chunked = isChunked(rawHeaderValue(this.rawHeaders, 'transfer-encoding'));
    const length = rawHeaderValue(this.rawHeaders, 'content-length')?.trim();
    if (!chunked && length !== undefined && /^\d+$/.test(length)) this.#cap = Math.min(this.#cap, this.#headLength + Number(length));
    if (chunked) {
      this.#contentHash = createHash(algorithm);
      for (const c of this.chunks) this.#contentHash.update(c);
    }
    // What the same reads brought past the response's end is none of it.
    if (prefix.length > this.#cap) this.#prefix = prefix.subarray(0, this.#cap);
    spill.digestHead(this.#prefix.subarray(0, this.#headLength));
    spill.digestOnly(this.#prefix.subarray(this.#headLength));
    tap.sink = (bytes) => this.#toSpill(bytes);
  }

  /** Bytes read from the connection while spilling: written up to the cap. */
  #toSpill(bytes: Buffer): void {
    const spill = this.#spill!;
    const room = this.#cap - this.#prefix!.length - spill.length;
    if (room <= 0) return;
    if (!spill.write(bytes.length > room ? bytes.subarray(0, room) : bytes)) this.#mustDrain = true;
  }

  /** A body chunk while spilling: digested (chunked bodies), not kept; the connection waits while the file catches up. */
  #spilling(chunk: Buffer): boolean {
    this.#contentHash?.update(chunk);
    if (!this.#mustDrain) return true;
    this.#mustDrain = false;
    this.#spill!.onDrain(() => {
      if (!this.#settled) this.#resume?.();
    });
    return false;
  }

  onComplete(): void {
    this.#end(false);
  }

  onError(err: Error): void {
    if (this.#settled) return;
    this.error = err;
    this.#end(false);
  }

  /**
   * The lease on the URI's queue is about to run out (or has): the exchange ends here, whatever it
   * got so far, with a LeaseLostError (`leaseLost`): what came is no answer of the URI's, whose
   * fetcher discards it. After the exchange settled, nothing changes.
   */
  loseLease(): void {
    if (this.#settled) return;
    this.leaseLost = true;
    this.error = new LeaseLostError();
    this.#end(true);
  }

  /** Ended by loseLease(). */
  leaseLost = false;

  /** A timer ran out: cut the body if one is arriving and the whole fetch took too long, else fail. */
  expire(kind: 'idle' | 'total'): void {
    if (this.#settled) return;
    if (kind === 'total' && this.statusCode !== 0) this.truncated = 'time';
    else this.error = new FetchTimeoutError(kind, kind === 'idle' ? this.limits.soTimeoutMs : this.limits.timeoutMs);
    this.#end(true);
  }

  #keep(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.received += chunk.length;
  }

  /**
   * Settles once. `abort` closes the connection (the rest of the response is not read); it runs
   * on the next tick so that undici's parser is never torn down inside its own callback, which
   * this returns false to pause.
   */
  #end(abort: boolean): false {
    if (this.#settled) return false;
    this.#settled = true;
    clearTimeout(this.#idleTimer);
    clearTimeout(this.#totalTimer);
    const spill = this.#spill;
    if (this.#tap !== undefined) {
      this.#tap.sink = undefined;
      const taken = this.#tap.take();
      this.raw = spill === undefined ? taken : this.#prefix;
      this.#tap = undefined;
      if (spill === undefined && !abort && this.error === undefined) this.#dropUnasked(taken);
    }
    if (abort && this.#abort) process.nextTick(this.#abort);
    if (spill === undefined) this.#resolve(this);
    else spill.close().then(() => this.#spilledDone(spill), (e: Error) => this.#spilledDone(spill, e));
    return false;
  }

  #spilledDone(spill: ResponseSpill, error?: Error): void {
    if (error !== undefined) this.error ??= error;
    const { sha1, entity, block } = spill.digests();
    const content = this.#contentHash === undefined ? undefined : `${spill.algorithm}:${base32(this.#contentHash.digest())}`;
    this.spilled = { path: spill.path, length: spill.length, headLength: this.#headLength, entitySha1: sha1, blockSha1: block, entityDigest: entity, contentDigest: content };
    this.#resolve(this);
  }

  /**
   * A response that completed owns the bytes its head frames, no more: what the same reads brought
   * after it is a response nobody asked for (undici closes such a connection), never kept.
   */
  #dropUnasked(raw: Buffer): void {
    const begin = messageBodyBegin(raw);
    this.rawHeadLength = begin < 0 ? raw.length : begin;
    const extent = messageExtent(raw, this.statusCode, this.rawHeaders, this.limits.method ?? 'GET', begin);
    if (extent !== undefined && extent < raw.length) this.raw = raw.subarray(0, extent);
  }
}

function expire(exchange: HttpExchange, kind: 'idle' | 'total'): void {
  exchange.expire(kind);
}
