import type { RecordPiece } from './file-span.js';
import type { CrawlUri } from './crawl-uri.js';
import type { CompoundPlace } from './compound.js';
import type { DocumentEvent } from './fetch-history.js';
import type { ExtractedDocument } from './extracted-document.js';
import type { Link } from './hop.js';
import type { MailAttributes } from './mail-attributes.js';
import type { UsagePreferences } from './usage-preferences.js';

/**
 * A document the crawl found, as a receiver sees it: the attributes of SMILA's web crawler
 * (httpUrl, httpMimetype, httpCharset, httpContenttype, httpLastModified, httpSize, httpContent)
 * plus a few facts of the fetch. A document is a URI that answered 2xx with content: never a
 * `dns:` lookup nor a prerequisite (robots.txt), never an empty body.
 */
export interface CrawledDocument {
  /** httpUrl: the URL it was fetched by (its access URL). */
  readonly url: string;
  /** The URL to show for it, when a DisplayUrlMapper gave it one other than `url`. */
  readonly displayUrl?: string;
  /** SMILA's `_isCompound`: it is a compound (zip, tar…) whose elements receivers get as documents of their own. */
  readonly isCompound?: boolean;
  /** For an element of a compound: the compound holding it (`_compoundRecordId`) and its path there (`_compoundPath`). */
  readonly compound?: CompoundPlace;
  /** httpMimetype: the Content-Type's media type, lower-cased (`text/html`); empty when none was sent. */
  readonly mimeType: string;
  /** httpCharset: the charset the Content-Type names, if any. */
  readonly charset?: string;
  /** httpContenttype: the Content-Type header as sent. */
  readonly contentType: string;
  /** httpLastModified: the Last-Modified header, when it parses as a date. */
  readonly lastModified?: Date;
  /** httpSize: bytes of `content`. */
  readonly size: number;
  /** httpContent: the body with its content coding (gzip, br) removed. */
  readonly content: Buffer;
  /** Where the content already lies on disk (`file:` URIs); receivers may point at it instead of copying. */
  readonly contentPath?: string;
  /** The text of the body when an extractor already decoded it. */
  readonly text?: string;
  /** Its text, title and attributes for a search index, when an ExtractorDocument read them. */
  readonly extracted?: ExtractedDocument;
  /** A mail message's envelope (FetchImap). */
  readonly mail?: MailAttributes;
  /** The usage preferences its site stated for it (robots.txt Content-Signal and Content-Usage, the Content-Usage header), when any. */
  readonly usagePreferences?: UsagePreferences;
  /** The response's headers, names lower-cased (none for a non-HTTP fetch). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly status: number;
  /** `sha1:BASE32` of the body as received, when the fetcher computed it. */
  readonly digest?: string;
  readonly fetchTime: Date;
  readonly hopsPath: string;
  readonly via?: string;
  readonly isSeed: boolean;
  /** The links found in it: a document with links is a collection (see approveCollectionCrawling). */
  readonly outlinks: readonly Link[];
}

/**
 * The content that makes a URI's answer a document (see CrawledDocument): a 2xx's body with its
 * content coding removed, or a non-HTTP fetch's content. Undefined for anything else, an empty
 * body and a listing (a mailbox folder, CrawlUri.listing) included: receivers and the fetch history must agree on what a document is, or a
 * document would be reported deleted or unchanged that was never reported new.
 */
export function documentContentOf(curi: CrawlUri): Buffer | undefined {
  const status = curi.fetchStatus;
  if (status < 200 || status > 299 || curi.uri.startsWith('dns:') || curi.isPrerequisite || curi.listing) return undefined;
  const content = curi.response?.body ?? curi.content;
  return content !== undefined && content.length > 0 ? content : undefined;
}

/**
 * A result receiver (SAP's IXCrawlerResultReceiver): the crawl hands it every document it finds.
 * Receivers are beans of kind `Receiver`, listed in a ReceiverProcessor of the disposition chain,
 * so a bean file swaps them without code. Their lifecycle hooks are the crawl's events:
 * `start()` is SAP's crawlStarted (before the first document), `stop()` is crawlFinished (after
 * the last; also after crawlFailed, to release files).
 */
export interface Receiver {
  /**
   * True when what it does with a document is done, or kept for the next commit, by the time its
   * method returns (a JSONL line written, an event added to a batch the state store keeps), a
   * promise it returns being only backpressure. Such a receiver is marked as having the document
   * at once; others once their promise settles (after a crash in between, they may get it again).
   */
  readonly writesOnCall?: boolean;
  /** crawlStarted. */
  start?(): unknown;
  /**
   * SAP's approveCollectionCrawling: asked for each document with links before its links are
   * scheduled; false means they are not (the document itself is still delivered).
   */
  approveCollectionCrawling?(document: CrawledDocument): boolean;
  /**
   * One document. A returned promise holds the URI until it settles (backpressure). In a delta
   * run it hears new and changed documents, unless the receiver has documentNew/documentChanged.
   */
  documentFound(document: CrawledDocument): void | Promise<void>;
  /** Delta runs (Aperture's objectNew): a document no earlier run had. */
  documentNew?(document: CrawledDocument): void | Promise<void>;
  /** Delta runs (objectChanged): a document whose content changed since the last run. */
  documentChanged?(document: CrawledDocument): void | Promise<void>;
  /** Delta runs (objectNotModified): a document as it was (a 304 has no content: only the event). */
  documentUnchanged?(event: DocumentEvent, document?: CrawledDocument): void | Promise<void>;
  /** Delta runs (objectRemoved): a document proven gone; called at the end of the run. */
  documentDeleted?(event: DocumentEvent): void | Promise<void>;
  /**
   * A list receiver (SAP's kind): the run's whole list of events once the run has ended, kept in
   * the state store meanwhile so that it survives a crash. A receiver with this method hears
   * nothing during the crawl. The events come in order, read from the store a page at a time
   * (a run's list may hold millions); they can be iterated once.
   */
  documentList?(events: AsyncIterable<DocumentEvent>): void | Promise<void>;
  /** The crawl ended in an error; `stop()` still follows. */
  crawlFailed?(error: unknown): unknown;
  /** crawlFinished. */
  stop?(): unknown;
}

/** A WARC record as a record builder makes it; the writer adds the record id, WARC-Concurrent-To, the block digest and the length. */
export interface WarcRecordDraft {
  readonly type: 'warcinfo' | 'response' | 'resource' | 'request' | 'metadata' | 'revisit' | 'conversion' | 'continuation';
  /** WARC-Target-URI (none for warcinfo). */
  readonly targetUri?: string;
  /** WARC-Date, in ms since the epoch. */
  readonly date: number;
  readonly contentType: string;
  /** Further named fields in order: WARC-Payload-Digest, WARC-IP-Address, WARC-Truncated, ... */
  readonly fields: ReadonlyArray<readonly [string, string]>;
  /** The record block, in pieces that are written as they are. */
  readonly block: readonly RecordPiece[];
  /**
   * WARC-Block-Digest (`sha1:BASE32` of the block), when it was computed as the bytes came (a
   * response kept partly in a file); the writer computes it otherwise.
   */
  readonly blockDigest?: string;
}

/**
 * One of a WARC writer's record builders (Heritrix's WARCRecordBuilder, the writer's `chain`):
 * each is asked in order, and the records of one URI are linked by WARC-Concurrent-To to the first.
 */
export interface WarcRecordBuilder {
  shouldBuildRecord(curi: CrawlUri): boolean;
  buildRecord(curi: CrawlUri): WarcRecordDraft | undefined;
}
