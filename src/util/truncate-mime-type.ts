/** Heritrix's CrawlURI content type before any fetch set one (and when the response had none). */
export const UNKNOWN_MIME_TYPE = 'unknown';

/** Heritrix's MimetypeUtils.NO_TYPE_MIMETYPE: a Content-Type was given but has no type in front. */
export const NO_TYPE = 'no-type';

/**
 * The MIME field of crawl.log and the key of mimetype-report.txt, as Heritrix's
 * `MimetypeUtils.truncate(curi.getContentType())` writes it: the value up to the first blank,
 * `;` or `,`, its case kept; `unknown` for a URI without a content type (never fetched, or a
 * response without the header: Heritrix's CrawlURI starts as `unknown` and a missing header sets
 * it back to `unknown`); `no-type` for a value that does not start with a type.
 */
export function truncateMimeType(contentType: string): string {
  if (contentType === '') return UNKNOWN_MIME_TYPE;
  const m = /^[^\s;,]+/.exec(contentType);
  return m ? m[0] : NO_TYPE;
}
