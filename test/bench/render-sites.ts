/**
 * The loopback sites of the rendering benchmark (render.bench.ts): script sites, whose links a
 * shared script writes, and plain sites, and a server for either that records nothing (its memory
 * stays flat) and counts the pages it served.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Route } from '../support/site-server.js';

/** The shared script: it writes the links of page n (those of `children(n)` below `pages`) into #app. */
function appJs(pages: number, children: string): string {
  return `var n = Number(location.pathname.slice(2) || 0), app = document.getElementById('app');
    ${children}.forEach(function (i) {
      if (i < ${pages}) { var a = document.createElement('a'); a.href = '/p' + i; a.textContent = 'page ' + i; app.appendChild(a); }
    });`;
}

function shell(i: number, links = ''): string {
  return `<!doctype html><html><head><title>p${i}</title><script src="/app.js" defer></script></head>` +
    `<body><h1>page ${i}</h1>${links}<div id="app"></div></body></html>`;
}

/**
 * A script site: page n's links are n+1 and n+2 (rate) or 2n+1 and 2n+2 (a tree, few hops deep, for
 * larger sites), written by its script; `inHtml`: in its markup too, so that a crawl without
 * rendering fetches the same pages (the memory run's comparison).
 */
export function scriptSite(pages: number, tree = false, inHtml = false): Record<string, Route> {
  const routes: Record<string, Route> = {
    '/robots.txt': { status: 404 },
    '/app.js': { headers: { 'content-type': 'text/javascript' }, body: appJs(pages, tree ? '[2 * n + 1, 2 * n + 2]' : '[n + 1, n + 2]') },
  };
  for (let i = 0; i < pages; i++) {
    const links = inHtml ? (tree ? [2 * i + 1, 2 * i + 2] : [i + 1, i + 2]).filter((j) => j < pages).map((j) => `<a href="/p${j}">p${j}</a>`).join(' ') : '';
    routes[i === 0 ? '/' : `/p${i}`] = { body: shell(i, links) };
  }
  return routes;
}

/** A plain site: page n links to 10n+1 … 10n+10. */
export function plainSite(pages: number): Record<string, Route> {
  const routes: Record<string, Route> = { '/robots.txt': { status: 404 } };
  for (let i = 0; i < pages; i++) {
    const links = Array.from({ length: 10 }, (_, k) => 10 * i + k + 1).filter((j) => j < pages).map((j) => `<a href="/p${j}">page ${j}</a>`);
    const body = `<!doctype html><html><head><title>p${i}</title></head><body><h1>page ${i}</h1>${links.join(' ')}</body></html>`;
    routes[i === 0 ? '/' : `/p${i}`] = { body };
  }
  return routes;
}

export interface CountingSite {
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves `routes` without recording requests, calling `onPage` with the count of page requests so far (the script not counted). */
export async function countingSite(routes: Record<string, Route>, onPage: (n: number) => void = () => undefined): Promise<CountingSite> {
  let pages = 0;
  const server: Server = createServer((req, res) => {
    const route = routes[req.url ?? '/'];
    if (route === undefined || typeof route === 'function' || route.status === 404) {
      res.writeHead(404).end();
      return;
    }
    if (req.url !== '/app.js') onPage(++pages);
    res.writeHead(200, { 'content-type': 'text/html', ...route.headers }).end(route.body);
  });
  // Longer than any pause of a loaded machine: a connection the crawl keeps is not closed under it (a reset page waits retryDelaySeconds).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
