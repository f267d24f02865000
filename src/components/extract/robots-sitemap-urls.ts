/**
 * The values of a robots.txt's `Sitemap:` lines, in order: the field name in any case, blanks
 * allowed around the colon, the value up to the first blank (so an end-of-line `# comment` is
 * not part of it). Lines of other fields are ignored, whatever group they sit in.
 */
export function robotsSitemapUrls(text: string): string[] {
  const urls: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== LF && text.charCodeAt(end) !== CR) end++;
    const url = sitemapValue(text, start, end);
    if (url !== undefined) urls.push(url);
    start = end + 1;
  }
  return urls;
}

function sitemapValue(text: string, start: number, end: number): string | undefined {
  let i = skipBlanks(text, start, end);
  if (end - i < 8 || text.slice(i, i + 7).toLowerCase() !== 'sitemap') return undefined;
  i = skipBlanks(text, i + 7, end);
  if (text.charCodeAt(i) !== COLON) return undefined;
  const from = skipBlanks(text, i + 1, end);
  let to = from;
  while (to < end && !isBlank(text.charCodeAt(to))) to++;
  return to > from ? text.slice(from, to) : undefined;
}

function skipBlanks(text: string, i: number, end: number): number {
  while (i < end && isBlank(text.charCodeAt(i))) i++;
  return i;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0xfeff;
}

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
