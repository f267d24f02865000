import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One page of the demo site: status, type, body (or a redirect). */
export interface DemoPage {
  readonly status?: number;
  readonly type?: string;
  readonly body?: string;
  readonly location?: string;
}

function html(title: string, body: string): string {
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" ` +
    `href="/style.css"></head>\n<body><h1>${title}</h1>\n${body}\n</body></html>\n`;
}

/** The main site's pages; `OTHER` stands for the second site's origin. */
function mainPages(other: string): Record<string, DemoPage> {
  return {
    '/': { body: html('A small site to crawl', `<p>beancrawl's demo: served on this machine, crawled by it.</p>
<ul>
<li><a href="/about.html">About</a></li>
<li><a href="/docs/">Documentation</a></li>
<li><a href="/old-page">An old address (redirects)</a></li>
<li><a href="/missing.html">A broken link (404)</a></li>
<li><a href="/private/notes.html">Private notes (robots.txt keeps crawlers out)</a></li>
<li><a href="${other}/">The second site</a></li>
</ul><img src="/logo.svg" alt="logo">`) },
    '/about.html': { body: html('About', '<p>What this site is.</p><p><a href="/">Home</a> · <a href="/contact.html">Contact</a></p>') },
    '/contact.html': { body: html('Contact', '<p>The operator of this demo crawl can be reached here.</p><p><a href="/">Home</a></p>') },
    '/docs/': { body: html('Documentation', '<ul><li><a href="guide.html">Guide</a></li><li><a href="faq.html">FAQ</a></li></ul>') },
    '/docs/guide.html': { body: html('Guide', '<p>Step by step.</p><p><a href="faq.html">FAQ</a> · <a href="../">Home</a></p>') },
    '/docs/faq.html': { body: html('FAQ', '<p>Questions and answers.</p><p><a href="/docs/">Documentation</a></p>') },
    // Found only through the sitemap.
    '/docs/changes.html': { body: html('Changes', '<p>What changed, and when.</p>') },
    '/old-page': { status: 301, location: '/about.html' },
    '/private/notes.html': { body: html('Private', '<p>Crawlers that obey robots.txt never see this.</p>') },
    '/style.css': { type: 'text/css', body: 'body { font-family: sans-serif; max-width: 40em; margin: 2em auto; }\nh1 { background: url(/logo.svg) ' +
      'no-repeat left center; padding-left: 2em; }\n' },
    '/logo.svg': { type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="14" ' +
      'fill="#8a5a2b"/></svg>\n' },
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n\nSitemap: /sitemap.xml\n' },
  };
}

function otherPages(main: string): Record<string, DemoPage> {
  return {
    '/': { body: html('The second site', `<p>Another host, linked from the first.</p><p><a href="/news.html">News</a> · <a href="${main}/">Back to ` +
      `the first site</a></p>`) },
    '/news.html': { body: html('News', '<p>Nothing new.</p><p><a href="/">Home</a></p>') },
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
    '/style.css': { type: 'text/css', body: 'body { font-family: serif; max-width: 40em; margin: 2em auto; }\n' },
  };
}

function sitemap(origin: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${origin}/docs/guide.html</loc></url>
<url><loc>${origin}/docs/changes.html</loc></url>
</urlset>
`;
}

/** Each site's pages by path, as served when the first site is at `main` and the second at `other` (origins). */
export function demoSitePages(main: string, other: string): { main: Record<string, DemoPage>; other: Record<string, DemoPage> } {
  return {
    main: { ...mainPages(other), '/sitemap.xml': { type: 'application/xml', body: sitemap(main) } },
    other: otherPages(main),
  };
}

function serve(pages: () => Record<string, DemoPage>): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const page = pages()[path];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(html('Not found', '<p>No such page.</p>'));
      return;
    }
    if (page.location) {
      res.writeHead(page.status ?? 301, { location: page.location }).end();
      return;
    }
    res.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8' }).end(page.body);
  });
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject).listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

/** The demo: two small sites on loopback (pages, a sitemap, robots.txt, a redirect, a broken link), until closed. */
export interface DemoSite {
  /** The first site's origin (`http://127.0.0.1:PORT`). */
  readonly main: string;
  readonly other: string;
  close(): Promise<void>;
}

export async function startDemoSite(): Promise<DemoSite> {
  let main = '';
  let other = '';
  const first = serve(() => demoSitePages(main, other).main);
  const second = serve(() => demoSitePages(main, other).other);
  main = await listen(first);
  other = await listen(second);
  return {
    main, other,
    close: () => Promise.all([first, second].map((s) => new Promise<void>((resolve) => {
      s.closeAllConnections();
      s.close(() => resolve());
    }))).then(() => undefined),
  };
}
