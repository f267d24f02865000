/** A `<lastmod>` worth keeping: a W3C datetime's characters, no blanks or quotes (`2024-05-01`, `2024-05-01T10:00:00+00:00`). */
const LASTMOD = /^[0-9][0-9A-Za-z:.+-]{3,39}$/;

/**
 * The context of a sitemap entry, XPath-like as Heritrix's HTML contexts are (`link[rel='icon']/@href`):
 * `url/loc` or `sitemap/loc`, with the entry's lastmod as a predicate when it has a usable one,
 * `url[lastmod='2024-05-01']/loc`. The model's Link has no slot for lastmod; this keeps it with the link.
 */
export function sitemapContext(entryTag: 'url' | 'sitemap', lastmod: string | undefined): string {
  return lastmod !== undefined && LASTMOD.test(lastmod) ? `${entryTag}[lastmod='${lastmod}']/loc` : `${entryTag}/loc`;
}

/** The lastmod a sitemap entry's context carries, if any. */
export function lastmodOfContext(context: string | undefined): string | undefined {
  if (context === undefined) return undefined;
  const start = context.indexOf("[lastmod='");
  const end = context.indexOf("']", start);
  return start < 0 || end < 0 ? undefined : context.slice(start + 10, end);
}

/** Whether a link with this context came from a sitemap index, so names a sitemap. */
export function isSitemapIndexContext(context: string | undefined): boolean {
  return context !== undefined && (context.startsWith('sitemap/') || context.startsWith('sitemap['));
}
