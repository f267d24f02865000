import type { CrawlUri } from '../../model/crawl-uri.js';
import { Hop } from '../../model/hop.js';
import { normalizeUrl } from '../../util/url/normalize-url.js';
import { LinkContext } from './link-context.js';
import { OutlinkSink } from './outlink-sink.js';
import type { ParseSteps } from './parse-budget.js';
import { scanSitemapSteps } from './scan-sitemap.js';
import { sitemapContext } from './sitemap-context.js';

/** The protocol's limit of entries in one sitemap file (crawler-commons' MAX_URLS; Heritrix's cap for sitemaps). */
export const MAX_SITEMAP_ENTRIES = 50_000;

/** An absolute URL: sitemaps must list them (crawler-commons drops the rest). */
const ABSOLUTE = /^\s*[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Steps (parse-budget.ts) that add the entries of an XML sitemap or sitemap index to the URI's
 * outlinks as M hops, and return the document's root element name. Unless `lenient`, a `<url>`
 * outside the sitemap's folder is skipped (sitemaps.org's location rule); index entries are
 * always taken. At most `maxDepth` open elements are tracked.
 */
export function sitemapLinkSteps(curi: CrawlUri, xml: string, lenient: boolean, maxDepth: number): ParseSteps<string | undefined> {
  const sink = new OutlinkSink(curi.outlinks);
  const folder = lenient ? undefined : folderOf(curi.uri);
  let taken = 0;
  return scanSitemapSteps(xml, (entry) => {
    if (!ABSOLUTE.test(entry.loc)) return true;
    if (entry.tag === 'url' && folder !== undefined && !isUnder(entry.loc, folder)) return true;
    sink.add(entry.loc, curi.uri, Hop.MANIFEST, sitemapContext(entry.tag, entry.lastmod));
    return ++taken < MAX_SITEMAP_ENTRIES;
  }, maxDepth);
}

/** Steps that add the URLs of a text sitemap (one absolute URL a line) as M hops, `=MANIFEST_MISC`, with the same location rule. */
export function* textSitemapLinkSteps(curi: CrawlUri, text: string, lenient: boolean): ParseSteps {
  const sink = new OutlinkSink(curi.outlinks);
  const folder = lenient ? undefined : folderOf(curi.uri);
  let lines = 0;
  for (const raw of text.split(LINE_BREAK)) {
    if (++lines > MAX_SITEMAP_ENTRIES) break;
    if (lines % LINES_A_STEP === 0) yield;
    const line = raw.trim();
    if (line === '' || !ABSOLUTE.test(line) || (folder !== undefined && !isUnder(line, folder))) continue;
    sink.add(line, curi.uri, Hop.MANIFEST, LinkContext.MANIFEST_MISC);
  }
}

/** Lines read between two yields. */
const LINES_A_STEP = 256;

const LINE_BREAK = /\r\n|\r|\n/;

/** The sitemap's folder: its URI up to the last `/` of the path (`http://h/news/sitemap.xml` → `http://h/news/`). */
export function folderOf(uri: string): string {
  let end = uri.length;
  const query = uri.indexOf('?');
  if (query >= 0) end = query;
  return uri.slice(0, uri.lastIndexOf('/', end - 1) + 1);
}

function isUnder(loc: string, folder: string): boolean {
  const uri = normalizeUrl(loc.trim());
  return uri?.startsWith(folder) === true;
}
