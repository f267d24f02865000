import type { ContentDigestEntry, WrittenResponse } from './content-digest-history.js';
import type { Link } from './hop.js';
import type { HttpResponse } from './http-response.js';
import type { ExtractedDocument } from './extracted-document.js';
import type { ExtraKey } from './extra-key.js';
import type { SpilledContent } from './file-span.js';

/**
 * What one try of a URI found: its status, content, digests, outlinks, annotations. A URI that
 * goes back to its queue (a retry, a deferral) gets a new one, so that a field added here is
 * cleared for the next try without being listed anywhere else. CrawlUri reads and writes these
 * through accessors of the same names. What only one domain knows (a message's envelope, a
 * container's elements) is kept under that domain's key: `extra(MAIL)`.
 */
export class FetchAttempt {
  /** Heritrix's fetch status: an HTTP code, 1 for DNS, or a negative code. 0 before any try. */
  fetchStatus = 0;
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
  /** The charset the Content-Type header declares, if any (set by the fetcher). */
  contentCharset?: string;
  response?: HttpResponse;
  /** The request as sent (for WARC request records): request line and header lines, CRLF-joined, ending in a blank line. */
  requestHead?: string;
  /** What a non-HTTP fetch produced (a dns: record, a file's bytes), for writers and receivers. */
  content?: Buffer;
  /** The whole of that content, when it was kept partly in a file (`content` is then what fits in memory): writers store it from here. */
  spilledContent?: SpilledContent;
  /** Extra facts for crawl.log's 13th field (logExtraInfo): WARC file name and offset, ... (Heritrix clears its extra info after each try). */
  readonly extraInfo: Record<string, unknown> = {};
  /** A `Retry-After` (429, 503) or robots `Crawl-delay` the disposition processor must honour, in ms. */
  requestedDelayMs?: number;
  /** Text of the body once decoded, for extractors that need it. */
  text?: string;
  /** The document's text, title and attributes for a search index (ExtractorDocument). */
  extracted?: ExtractedDocument;
  /** The URL receivers report it by when it differs from the one it was fetched by (DisplayUrlMapper). */
  displayUrl?: string;
  /**
   * Set by a fetcher whose answer is a listing (a mailbox folder): its content lists its entries,
   * which are its outlinks; it is no document, so receivers and the fetch history never hear of it.
   */
  listing = false;
  readonly annotations: string[] = [];
  readonly outlinks: Link[] = [];
  /** Set by preconditions: a URI (dns:, robots.txt) that must be fetched before this one. */
  prerequisite?: Link;
  /** Set when the response or a meta tag says not to follow this page's links. */
  noFollow = false;
  /** Set by a content extractor that has read this document fully (Heritrix's linkExtractorFinished): later ones skip it. */
  linkExtractorFinished = false;
  /**
   * Set by a processor that wants the URI's queue retired once the URI is done (Heritrix's retire
   * directive: QuotaEnforcer with forceRetire). A URI left untried (status 0) with it stays at the
   * head of its queue, so that the queue keeps it if a sheet later lifts the limit.
   */
  forceRetire = false;
  /**
   * The earlier capture of this URI's payload found by content digest, whatever its URL (set by
   * ContentDigestHistoryLoader): the URI is an identical-payload-digest revisit of it.
   */
  contentDigestHistory?: ContentDigestEntry;
  /** The `response` record a WARC writer wrote for it (ContentDigestHistoryStorer keeps it by digest). */
  writtenResponse?: WrittenResponse;
  #extras?: Map<ExtraKey<unknown>, unknown>;

  /** What a domain's processor found under its key (MAIL, COMPOUND, ...); undefined when none did. */
  extra<T>(key: ExtraKey<T>): T | undefined {
    return this.#extras?.get(key) as T | undefined;
  }

  setExtra<T>(key: ExtraKey<T>, value: T): void {
    (this.#extras ??= new Map()).set(key, value);
  }
}
