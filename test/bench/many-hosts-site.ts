/**
 * The many-hosts site (many-hosts.bench.ts): `hosts` hosts, each an IP literal of its own on
 * loopback (127.0.0.2, 127.0.0.3, …; 1,000 hosts end at 127.0.3.233), with `pagesPerHost` pages
 * each, all served on one port by one process (many-hosts-server-process.ts). Pages are numbered
 * globally, g = page × hosts + host, so that consecutive numbers are on different hosts; page g
 * links to 2g+1 and 2g+2 (a binary tree over every page of every host, so that all are reachable
 * from host 0's start page, and from any handful of seeds that includes it), then to pages picked
 * by a fixed pseudo-random sequence, half of them on the same host and half anywhere.
 * A host's page 0 is `/`; page p > 0 is `/p/<p>.html`.
 */
export interface ManyHostsShape {
  readonly hosts: number;
  readonly pagesPerHost: number;
  readonly links: number;
  readonly pageBytes: number;
}

export const DEFAULT_MANY_HOSTS: ManyHostsShape = { hosts: 1000, pagesPerHost: 4, links: 10, pageBytes: 4 * 1024 };

/** The address of host h (0-based): 127.0.0.2 + h. */
export function hostAddress(h: number): string {
  const n = h + 2;
  return `127.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/** The host number of an address, or undefined when it is not one of the site's. */
export function hostOf(address: string, shape: ManyHostsShape): number | undefined {
  const m = /^(?:::ffff:)?127\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (!m) return undefined;
  const h = ((Number(m[1]) << 16) | (Number(m[2]) << 8) | Number(m[3])) - 2;
  return h >= 0 && h < shape.hosts ? h : undefined;
}

export const pagePath = (p: number): string => (p === 0 ? '/' : `/p/${p}.html`);

/** The page number of a path, or undefined for a path that is not a page. */
export function pageOf(path: string, shape: ManyHostsShape): number | undefined {
  if (path === '/') return 0;
  const m = /^\/p\/(\d+)\.html$/.exec(path);
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n > 0 && n < shape.pagesPerHost ? n : undefined;
}

/** A page's URL on `port`, from its global number. */
export function pageUrl(g: number, shape: ManyHostsShape, port: number): string {
  return `http://${hostAddress(g % shape.hosts)}:${port}${pagePath(Math.floor(g / shape.hosts))}`;
}

function linksOf(g: number, shape: ManyHostsShape): number[] {
  const total = shape.hosts * shape.pagesPerHost;
  const out = [2 * g + 1, 2 * g + 2].filter((x) => x < total);
  let x = (g * 2654435761) >>> 0;
  while (out.length < shape.links) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    // Even steps: a page of the same host; odd steps: any page of any host.
    out.push(out.length % 2 === 0 ? (x % shape.pagesPerHost) * shape.hosts + (g % shape.hosts) : x % total);
  }
  return out;
}

const FILLER = 'Crawlers read pages like this one, on many hosts, to measure how they spread. '.repeat(3);

/** Page g's HTML; its links are absolute URLs on `port`. */
export function manyHostsPage(g: number, shape: ManyHostsShape, port: number): string {
  const links = linksOf(g, shape).map((l) => `<li><a href="${pageUrl(l, shape, port)}">Page ${l}</a></li>`).join('\n');
  const head = `<!doctype html><html><head><meta charset="utf-8"><title>Page ${g}</title></head><body><h1>Page ${g} on host ` +
    `${g % shape.hosts}</h1><ul>\n${links}\n</ul>\n`;
  const tail = '</body></html>\n';
  let body = '';
  while (head.length + body.length + tail.length < shape.pageBytes) body += `<p>${FILLER}</p>\n`;
  return head + body + tail;
}
