import { fileURLToPath } from 'node:url';
import { bodySizeOf, type CrawlUri } from '../../model/crawl-uri.js';
import type { DocumentEvent } from '../../model/fetch-history.js';
import { documentContentOf, type CrawledDocument } from '../../model/receiver.js';
import { COMPOUND } from '../../model/compound.js';
import { MAIL } from '../../model/mail-attributes.js';
import { USAGE_PREFERENCES } from '../../model/usage-preferences.js';

/**
 * The document a URI is for receivers, if it is one: a 2xx answer with content, neither a
 * `dns:` lookup nor a prerequisite (robots.txt). Its content is the body with its content
 * coding removed (for a non-HTTP fetch, `curi.content`).
 */
export function crawledDocumentOf(curi: CrawlUri): CrawledDocument | undefined {
  const content = documentContentOf(curi);
  if (content === undefined) return undefined;
  return {
    url: curi.uri,
    ...(curi.displayUrl !== undefined ? { displayUrl: curi.displayUrl } : {}),
    ...(curi.attempt.extra(COMPOUND) ? { isCompound: true } : {}),
    mimeType: curi.mimeType,
    charset: curi.contentCharset,
    contentType: curi.contentType,
    lastModified: dateOf(curi.response?.headers['last-modified']),
    size: content.length,
    content,
    contentPath: localPathOf(curi.uri),
    text: curi.text,
    extracted: curi.extracted,
    mail: curi.attempt.extra(MAIL),
    usagePreferences: curi.attempt.extra(USAGE_PREFERENCES),
    headers: curi.response?.headers,
    status: curi.fetchStatus,
    digest: curi.contentDigest,
    fetchTime: new Date(curi.fetchBeginTime > 0 ? curi.fetchBeginTime : Date.now()),
    hopsPath: curi.hopsPath,
    via: curi.via,
    isSeed: curi.isSeed,
    outlinks: curi.outlinks,
  };
}

function dateOf(header: string | undefined): Date | undefined {
  if (header === undefined) return undefined;
  const t = Date.parse(header);
  return Number.isNaN(t) ? undefined : new Date(t);
}

function localPathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** A URI's document event (what is known of it without its content; a 304 takes type and size from its history). */
export function documentEventOf(curi: CrawlUri, kind: DocumentEvent['kind']): DocumentEvent {
  const before = curi.fetchStatus === 304 ? curi.history?.fetches.find((f) => f.status >= 200 && f.status < 300) : undefined;
  const headers = curi.response?.headers;
  const fileTime = curi.extraInfo.lastModified;
  return {
    kind, url: curi.uri, status: curi.fetchStatus,
    mimeType: before ? before.mimeType : curi.mimeType || undefined,
    size: before ? before.size : bodySizeOf(curi),
    digest: before ? before.digest : curi.contentDigest,
    lastModified: headers?.['last-modified'] ?? (typeof fileTime === 'string' ? fileTime : before?.lastModified),
    etag: headers?.etag ?? before?.etag,
    fetchTime: curi.fetchBeginTime > 0 ? curi.fetchBeginTime : Date.now(),
  };
}
