import { gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { build, byEffect, byRecording, type DriveContext, type Driver } from './driver.js';
import { fetchFromSite, linksOf, metadata, type FetchOptions } from './loopback-fetch.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import type { Route } from '../../support/site-server.js';
import type { Processor } from '../../../src/model/processor.js';
import type { ExtractorHtml } from '../../../src/components/extract/extractor-html.js';
import { EXTRACT_TIME_TRUNC } from '../../../src/components/extract/parse-budget.js';

/** A page with one link of each kind the HTML extractor's properties are about. */
const LINKS_PAGE = `<!doctype html><html><body>
<a href="/a">a</a>
<iframe src="/frame"></iframe>
<form action="/search"><input name="q"></form>
<form method="post" action="/post"><input name="q"></form>
<a rel="nofollow" href="/nofollow">no</a>
<script>var next = "/from-script";</script>
<input type="hidden" name="next" value="/from-value">
</body></html>`;

/** A sitemap of the site's own URLs (absolute, as the protocol wants them). */
function sitemap(paths: readonly string[], gzip = false): Route {
  return (req: IncomingMessage, res: ServerResponse) => {
    const urls = paths.map((p) => `<url><loc>http://${req.headers.host}${p}</loc></url>`).join('\n');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    res.writeHead(200, { 'content-type': gzip ? 'application/gzip' : 'application/xml' });
    res.end(gzip ? gzipSync(xml) : xml);
  };
}

const TWENTY_PAGES = Array.from({ length: 20 }, (_, i) => `/p${String(i + 1).padStart(2, '0')}`);

/** Documents of 20,000 links each: many milliseconds of parsing, whatever the machine, so a budget of 1 ms cuts them. */
const MANY = Array.from({ length: 20_000 }, (_, i) => i);
const typed = (contentType: string, body: string): Route => ({ headers: { 'content-type': contentType }, body });
const BIG_ROUTES: Record<string, Route> = {
  '/big.html': typed('text/html', '<html><body>' + MANY.map((i) => `<a href="/b${i}">${i}</a>`).join('\n')),
  '/big.css': typed('text/css', MANY.map((i) => `.c${i} { background: url(/b${i}.png) }`).join('\n')),
  '/big.js': typed('application/javascript', MANY.map((i) => `load("/b${i}");`).join('\n')),
  '/big.rss': typed('application/rss+xml', '<rss>' + MANY.map((i) => `<item><link>http://127.0.0.1/b${i}</link></item>`).join('\n') + '</rss>'),
  '/big-urlset.xml': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0"?>\n<urlset>${MANY.map((i) => `<url><loc>http://${req.headers.host}/b${i}</loc></url>`).join('\n')}</urlset>`);
  },
};

/** maxParseTimeMs: under a sheet's 1 ms the extractor cuts the big document and annotates it (config: the bean's other values). */
function parseTimeCase(component: string, path: string, config: Readonly<Record<string, unknown>> = {}) {
  return byEffect('maxParseTimeMs', 1, `${path} is cut after 1 ms of parsing, annotated ` +
    `extractTimeTrunc`, { base: false, sheet: true }, async (overlay, ctx) => {
    const curi = await fetchFromSite(ctx, overlay, path);
    await (await build<Processor>(component, { metadata: await metadata(), ...config })).process(curi);
    if (curi.outlinks.length === 0) throw new Error(`${component} found no link in ${path}`);
    return curi.annotations.includes(EXTRACT_TIME_TRUNC);
  });
}

/** maxElementDepth: seen by recording (it changes no link, only how many open elements the parser keeps). */
function elementDepthCase(component: string, path: string) {
  return byRecording('maxElementDepth', 64, 'the depth bound is the sheet\'s', { base: [512], sheet: [64] }, async (overlay, ctx) => {
    const curi = await fetchFromSite(ctx, overlay, path);
    await (await build<Processor>(component, { metadata: await metadata() })).process(curi);
  });
}

const ROUTES: Record<string, Route> = {
  ...BIG_ROUTES,
  '/links.html': { body: LINKS_PAGE },
  // HTML where an image was expected: an error page, not a document (ignoreUnexpectedHtml).
  '/photo.gif': { body: '<html><body><a href="/behind-the-gif">x</a></body></html>' },
  '/moved': { status: 301, headers: { location: '/a' } },
  '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow:\nSitemap: /sitemap.xml\n' },
  '/style.css': { headers: { 'content-type': 'text/css' }, body: 'body { background: url(/bg.png) }' },
  '/app.js': { headers: { 'content-type': 'application/javascript' }, body: 'fetch("/api/list");' },
  '/sitemap.xml': sitemap(['/page']),
  '/news/sitemap.xml': sitemap(['/news/a', '/other/b']),
  '/big-sitemap.xml.gz': sitemap(TWENTY_PAGES, true),
  '/feed': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(`<rss><channel><item><link>http://${req.headers.host}/item</link></item></channel></rss>`);
  },
  // A list of URLs that nothing marks as a sitemap, but a urlPattern.
  '/list.txt': (req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`http://${req.headers.host}/listed\n`);
  },
};

/** The outlinks the subject extractor finds in `path`, fetched from the loopback site by a real FetchHttp. */
async function extracted(
  component: string, overlay: RecordingSheetOverlay, ctx: DriveContext, path: string, options: FetchOptions = {},
): Promise<string[]> {
  const curi = await fetchFromSite(ctx, overlay, path, options);
  const extractor = await build<Processor>(component, { metadata: await metadata() });
  await extractor.process(curi);
  return linksOf(curi, ctx);
}

/** The hop of the link to `path` the HTML extractor found on the links page (`none` when it found none). */
async function hopTo(path: string, overlay: RecordingSheetOverlay, ctx: DriveContext): Promise<string> {
  const links = await extracted('ExtractorHtml', overlay, ctx, '/links.html');
  return links.find((l) => l.endsWith(` ${path}`))?.split(' ')[0] ?? 'none';
}

const EXTRACTOR_HTML: Driver = {
  component: 'ExtractorHtml',
  routes: ROUTES,
  cases: [
    byEffect('enabled', false, 'a page\'s links are not read', { base: ['L /a', 'E /frame', 'L /search', 'L /nofollow', 'L /from-value'], sheet: [] },
      (overlay, ctx) => extracted('ExtractorHtml', overlay, ctx, '/links.html')),
    byEffect('treatFramesAsEmbedLinks', false, 'an iframe\'s source is a navigation link (L), not an embed', { base: 'E', sheet: 'L' },
      (overlay, ctx) => hopTo('/frame', overlay, ctx)),
    byEffect('ignoreFormActionUrls', true, 'a form\'s action is skipped', { base: 'L', sheet: 'none' }, (overlay, ctx) => hopTo('/search', overlay, ctx)),
    byEffect('extractOnlyFormGets', false, 'a POST form\'s action is taken too', { base: 'none', sheet: 'L' }, (overlay, ctx) => hopTo('/post', overlay, ctx)),
    byEffect('obeyRelNofollow', true, 'a link marked rel=nofollow is ' +
      'skipped', { base: 'L', sheet: 'none' }, (overlay, ctx) => hopTo('/nofollow', overlay, ctx)),
    byEffect('extractJavascript', true, 'a path in an inline script is taken, as a speculative hop', { base: 'none', sheet: 'X' },
      (overlay, ctx) => hopTo('/from-script', overlay, ctx)),
    byEffect('extractValueAttributes', false, 'a path in a value attribute is not taken', { base: 'L', sheet: 'none' },
      (overlay, ctx) => hopTo('/from-value', overlay, ctx)),
    byEffect('ignoreUnexpectedHtml', false, 'HTML served at a .gif path is read', { base: [], sheet: ['L /behind-the-gif'] },
      (overlay, ctx) => extracted('ExtractorHtml', overlay, ctx, '/photo.gif')),
    parseTimeCase('ExtractorHtml', '/big.html'),
    elementDepthCase('ExtractorHtml', '/links.html'),
    byEffect('minThreadParseBytes', 0, 'the links page (under 1,024 bytes) goes to the parse thread', { base: 0, sheet: 1 }, async (overlay, ctx) => {
      const curi = await fetchFromSite(ctx, overlay, '/links.html');
      const extractor = await build<ExtractorHtml>('ExtractorHtml', { metadata: await metadata(), parseThreads: 1 });
      extractor.start();
      try {
        await extractor.process(curi);
        if (curi.outlinks.length === 0) throw new Error('ExtractorHtml found no link in /links.html');
        return extractor.parsedOnThreads;
      } finally {
        extractor.stop();
      }
    }),
  ],
};

const EXTRACTOR_SITEMAP: Driver = {
  component: 'ExtractorSitemap',
  cases: [
    byEffect('enabled', false, 'a sitemap\'s entries are not read', { base: ['M /page'], sheet: [] },
      (overlay, ctx) => extracted('ExtractorSitemap', overlay, ctx, '/sitemap.xml')),
    byEffect('urlPattern', '.*/list\\.txt', 'a text file the pattern matches is read as a sitemap', { base: [], sheet: ['M /listed'] },
      (overlay, ctx) => extracted('ExtractorSitemap', overlay, ctx, '/list.txt')),
    byEffect('enableLenientExtraction', true, 'an entry outside the sitemap\'s folder is taken', { base: ['M /news/a'], sheet: ['M /news/a', 'M /other/b'] },
      (overlay, ctx) => extracted('ExtractorSitemap', overlay, ctx, '/news/sitemap.xml')),
    // 400 bytes hold the 100 of the XML declaration and <urlset>, then six whole entries of about 49 bytes (the seventh is cut, so dropped).
    byEffect('maxUncompressedBytes', 400, 'a gzipped sitemap of 20 entries is read only up to 400 bytes, six entries', { base: 20, sheet: 6 },
      async (overlay, ctx) => (await extracted('ExtractorSitemap', overlay, ctx, '/big-sitemap.xml.gz')).length),
    parseTimeCase('ExtractorSitemap', '/big-urlset.xml'),
    elementDepthCase('ExtractorSitemap', '/sitemap.xml'),
  ],
};

/** The links of the links page after ExtractorHtml (its own bean, out of the sheet's reach) and the subject ExtractorImpliedURI. */
async function impliedLinks(overlay: RecordingSheetOverlay, ctx: DriveContext): Promise<string[]> {
  const curi = await fetchFromSite(ctx, overlay, '/links.html');
  await (await build<Processor>('ExtractorHtml', { metadata: await metadata() }, 'extractorHtml')).process(curi);
  // The bean's own values imply /implied-a from /a; each case's sheet changes one of them.
  await (await build<Processor>('ExtractorImpliedURI', { regex: '^(.*)/(a)$', format: '$1/implied-$2' })).process(curi);
  return linksOf(curi, ctx).filter((l) => l.endsWith(' /a') || l.includes('/implied-') || l.includes('/other-'));
}

const EXTRACTOR_IMPLIED_URI: Driver = {
  component: 'ExtractorImpliedURI',
  cases: [
    byEffect('enabled', false, 'nothing is implied', { base: ['L /a', 'X /implied-a'], sheet: ['L /a'] }, impliedLinks),
    byEffect('regex', '^(.*)/(frame)$', 'the frame\'s source triggers instead of /a', { base: ['L /a', 'X /implied-a'], sheet: ['L /a', 'X ' +
      '/implied-frame'] }, impliedLinks),
    byEffect('format', '$1/other-$2', 'the implied URI is built the sheet\'s way', { base: ['L /a', 'X /implied-a'], sheet: ['L /a', 'X ' +
      '/other-a'] }, impliedLinks),
    byEffect('removeTriggerUris', true, 'the triggering link is dropped', { base: ['L /a', 'X /implied-a'], sheet: ['X /implied-a'] }, impliedLinks),
  ],
};

/** An extractor that reads one kind of document: `enabled` is seen by the links it finds there; `big`, its maxParseTimeMs case's document. */
function oneKindDriver(component: string, path: string, links: { base: string[]; sheet: string[] }, options?: (ctx: DriveContext) => FetchOptions, big?: string): Driver {
  const value = links.base.length === 0; // ExtractorJs is off by default: its sheet switches it on
  return {
    component,
    cases: [
      byEffect('enabled', value, value ? `${path} is read` : `${path} is not read`, links,
        (overlay, ctx) => extracted(component, overlay, ctx, path, options?.(ctx))),
      ...(big === undefined ? [] : [parseTimeCase(component, big, { enabled: true })]),
    ],
  };
}

export const EXTRACT_DRIVERS: Driver[] = [
  EXTRACTOR_HTML,
  EXTRACTOR_SITEMAP,
  EXTRACTOR_IMPLIED_URI,
  oneKindDriver('ExtractorHttp', '/moved', { base: ['R /a'], sheet: [] }),
  // A robots.txt is only ever fetched as a prerequisite of a URI of its server.
  oneKindDriver('ExtractorRobotsTxt', '/robots.txt', { base: ['M ' +
    '/sitemap.xml'], sheet: [] }, (ctx) => ({ init: { hopsPath: 'P', via: `${ctx.site.origin}/` } })),
  oneKindDriver('ExtractorCss', '/style.css', { base: ['E /bg.png'], sheet: [] }, undefined, '/big.css'),
  oneKindDriver('ExtractorJs', '/app.js', { base: [], sheet: ['X /api/list'] }, undefined, '/big.js'),
  oneKindDriver('ExtractorXML', '/feed', { base: ['X /item'], sheet: [] }, undefined, '/big.rss'),
  {
    // It reads nothing, enabled or not (Flash is gone): all there is to see is that it asked the URI's sheets.
    component: 'ExtractorSwf',
    cases: [byRecording('enabled', false, 'the sheet\'s value is the one it reads for the URI', { base: [true], sheet: [false] }, async (overlay, ctx) => {
      const curi = await fetchFromSite(ctx, overlay, '/links.html');
      await (await build<Processor>('ExtractorSwf')).process(curi);
    })],
  },
];
