/**
 * Micro-benchmark of the HTML extractor: an 8 KB generated page with 11 links run through
 * ExtractorHtml (decoding, parsing, link resolution) 10,000 times after a warm-up; prints pages/s,
 * also without a header charset (so with the `<meta charset>` prescan), and ExtractorHttp on the
 * same responses for comparison. Not a test: run `node dist/test/bench/extract.bench.js` after a build.
 */
import type { HttpResponse } from '../../src/model/http-response.js';
import { CrawlUri } from '../../src/model/crawl-uri.js';
import { ExtractorHtml } from '../../src/components/extract/extractor-html.js';
import { ExtractorHttp } from '../../src/components/extract/extractor-http.js';

const PAGES = Number(process.env.PAGES ?? 10_000);
const PAGE_URL = 'http://www.example.org/news/2024/article-123.html';

/** About 8 KB: a head with a stylesheet, icon, script and inline script; nav, text with markup, images, a form; 11 links. */
function page(): Buffer {
  const para = '<p class="lead">Lorem ipsum <em>dolor</em> sit amet, <span class="x">consectetur</span> adipiscing elit, sed do eiusmod tempor ' +
    'incididunt ut labore et dolore magna aliqua &amp; more.</p>\n';
  const html =
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Article 123</title>\n' +
    '<link rel="stylesheet" href="/static/site.css"><link rel="icon" href="/favicon.ico">\n' +
    '<script src="/static/app.js" defer></script><script>window.cfg = { a: "<a href=\'/nope\'>" };</script></head>\n' +
    '<body><div id="top" class="wrap"><nav><ul>' +
    '<li><a href="/">Home</a></li><li><a href="/news/">News</a></li><li><a href="../2023/">2023</a></li><li><a href="/about">About</a></li>' +
    '</ul></nav>\n<main><article><h1>Article</h1>\n' +
    para.repeat(40) +
    '<img src="/img/photo.jpg" alt="a photo" width="640" height="480">\n' +
    '<p>See <a href="article-124.html">the next one</a> or <a href="https://other.example.com/x?y=1">elsewhere</a>.</p>\n' +
    '<form action="/search" method="get"><input type="text" name="q"><button>Go</button></form>\n' +
    '</article></main><footer><!-- <a href="/commented"> --><p>&copy; 2024</p></footer></div></body></html>\n';
  return Buffer.from(html, 'utf8');
}

function response(body: Buffer): HttpResponse {
  const headers = { 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.length) };
  return { statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers, rawBody: body, body, ipAddress: '127.0.0.1' };
}

/** A fetched URI; without `charset` the extractor finds the encoding by the `<meta charset>` prescan. */
function crawlUri(res: HttpResponse, charset?: string): CrawlUri {
  const curi = new CrawlUri(PAGE_URL);
  curi.fetchStatus = 200;
  curi.response = res;
  curi.contentType = charset ? `text/html; charset=${charset}` : 'text/html';
  curi.contentCharset = charset;
  return curi;
}

/** Runs `n` fresh URIs through `run`; returns pages per second and the links of the last one. */
function measure(n: number, res: HttpResponse, run: (curi: CrawlUri) => unknown, charset: string | undefined = 'utf-8'): { perSecond: number; links: number } {
  let links = 0;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const curi = crawlUri(res, charset);
    run(curi);
    links = curi.outlinks.length;
  }
  return { perSecond: (n * 1000) / (performance.now() - start), links };
}

const body = page();
const res = response(body);
const html = new ExtractorHtml({ enabled: true, shouldProcessRule: undefined, metadata: undefined, treatFramesAsEmbedLinks: true, ignoreFormActionUrls: false, extractOnlyFormGets: true, obeyRelNofollow: false, extractJavascript: false, extractValueAttributes: true, ignoreUnexpectedHtml: true, maxParseTimeMs: 5000, maxElementDepth: 512, parseThreads: 0, minThreadParseBytes: 1024 });
const http = new ExtractorHttp({ enabled: true, shouldProcessRule: undefined, metadata: undefined, inferRootPage: false, inferPaths: [] });
measure(2000, res, (curi) => html.process(curi));
const figure = measure(PAGES, res, (curi) => html.process(curi));
const prescan = measure(PAGES, res, (curi) => html.process(curi), undefined);
const headers = measure(PAGES, res, (curi) => http.process(curi));
console.log(`page: ${body.length.toLocaleString('en-US')} bytes, ${figure.links} links`);
console.log(`ExtractorHtml  ${Math.round(figure.perSecond).toLocaleString('en-US').padStart(10)} pages/s  (${(1000 / figure.perSecond).toFixed(3)} ` +
  `ms/page, ${PAGES.toLocaleString('en-US')} pages)`);
console.log(`  no header charset (meta prescan) ${Math.round(prescan.perSecond).toLocaleString('en-US')} pages/s`);
console.log(`ExtractorHttp  ${Math.round(headers.perSecond).toLocaleString('en-US').padStart(10)} pages/s`);
