/**
 * What a URL-agnostic digest history keeps of a payload (Heritrix's content digest history map,
 * RecrawlAttributeConstants' keys): the capture whose `response` record holds it.
 */
export interface ContentDigestEntry {
  /** A_ORIGINAL_URL: the URI the payload was written for. */
  readonly 'original-url': string;
  /** A_ORIGINAL_DATE: that record's WARC-Date (`2011-06-23T17:12:08Z`). */
  readonly 'content-written-date': string;
  /** A_WARC_RECORD_ID: that record's WARC-Record-ID, without angle brackets (`urn:uuid:…`). */
  readonly 'warc-record-id'?: string;
  /** A_WARC_FILENAME: the file that holds it. */
  readonly 'warc-filename'?: string;
  /** A_WARC_FILE_OFFSET: where that URI's records begin in the file. */
  readonly 'warc-file-offset'?: number;
  /** A_CONTENT_DIGEST_COUNT: captures of the payload so far, the original and its revisits. */
  readonly 'content-digest-count': number;
}

/** The `response` record a WARC writer wrote for a URI: what a digest history stores of it. */
export interface WrittenResponse {
  readonly url: string;
  /** WARC-Record-ID as written, in angle brackets. */
  readonly recordId: string;
  /** WARC-Date, ms since the epoch. */
  readonly date: number;
  readonly warcFilename: string;
  readonly warcFileOffset: number;
  /** The folder the file is in (`warcFilename.open` there until it is closed), to read the record back. */
  readonly warcDir?: string;
}

/**
 * A store of payloads by content digest (bean kind `ContentDigestHistory`): Heritrix's
 * AbstractContentDigestHistory, which ContentDigestHistoryLoader and ContentDigestHistoryStorer use.
 */
export interface ContentDigestHistory {
  /** The entry of a digest (`sha1:BASE32`), if any capture of it is known. */
  load(digest: string): Promise<ContentDigestEntry | undefined>;
  /**
   * Keeps an entry for a digest. It becomes durable with the crawl's commit that counts the URI
   * done, never before, so that after a crash no entry refers to a record the crash undid.
   */
  store(digest: string, entry: ContentDigestEntry): void;
  /**
   * Says that an entry for `digest` is on its way: it is stored behind a URI whose turn is over
   * (its WARC record still being written). Until `stored` settles, a load of that digest waits
   * for it, so that a later capture of the same payload is still found a duplicate.
   */
  expect?(digest: string, stored: Promise<unknown>): void;
}
