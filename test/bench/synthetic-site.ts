/**
 * A deterministic synthetic site: `pages` pages at /p/<n>.html (page 0 is also /), each about
 * `pageBytes` long with `links` links: two that make every page reachable from the start page
 * (a binary tree), the rest spread by a fixed pseudo-random sequence.
 */
export interface SiteShape {
  readonly pages: number;
  readonly links: number;
  readonly pageBytes: number;
}

export const DEFAULT_SHAPE: SiteShape = { pages: 20_000, links: 11, pageBytes: 8 * 1024 };

const FILLER = 'Crawlers read pages like this one to measure how fast they go. '.repeat(4);

function linksOf(n: number, shape: SiteShape): number[] {
  const out = [2 * n + 1, 2 * n + 2].filter((x) => x < shape.pages);
  let x = (n * 2654435761) >>> 0;
  while (out.length < shape.links) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out.push(x % shape.pages);
  }
  return out;
}

export function sitePage(n: number, shape: SiteShape): string {
  const links = linksOf(n, shape).map((l) => `<li><a href="/p/${l}.html">Page ${l}</a></li>`).join('\n');
  const head = `<!doctype html><html><head><meta charset="utf-8"><title>Page ${n}</title><link rel="stylesheet" ` +
    `href="/style.css"></head><body><h1>Page ${n}</h1><ul>\n${links}\n</ul>\n`;
  const tail = '</body></html>\n';
  let body = '';
  while (head.length + body.length + tail.length < shape.pageBytes) body += `<p>${FILLER}</p>\n`;
  return head + body + tail;
}

/** The path of page n, or undefined for a path that is not a page. */
export function pageNumber(path: string, shape: SiteShape): number | undefined {
  if (path === '/') return 0;
  const m = /^\/p\/(\d+)\.html$/.exec(path);
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n < shape.pages ? n : undefined;
}
