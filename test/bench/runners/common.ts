/**
 * What every crawler runner of the side-by-side benchmark returns, and how pages are counted the
 * same way for all of them: a page is a URL fetched with status 200 whose content type is HTML
 * (or, where a crawler does not log the type, whose path does not end in a known non-HTML
 * extension), keyed by path and query so that the sets of different crawlers can be compared.
 */
import type { Measured } from '../measure.js';

export interface RunResult {
  /** Stable key: beancrawl-level, beancrawl-memory, bare-1, bare-8, crawlee-memory, crawlee-storage, wget2. */
  key: string;
  /** The row's label. */
  name: string;
  m: Measured;
  /** Pages as defined above. */
  pages: number;
  /** Everything the crawler logged as fetched or attempted (crawl.log lines, requests, CSV rows). */
  fetched: number;
  /** The pages' keys, when the crawler says which pages it fetched. */
  urls?: Set<string>;
  /** State or storage left on disk at the end, MB (du), when the crawler keeps any. */
  diskMb?: number;
  /** Anything worth a footnote (exit status, summary line). */
  note?: string;
}

const NON_HTML = /\.(css|js|mjs|json|xml|txt|png|gif|jpe?g|svg|ico|webp|avif|bmp|pdf|zip|gz|tgz|bz2|xz|woff2?|ttf|otf|eot|mp3|mp4|webm|ogg|wav|csv|tsv|ps|eps|tar)$/i;

/** The comparable key of a URL: path and query, no origin, no fragment. */
export function pageKey(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

/** Whether a fetch counts as a page (see the file comment). */
export function isPage(status: number, contentType: string | undefined, url: string): boolean {
  if (status !== 200) return false;
  if (contentType && contentType !== '-' && contentType !== '') return /html/i.test(contentType);
  return !NON_HTML.test(new URL(url, 'http://x/').pathname);
}

/** Reads `status<TAB>content-type<TAB>url` lines (bare loop, Crawlee runner). */
export function pagesFromTsv(text: string): { pages: Set<string>; count: number; fetched: number } {
  const pages = new Set<string>();
  let count = 0;
  let fetched = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    fetched++;
    const [status, type, url] = line.split('\t');
    if (isPage(Number(status), type, url)) {
      count++;
      pages.add(pageKey(url));
    }
  }
  return { pages, count, fetched };
}

/** Compares a run's page set with the reference's: how many are missing and extra, with examples. */
export function compareSets(ref: Set<string>, got: Set<string>): { missing: number; extra: number; examples: string[] } {
  const missing = [...ref].filter((u) => !got.has(u));
  const extra = [...got].filter((u) => !ref.has(u));
  return { missing: missing.length, extra: extra.length, examples: [...missing.slice(0, 3).map((u) => `-${u}`), ...extra.slice(0, 3).map((u) => `+${u}`)] };
}
