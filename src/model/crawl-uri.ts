import type { FormLoginCredential } from './credential-store.js';
import type { ContentDigestEntry, WrittenResponse } from './content-digest-history.js';
import type { DeltaKind, FetchHistoryRecord } from './fetch-history.js';
import type { Hop, Link } from './hop.js';
import type { HttpResponse } from './http-response.js';
import type { SheetOverlay } from '../sheets/sheet-overlay.js';
import { coerceHttpsToHttp } from '../util/url/implied-surt-prefix.js';
import { surt } from '../util/url/surt.js';
import { mimeTypeOf } from '../util/mime-type-of.js';
import { isChunked } from '../util/transfer-coding.js';
import type { CompoundListing } from './compound.js';
import type { MailAttributes } from './mail-attributes.js';
import type { ExtractedDocument } from './extracted-document.js';

/** A server's robots.txt: its root's /robots.txt, no query. */
const ROBOTS_TXT = /^https?:\/\/[^/?#]+\/robots\.txt$/i;
/** Where a crawl mapper sent a URI: the crawler it belongs to, and the divert file it was written to. */
export interface Diversion {
  readonly crawler: string;
  readonly file: string;
}

/** What a URI carries through the frontier's queues (and onto disk); everything else is per fetch. */
export interface QueuedUri {
  readonly uri: string;
  readonly hopsPath: string;
  readonly via?: string;
  readonly viaContext?: string;
  readonly isSeed: boolean;
  readonly sourceTag?: string;
  readonly queueKey: string;
  readonly precedence: number;
  /** Heritrix's scheduling directive (0 HIGHEST ... 3 NORMAL, when absent): within a queue, before precedence. */
  readonly schedulingDirective?: number;
  /** What it costs its queue's budgets, when not 1 (the preparer's cost assignment policy). */
  readonly cost?: number;
  /** Tries made so far (retries after connection failures). */
  readonly fetchAttempts: number;
  /** Times it waited behind a prerequisite (dns:, robots.txt). */
  readonly deferrals?: number;
  readonly forceFetch?: boolean;
  /** The key of the sheets that apply (restored into an overlay when the URI is taken). */
  readonly sheetKey?: string;
  /** Where a durable frontier stores it (kept until it is done). */
  readonly storeKey?: string;
  /** A delta run's end-of-run check of a document not reached. */
  readonly deltaCheck?: boolean;
  /** Which receivers had its document before a crash (a bit a receiver, by receiver processor): done again, they do not get it twice. */
  readonly delivered?: Readonly<Record<string, number>>;
  /** Its WARC records were written before a crash, by writer (file name, offset): done again, they are not written twice. */
  readonly warc?: Readonly<Record<string, readonly [string, number]>>;
}

/**
 * A URI as the crawl sees it: a small record with typed slots, filled as it goes through the
 * chains (fetch status with Heritrix's codes, content, digest, outlinks, annotations).
 */
export class CrawlUri {
  hopsPath: string;
  via?: string;
  viaContext?: string;
  isSeed: boolean;
  sourceTag?: string;
  queueKey = '';
  canonicalKey = '';
  /** Lower comes first within a queue, after the scheduling directive (set by the preparer's uriPrecedencePolicy). */
  precedence = 1;
  /** Heritrix's scheduling directive (SchedulingDirective: HIGHEST 0, HIGH 1, MEDIUM 2, NORMAL 3): lower comes first within a queue. */
  schedulingDirective = 3;
  /**
   * What this URI charges its queue's budgets (balanceReplenishAmount, queueTotalBudget) when it
   * is done or retried: Heritrix's holderCost, set by the preparer's cost assignment policy.
   */
  cost = 1;
  /**
   * Set by a processor that wants the URI's queue retired once the URI is done (Heritrix's retire
   * directive: QuotaEnforcer with forceRetire). A URI left untried (status 0) with it stays at the
   * head of its queue, so that the queue keeps it if a sheet later lifts the limit.
   */
  forceRetire = false;
  fetchAttempts = 0;
  deferrals = 0;
  forceFetch = false;
  /** The sheets that apply to this URI; a component's `configFor(curi)` reads its overlayable properties through it. */
  overlay?: SheetOverlay;
  /** The overlay's key, kept while the URI waits in a queue. */
  sheetKey?: string;
  /** Where a durable frontier stores it, until it is done. */
  storeKey?: string;

  /** Heritrix's fetch status: an HTTP code, 1 for DNS, or a negative code. 0 before any try. */
  fetchStatus = 0;
  fetchBeginTime = 0;
  fetchDurationMs = 0;
  /** The form login this URI submits (set by PreconditionEnforcer on a credential's loginUri; FetchHttp sends it). Not persisted: it is set again when the URI is processed again. */
  formLogin?: FormLoginCredential;
  contentType = '';
  /** Body bytes received, as Heritrix's CrawlURI.getContentLength: for HTTP the entity as it came, chunk framing included (-1 when nothing was fetched). */
  contentSize = -1;
  /**
   * Heritrix's content size, which its reports count: for HTTP the response as recorded, status
   * line and headers included (for a 304, plus the length of the body it confirms, as Heritrix's
   * FetchHTTP adds its reference length); for other schemes the content; -1 when nothing was fetched.
   */
  recordedSize = -1;
  /** `sha1:BASE32` of the body as received without its transfer coding: what dedup, delta and receivers compare. */
  contentDigest?: string;
  /**
   * Heritrix's content digest, which crawl.log shows and a response record's WARC-Payload-Digest
   * holds: of the entity as read from the connection, chunk framing included (Heritrix's recorder
   * digests the raw bytes from the end of the headers on). Set only where it differs from
   * `contentDigest` (a chunked response); use payloadDigestOf.
   */
  payloadDigest?: string;
  response?: HttpResponse;
  /** The request as sent (for WARC request records): request line and header lines, CRLF-joined, ending in a blank line. */
  requestHead?: string;
  /** Files made for this URI (a response kept partly on disk): removed once the URI is done. */
  scratchFiles?: string[];
  /** What a non-HTTP fetch produced (a dns: record, a file's bytes), for writers and receivers. */
  content?: Buffer;
  /** Extra facts for crawl.log's 13th field (logExtraInfo): WARC file name and offset, ... */
  readonly extraInfo: Record<string, unknown> = {};
  /** The charset the Content-Type header declares, if any (set by the fetcher). */
  contentCharset?: string;
  /** The charset to assume when neither a BOM, the header nor the document says (fetchHttp.defaultEncoding). */
  defaultEncoding = 'ISO-8859-1';
  /** Text of the body once decoded, for extractors that need it. */
  text?: string;
  /** The document's text, title and attributes for a search index (ExtractorDocument). */
  extracted?: ExtractedDocument;
  /** The URL receivers report it by when it differs from the one it was fetched by (DisplayUrlMapper). */
  displayUrl?: string;
  /** Its elements, when it is a compound document (ExtractorCompound): documents of their own for receivers. */
  compound?: CompoundListing;
  /** A message's envelope (FetchImap): subject, from, to, date, Message-ID, folder, flags. */
  mail?: MailAttributes;
  /**
   * Set by a fetcher whose answer is a listing (a mailbox folder): its content lists its entries,
   * which are its outlinks; it is no document, so receivers and the fetch history never hear of it.
   */
  listing = false;
  readonly annotations: string[] = [];
  readonly outlinks: Link[] = [];
  /** Set by preconditions: a URI (dns:, robots.txt) that must be fetched before this one. */
  prerequisite?: Link;
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
  /** A `Retry-After` (429, 503) or robots `Crawl-delay` the disposition processor must honour, in ms. */
  requestedDelayMs?: number;
  /** Set when the response or a meta tag says not to follow this page's links. */
  noFollow = false;
  /** What the fetch history held for this URI before this fetch (set by PersistLoadProcessor). */
  history?: FetchHistoryRecord;
  /**
   * The earlier capture of this URI's payload found by content digest, whatever its URL (set by
   * ContentDigestHistoryLoader): the URI is an identical-payload-digest revisit of it.
   */
  contentDigestHistory?: ContentDigestEntry;
  /** The `response` record a WARC writer wrote for it (ContentDigestHistoryStorer keeps it by digest). */
  writtenResponse?: WrittenResponse;
  /** Against the runs before, in a delta run: set by FetchHistoryProcessor for documents. */
  delta?: DeltaKind;
  /** Fetched again at the end of a delta run to see whether a document not reached is still there. */
  deltaCheck = false;
  /**
   * Which receivers have had its document, a bit a receiver, by receiver processor. A durable
   * frontier stores these marks with the URI while it is in flight, in the commit that holds what
   * the receivers wrote, so that a URI done again after a crash is not delivered twice (its
   * documents.jsonl line, its list event).
   */
  delivered?: Record<string, number>;
  /** Where each WARC writer put its records (file name, offset), kept as `delivered` is. */
  warc?: Record<string, readonly [string, number]>;
  /** Counts the marks set (delivered, warc) while in flight, so that a durable frontier stores each change once. */
  marks = 0;
  /** Set by a content extractor that has read this document fully (Heritrix's linkExtractorFinished): later ones skip it. */
  linkExtractorFinished = false;
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
  #behind?: Promise<void>;

  constructor(readonly uri: string, init: Partial<Omit<QueuedUri, 'uri'>> = {}) {
    this.hopsPath = init.hopsPath ?? '';
    this.via = init.via;
    this.viaContext = init.viaContext;
    this.isSeed = init.isSeed ?? false;
    this.sourceTag = init.sourceTag;
    if (init.queueKey !== undefined) this.queueKey = init.queueKey;
    if (init.precedence !== undefined) this.precedence = init.precedence;
    if (init.schedulingDirective !== undefined) this.schedulingDirective = init.schedulingDirective;
    if (init.cost !== undefined) this.cost = init.cost;
    if (init.fetchAttempts !== undefined) this.fetchAttempts = init.fetchAttempts;
    if (init.deferrals) this.deferrals = init.deferrals;
    if (init.forceFetch) this.forceFetch = true;
    if (init.sheetKey) this.sheetKey = init.sheetKey;
    if (init.storeKey) this.storeKey = init.storeKey;
    if (init.deltaCheck) this.deltaCheck = true;
    if (init.delivered) this.delivered = { ...init.delivered };
    if (init.warc) this.warc = { ...init.warc };
  }

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

  toQueued(): QueuedUri {
    return {
      uri: this.uri, hopsPath: this.hopsPath, via: this.via, viaContext: this.viaContext, isSeed: this.isSeed,
      sourceTag: this.sourceTag, queueKey: this.queueKey, precedence: this.precedence,
      schedulingDirective: this.schedulingDirective === 3 ? undefined : this.schedulingDirective, cost: this.cost === 1 ? undefined : this.cost, fetchAttempts: this.fetchAttempts,
      deferrals: this.deferrals || undefined,
      forceFetch: this.forceFetch || undefined, sheetKey: this.overlay?.key ?? this.sheetKey, storeKey: this.storeKey,
      deltaCheck: this.deltaCheck || undefined, delivered: this.delivered, warc: this.warc,
    };
  }

  static fromQueued(q: QueuedUri): CrawlUri {
    return new CrawlUri(q.uri, q);
  }

  /**
   * Runs `work` once this URI's earlier work behind has ended (so that processors writing behind
   * run in their chain's order, each seeing what the one before wrote), while the URI's chain, and
   * its queue, go on. An error is kept in `behindErrors`, never thrown.
   */
  behind(work: () => unknown): void {
    const run = async () => {
      try {
        await work();
      } catch (e) {
        (this.behindErrors ??= []).push(e);
      }
    };
    this.#behind = this.#behind ? this.#behind.then(run) : run();
  }

  /** Ends when every piece of work behind has; undefined when none was asked for. */
  get behindDone(): Promise<void> | undefined {
    return this.#behind;
  }

  /** Clears what one fetch set, before another try of the same URI. */
  resetForRetry(): void {
    this.fetchStatus = 0;
    this.contentType = '';
    this.contentSize = -1;
    this.recordedSize = -1;
    // What the failed try recorded (Heritrix clears its extra info after each try).
    delete this.extraInfo.contentSize;
    this.contentDigest = undefined;
    this.payloadDigest = undefined;
    this.contentCharset = undefined;
    this.response = undefined;
    this.requestHead = undefined;
    this.content = undefined;
    this.requestedDelayMs = undefined;
    this.text = undefined;
    this.extracted = undefined;
    this.displayUrl = undefined;
    this.compound = undefined;
    this.mail = undefined;
    this.listing = false;
    this.annotations.length = 0;
    this.outlinks.length = 0;
    this.prerequisite = undefined;
    this.noFollow = false;
    this.linkExtractorFinished = false;
    this.forceRetire = false;
    this.contentDigestHistory = undefined;
    this.writtenResponse = undefined;
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
