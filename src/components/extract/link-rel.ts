/** The `rel` keywords that make a `<link>` (or a `Link` header) an embedded resource, as Heritrix's ExtractorHTML has them. */
export type EmbedRel = 'icon' | 'stylesheet' | 'modulepreload' | 'prefetch' | 'prerender';

/** How to follow a `<link>` by its `rel`: an embed of that type, a navigation link, or not at all. */
export type LinkRelClass = EmbedRel | 'link' | 'none';

/**
 * Heritrix's processLinkTagWithRel: the first embed keyword makes it an embed (E); `pingback`
 * drops it; connection hints (`dns-prefetch`, `preconnect`) say nothing; any other keyword makes
 * it a navigation link (L). A `rel` of only hints, or none at all, is not followed.
 */
export function classifyLinkRel(rel: string): LinkRelClass {
  let result: LinkRelClass = 'none';
  let i = 0;
  const n = rel.length;
  while (i < n) {
    while (i < n && isAsciiWhitespace(rel.charCodeAt(i))) i++;
    const start = i;
    while (i < n && !isAsciiWhitespace(rel.charCodeAt(i))) i++;
    if (i === start) break;
    const keyword = rel.slice(start, i).toLowerCase();
    switch (keyword) {
      case 'icon':
      case 'stylesheet':
      case 'modulepreload':
      case 'prefetch':
      case 'prerender':
        return keyword;
      case 'pingback':
        return 'none';
      case 'dns-prefetch':
      case 'preconnect':
        break;
      default:
        result = 'link';
    }
  }
  return result;
}

/** True when the space-separated `rel` holds `keyword` (lower case), in any case. */
export function hasRelKeyword(rel: string, keyword: string): boolean {
  const lower = rel.toLowerCase();
  let from = 0;
  for (;;) {
    const at = lower.indexOf(keyword, from);
    if (at < 0) return false;
    const end = at + keyword.length;
    if ((at === 0 || isAsciiWhitespace(lower.charCodeAt(at - 1))) && (end === lower.length || isAsciiWhitespace(lower.charCodeAt(end)))) return true;
    from = at + 1;
  }
}

/** Tab, LF, FF, CR and space (WHATWG's ASCII whitespace). */
export function isAsciiWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}
