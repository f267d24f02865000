import type { FormLoginCredential } from './credential-store.js';
import type { DeltaKind, FetchHistoryRecord } from './fetch-history.js';
import type { Hop, Link } from './hop.js';
import type { SheetOverlay } from '../sheets/sheet-overlay.js';
import { coerceHttpsToHttp } from '../util/url/implied-surt-prefix.js';
import { surt } from '../util/url/surt.js';
import { mimeTypeOf } from '../util/mime-type-of.js';
import { isChunked } from '../util/transfer-coding.js';
import { FetchAttempt } from './fetch-attempt.js';
import { QUEUED_FIELDS, liveValue, sheetKeyOf, type QueuedState, type QueuedUri } from './queued-fields.js';
import type { ContentDigestEntry, WrittenResponse } from './content-digest-history.js';
import type { HttpResponse } from './http-response.js';
import type { ExtractedDocument } from './extracted-document.js';
import type { SpilledContent } from './file-span.js';

export type { QueuedUri } from './queued-fields.js';

/**
 * Resolves on the check phase after the next one (setImmediate twice). A URI's chain, its queue's
 * release and the next URI's fetch up to the request run in microtasks; undici writes a request
 * on a kept-alive connection in the check phase that follows (having seen that the idle socket
 * is still good): work begun two check phases on comes after that request is out.
 */
function afterTheNextRequest(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** A server's robots.txt: its root's /robots.txt, no query. */
const ROBOTS_TXT = /^https?:\/\/[^/?#]+\/robots\.txt$/i;
/** Where a crawl mapper sent a URI: the crawler it belongs to, and the divert file it was written to. */
export interface Diversion {
  readonly crawler: string;
  readonly file: string;
}

/** What its queue keeps of a CrawlUri, typed from QUEUED_FIELDS (the constructor sets them). */
export interface CrawlUri extends QueuedState {}

/**
 * A URI as the crawl sees it, in three parts: what its queue keeps of it (QUEUED_FIELDS: hops,
 * via, precedence, tries, ..., set from its record by the constructor and written back by
 * toQueued), what its current try found (`attempt`, a FetchAttempt replaced for each try and read
 * through accessors of the same names: fetch status with Heritrix's codes, content, digest,
 * outlinks, annotations), and what belongs to this process only (its overlay, its worker, its lease).
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the queued fields are typed once (QUEUED_FIELDS); a test checks the constructor sets each
export class CrawlUri {
  canonicalKey = '';
  /** What the current try found; a new one for each try (resetForRetry). */
  attempt = new FetchAttempt();
  /** The sheets that apply to this URI; a component's `configFor(curi)` reads its overlayable properties through it. */
  overlay?: SheetOverlay;
  fetchBeginTime = 0;
  fetchDurationMs = 0;
  /**
   * The form login this URI submits (set by PreconditionEnforcer on a credential's loginUri; FetchHttp
   * sends it). Not persisted: it is set again when the URI is processed again.
   */
  formLogin?: FormLoginCredential;
  /** Files made for this URI (a response kept partly on disk): removed once the URI is done. */
  scratchFiles?: string[];
  /** The charset to assume when neither a BOM, the header nor the document says (fetchHttp.defaultEncoding). */
  defaultEncoding = 'ISO-8859-1';
  /** How long the queue rests after this URI (set by the disposition processor). */
  politenessDelayMs = 0;
  /**
   * Aborted when the frontier can no longer vouch that the URI is this process's to fetch (a
   * shared frontier whose lease on its queue is about to run out): a fetch in progress ends there.
   */
  leaseSignal?: AbortSignal;
  /**
   * Until when (ms, this process's clock) the frontier vouches for the URI's lease: a fetch about
   * to begin later (the process stalled past it) is not begun, since another worker may own the queue.
   */
  leaseValidUntil?: number;
  /** What the fetch history held for this URI before this fetch (set by PersistLoadProcessor). */
  history?: FetchHistoryRecord;
  /** Against the runs before, in a delta run: set by FetchHistoryProcessor for documents. */
  delta?: DeltaKind;
  /** Counts the marks set (delivered, warc) while in flight, so that a durable frontier stores each change once. */
  marks = 0;
  /** The worker that processed it (crawl.log's `#NNN`). */
  worker = 0;
  /**
   * Set by `explain`, which runs the candidate chain on a URI without crawling it: processors
   * judge it as they would in a crawl and write nothing (a crawl mapper's divert files).
   */
  judgedOnly = false;
  /** Set by a crawl mapper that diverted it to another crawler: that crawler's name and the divert file it was written to. */
  divertedTo?: Diversion;
  /** The DNS answer's TTL, for dns: URIs. */
  dnsTtlSeconds?: number;
  /** Errors of its processors writing behind (Processor.writesBehind), for runtime-errors.log once the URI is done. */
  behindErrors?: unknown[];
  /**
   * Why nothing of this URI is to leave the process (Frontier.stillHeld said its frontier no longer
   * holds it: another worker has it; or its fetcher's lease guard ended the fetch, so that what it
   * got is no answer): its work behind not yet begun is skipped, and crawl.log, the receivers and
   * the state never hear of it. Its frontier lets go of it (Frontier.finished): fetched again.
   */
  discarded?: string;
  #behind?: Promise<void>;

  constructor(readonly uri: string, init: Partial<Omit<QueuedUri, 'uri'>> = {}) {
    // A line a field of QUEUED_FIELDS, in its order (queued-fields.test.ts checks that none is left out).
    const F = QUEUED_FIELDS;
    this.hopsPath = liveValue(F.hopsPath, init.hopsPath);
    this.via = liveValue(F.via, init.via);
    this.viaContext = liveValue(F.viaContext, init.viaContext);
    this.isSeed = liveValue(F.isSeed, init.isSeed);
    this.sourceTag = liveValue(F.sourceTag, init.sourceTag);
    this.queueKey = liveValue(F.queueKey, init.queueKey);
    this.precedence = liveValue(F.precedence, init.precedence);
    this.schedulingDirective = liveValue(F.schedulingDirective, init.schedulingDirective);
    this.cost = liveValue(F.cost, init.cost);
    this.fetchAttempts = liveValue(F.fetchAttempts, init.fetchAttempts);
    this.deferrals = liveValue(F.deferrals, init.deferrals);
    this.forceFetch = liveValue(F.forceFetch, init.forceFetch);
    this.sheetKey = liveValue(F.sheetKey, init.sheetKey);
    this.storeKey = liveValue(F.storeKey, init.storeKey);
    this.deltaCheck = liveValue(F.deltaCheck, init.deltaCheck);
    this.delivered = liveValue(F.delivered, init.delivered);
    this.warc = liveValue(F.warc, init.warc);
  }

  // What the current try found (FetchAttempt's fields, documented there).
  get fetchStatus(): number { return this.attempt.fetchStatus; }
  set fetchStatus(v: number) { this.attempt.fetchStatus = v; }
  get contentType(): string { return this.attempt.contentType; }
  set contentType(v: string) { this.attempt.contentType = v; }
  get contentSize(): number { return this.attempt.contentSize; }
  set contentSize(v: number) { this.attempt.contentSize = v; }
  get recordedSize(): number { return this.attempt.recordedSize; }
  set recordedSize(v: number) { this.attempt.recordedSize = v; }
  get contentDigest(): string | undefined { return this.attempt.contentDigest; }
  set contentDigest(v: string | undefined) { this.attempt.contentDigest = v; }
  get payloadDigest(): string | undefined { return this.attempt.payloadDigest; }
  set payloadDigest(v: string | undefined) { this.attempt.payloadDigest = v; }
  get contentCharset(): string | undefined { return this.attempt.contentCharset; }
  set contentCharset(v: string | undefined) { this.attempt.contentCharset = v; }
  get response(): HttpResponse | undefined { return this.attempt.response; }
  set response(v: HttpResponse | undefined) { this.attempt.response = v; }
  get requestHead(): string | undefined { return this.attempt.requestHead; }
  set requestHead(v: string | undefined) { this.attempt.requestHead = v; }
  get content(): Buffer | undefined { return this.attempt.content; }
  set content(v: Buffer | undefined) { this.attempt.content = v; }
  get spilledContent(): SpilledContent | undefined { return this.attempt.spilledContent; }
  set spilledContent(v: SpilledContent | undefined) { this.attempt.spilledContent = v; }
  get extraInfo(): Record<string, unknown> { return this.attempt.extraInfo; }
  get requestedDelayMs(): number | undefined { return this.attempt.requestedDelayMs; }
  set requestedDelayMs(v: number | undefined) { this.attempt.requestedDelayMs = v; }
  get text(): string | undefined { return this.attempt.text; }
  set text(v: string | undefined) { this.attempt.text = v; }
  get extracted(): ExtractedDocument | undefined { return this.attempt.extracted; }
  set extracted(v: ExtractedDocument | undefined) { this.attempt.extracted = v; }
  get displayUrl(): string | undefined { return this.attempt.displayUrl; }
  set displayUrl(v: string | undefined) { this.attempt.displayUrl = v; }
  get listing(): boolean { return this.attempt.listing; }
  set listing(v: boolean) { this.attempt.listing = v; }
  get annotations(): string[] { return this.attempt.annotations; }
  get outlinks(): Link[] { return this.attempt.outlinks; }
  get prerequisite(): Link | undefined { return this.attempt.prerequisite; }
  set prerequisite(v: Link | undefined) { this.attempt.prerequisite = v; }
  get noFollow(): boolean { return this.attempt.noFollow; }
  set noFollow(v: boolean) { this.attempt.noFollow = v; }
  get linkExtractorFinished(): boolean { return this.attempt.linkExtractorFinished; }
  set linkExtractorFinished(v: boolean) { this.attempt.linkExtractorFinished = v; }
  get forceRetire(): boolean { return this.attempt.forceRetire; }
  set forceRetire(v: boolean) { this.attempt.forceRetire = v; }
  get contentDigestHistory(): ContentDigestEntry | undefined { return this.attempt.contentDigestHistory; }
  set contentDigestHistory(v: ContentDigestEntry | undefined) { this.attempt.contentDigestHistory = v; }
  get writtenResponse(): WrittenResponse | undefined { return this.attempt.writtenResponse; }
  set writtenResponse(v: WrittenResponse | undefined) { this.attempt.writtenResponse = v; }

  #candidateSurt?: string;
  #url?: URL | null;

  /**
   * The SURT of the URI with https read as http: what SURT prefixes (scope rules, sheet
   * associations) are compared with. Computed once (the URI never changes), as Heritrix's
   * UsableURI keeps its SURT form.
   */
  get candidateSurt(): string {
    return (this.#candidateSurt ??= coerceHttpsToHttp(surt(this.uri)));
  }

  /** The URI parsed, once; undefined when it cannot be parsed. */
  get url(): URL | undefined {
    if (this.#url === undefined) this.#url = URL.canParse(this.uri) ? new URL(this.uri) : null;
    return this.#url ?? undefined;
  }

  /** A URI found on this one. */
  child(link: Link): CrawlUri {
    return new CrawlUri(link.uri, {
      hopsPath: link.continues ? this.hopsPath : this.hopsPath + link.hop,
      via: this.uri,
      viaContext: link.context,
      sourceTag: this.sourceTag,
    });
  }

  get lastHop(): Hop | '' {
    return this.hopsPath.slice(-1) as Hop | '';
  }

  /** Whether it is a server's /robots.txt, fetched as the prerequisite of the server's other URIs. */
  get isRobotsPrerequisite(): boolean {
    return this.hopsPath.endsWith('P') && ROBOTS_TXT.test(this.uri);
  }

  /** Total hops from the seed. */
  get hopCount(): number {
    return this.hopsPath.length;
  }

  get isPrerequisite(): boolean {
    return this.lastHop === 'P';
  }

  // The media type is kept with the contentType it was computed from: contentType is set more than
  // once (after the headers for a mid-fetch rule, again after the body; cleared for a retry), and
  // a rule may read the type before the fetch, while contentType is still ''.
  #mimeType = '';
  #mimeTypeFrom?: string;

  /** The media type of `contentType` (`text/html`; '' when there is none), computed once per value. */
  get mimeType(): string {
    if (this.#mimeTypeFrom !== this.contentType) {
      this.#mimeType = mimeTypeOf(this.contentType);
      this.#mimeTypeFrom = this.contentType;
    }
    return this.#mimeType;
  }

  /** Its record for its queue: QUEUED_FIELDS a line each, in their order, the sheet key its overlay's. */
  toQueued(): QueuedUri {
    const F = QUEUED_FIELDS;
    return {
      uri: this.uri,
      hopsPath: F.hopsPath.queued(this.hopsPath),
      via: F.via.queued(this.via),
      viaContext: F.viaContext.queued(this.viaContext),
      isSeed: F.isSeed.queued(this.isSeed),
      sourceTag: F.sourceTag.queued(this.sourceTag),
      queueKey: F.queueKey.queued(this.queueKey),
      precedence: F.precedence.queued(this.precedence),
      schedulingDirective: F.schedulingDirective.queued(this.schedulingDirective),
      cost: F.cost.queued(this.cost),
      fetchAttempts: F.fetchAttempts.queued(this.fetchAttempts),
      deferrals: F.deferrals.queued(this.deferrals),
      forceFetch: F.forceFetch.queued(this.forceFetch),
      sheetKey: sheetKeyOf(this),
      storeKey: F.storeKey.queued(this.storeKey),
      deltaCheck: F.deltaCheck.queued(this.deltaCheck),
      delivered: F.delivered.queued(this.delivered),
      warc: F.warc.queued(this.warc),
    };
  }

  static fromQueued(q: QueuedUri): CrawlUri {
    return new CrawlUri(q.uri, q);
  }

  /**
   * Runs `work` once this URI's earlier work behind has ended (so that processors writing behind
   * run in their chain's order, each seeing what the one before wrote), while the URI's chain, and
   * its queue, go on. An error is kept in `behindErrors`, never thrown. The first piece begins two
   * turns of the event loop later (afterTheNextRequest), not at once: the URI's chain ends, its
   * queue is released and the queue's next request goes out first, so that the server answers it
   * while this URI is compressed and written, rather than after.
   */
  behind(work: () => unknown): void {
    const run = async () => {
      if (this.discarded !== undefined) return;
      try {
        await work();
      } catch (e) {
        (this.behindErrors ??= []).push(e);
      }
    };
    this.#behind = (this.#behind ?? afterTheNextRequest()).then(run);
  }

  /** Ends when every piece of work behind has; undefined when none was asked for. */
  get behindDone(): Promise<void> | undefined {
    return this.#behind;
  }

  /** Forgets what one try found, before another try of the same URI. */
  resetForRetry(): void {
    this.attempt = new FetchAttempt();
  }
}

/** The digest crawl.log and a response record give a URI: its payload digest (chunked entities) or else its content digest. */
export function payloadDigestOf(curi: CrawlUri): string | undefined {
  return curi.payloadDigest ?? curi.contentDigest;
}

/**
 * The size dedup, delta and receivers compare: for a chunked HTTP response the body without its
 * framing (contentSize counts the framing, as Heritrix does), else contentSize; undefined when
 * nothing was fetched.
 */
export function bodySizeOf(curi: CrawlUri): number | undefined {
  const response = curi.response;
  if (response !== undefined && isChunked(response.headers['transfer-encoding'])) return response.rawBody.length;
  return curi.contentSize >= 0 ? curi.contentSize : undefined;
}
