/**
 * The media type of a Content-Type value: parameters and blanks dropped, lower case
 * (`Text/HTML; charset=utf-8` → `text/html`; '' for ''). Per URI, read `CrawlUri.mimeType`, which
 * computes it once.
 */
export function mimeTypeOf(contentType: string): string {
  const semi = contentType.indexOf(';');
  return (semi < 0 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
}
