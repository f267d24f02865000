import type { CrawlUri } from '../../model/crawl-uri.js';
import type { FetchHistoryEntry } from '../../model/fetch-history.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { log14Date } from '../../util/log14-date.js';
import { revisitProfileOf } from '../../model/revisit-profile.js';
import { recordDate } from './builder-support.js';
import { HTTP_RESPONSE_MIMETYPE, httpResponseHead } from './http-response-head.js';
import { warcPayloadDigest } from './warc-payload-digest.js';

/** WARC 1.0 §6.7.2: the payload is the same as an earlier capture's (same digest). */
export const PROFILE_IDENTICAL_PAYLOAD_DIGEST = 'http://netpreserve.org/warc/1.0/revisit/identical-payload-digest';
/** WARC 1.0 §6.7.3: the server answered a conditional request with 304 Not Modified. */
export const PROFILE_SERVER_NOT_MODIFIED = 'http://netpreserve.org/warc/1.0/revisit/server-not-modified';

/** Why a fetch is written as a revisit record, and what it refers to. */
export interface Revisit {
  readonly profile: typeof PROFILE_IDENTICAL_PAYLOAD_DIGEST | typeof PROFILE_SERVER_NOT_MODIFIED;
  /** `sha1:BASE32` of the payload, as the response record that holds it has it; undefined when not known. */
  readonly payloadDigest?: string;
  /** The earlier fetch whose response record holds the payload, when the history has it. */
  readonly original?: FetchHistoryEntry;
  /** The earlier capture under another URL, from the digest history (ContentDigestHistoryLoader). */
  readonly refersTo?: { readonly targetUri: string; readonly date: string; readonly recordId?: string };
}

/**
 * How an HTTP URI that revisits an earlier capture (revisitProfileOf) is written: as a
 * `server-not-modified` revisit when it answered 304, as an `identical-payload-digest` revisit
 * when it answered 2xx with the digest of the last fetch with content, whatever the delta verdict.
 * Undefined for everything else, which HttpResponseRecordBuilder writes as a `response`.
 */
export function revisitOf(curi: CrawlUri): Revisit | undefined {
  const profile = revisitProfileOf(curi);
  const response = curi.response;
  if (profile === undefined || response === undefined) return undefined;
  const fetches = curi.history?.fetches ?? [];
  if (profile === 'server-not-modified') {
    const last = fetches.find(hasContent);
    const digest = last?.digest;
    // The digest the earlier response record holds: over the entity as received (chunk framing included) when the history kept it apart.
    const recorded = last?.payloadDigest ?? digest;
    return {
      profile: PROFILE_SERVER_NOT_MODIFIED,
      // The response record holds a sha1 digest; the history's, in another algorithm, would not match it.
      payloadDigest: recorded?.startsWith('sha1:') ? recorded : undefined,
      original: digest === undefined ? last : originalOf(fetches, digest),
    };
  }
  const digest = curi.contentDigest!;
  const byDigest = curi.contentDigestHistory;
  return {
    profile: PROFILE_IDENTICAL_PAYLOAD_DIGEST,
    // As HttpResponseRecordBuilder computes it: what this capture's response record would have held.
    payloadDigest: warcPayloadDigest(curi),
    original: originalOf(fetches, digest),
    refersTo: byDigest && {
      targetUri: byDigest['original-url'], date: byDigest['content-written-date'], recordId: byDigest['warc-record-id'],
    },
  };
}

function hasContent(fetch: FetchHistoryEntry): boolean {
  return fetch.status >= 200 && fetch.status < 300;
}

/**
 * The fetch whose response record holds a payload: the oldest 2xx with that digest since the
 * last 2xx with another one (the later ones were written as revisits of it). 304s and failures
 * in between do not change the content; fetches the history no longer keeps cannot be told.
 */
function originalOf(fetches: readonly FetchHistoryEntry[], digest: string): FetchHistoryEntry | undefined {
  let original: FetchHistoryEntry | undefined;
  for (const fetch of fetches) {
    if (!hasContent(fetch)) continue;
    if (fetch.digest !== digest) break;
    original = fetch;
  }
  return original;
}

/**
 * Heritrix's RevisitRecordBuilder: a `revisit` record, in place of the `response` record, for an
 * HTTP URI the fetch history judged unchanged (see revisitOf). Its block, as in Heritrix: for an
 * identical payload, the response head as received (status line and headers; the payload is left
 * out); for a 304, nothing (Content-Length 0: Heritrix keeps none of the 304). With WARC-Profile,
 * WARC-Payload-Digest (when known), WARC-IP-Address, WARC-Refers-To-Target-URI (the URI itself)
 * and WARC-Refers-To-Date (the WARC-Date of the earlier fetch whose response holds the payload,
 * when the history has it); a 304 adds its ETag and Last-Modified as WARC-Etag and
 * WARC-Last-Modified, as Heritrix does. A revisit found by the URL-agnostic digest history refers to
 * that capture instead: its URL, date and WARC-Record-ID (WARC-Refers-To). `WARC-Truncated: length`
 * on both, as Heritrix writes it: the payload (and for a 304 the head too) left out by length.
 */
export class RevisitRecordBuilder implements WarcRecordBuilder {
  constructor(readonly config: object = {}) {}

  shouldBuildRecord(curi: CrawlUri): boolean {
    return revisitOf(curi) !== undefined;
  }

  buildRecord(curi: CrawlUri): WarcRecordDraft | undefined {
    const revisit = revisitOf(curi);
    const response = curi.response;
    if (revisit === undefined || response === undefined) return undefined;
    const fields: Array<[string, string]> = [];
    if (revisit.payloadDigest !== undefined) fields.push(['WARC-Payload-Digest', revisit.payloadDigest]);
    if (response.ipAddress) fields.push(['WARC-IP-Address', response.ipAddress]);
    const { refersTo } = revisit;
    fields.push(['WARC-Profile', revisit.profile], ['WARC-Truncated', 'length'], ['WARC-Refers-To-Target-URI', refersTo?.targetUri ?? curi.uri]);
    if (refersTo !== undefined) {
      fields.push(['WARC-Refers-To-Date', refersTo.date]);
      if (refersTo.recordId !== undefined) fields.push(['WARC-Refers-To', `<${refersTo.recordId}>`]);
    } else if (revisit.original !== undefined) fields.push(['WARC-Refers-To-Date', log14Date(revisit.original.fetchTime)]);
    if (revisit.profile === PROFILE_SERVER_NOT_MODIFIED) {
      const { etag, 'last-modified': lastModified } = response.headers;
      if (etag) fields.push(['WARC-Etag', etag]);
      if (lastModified) fields.push(['WARC-Last-Modified', lastModified]);
    }
    return {
      type: 'revisit', targetUri: curi.uri, date: recordDate(curi), contentType: HTTP_RESPONSE_MIMETYPE, fields,
      block: revisit.profile === PROFILE_SERVER_NOT_MODIFIED ? [] : [httpResponseHead(response)],
    };
  }
}
