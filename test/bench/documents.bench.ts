/**
 * What reading documents for a search index costs a page, in process: the 8 KB article page of
 * extract.bench run through ExtractorHtml alone, then with ExtractorDocument after it (text,
 * title, meta tags: a second, streaming parse of the text the link extractor decoded), then also
 * with FieldsBySelector taking three fields (a DOM parse with cheerio), and FieldsBySelector with
 * no fields for the page (what a site without selectors pays). Prints pages/s and ms/page of
 * each. Not a test: run `node dist/test/bench/documents.bench.js` after a build.
 */
import { ExtractorDocument } from '../../src/components/extract/extractor-document.js';
import { ExtractorHtml } from '../../src/components/extract/extractor-html.js';
import { FieldsBySelector } from '../../src/components/extract/fields-by-selector.js';
import { CrawlUri } from '../../src/model/crawl-uri.js';

const PAGES = Number(process.env.PAGES ?? 5_000);
const para = '<p class="lead">Lorem ipsum <em>dolor</em> sit amet, <span class="x">consectetur</span> adipiscing elit, sed do eiusmod tempor ' +
  'incididunt ut labore et dolore magna aliqua &amp; more.</p>\n';
const html = Buffer.from(
  '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Article 123</title><meta name="description" content="An article">\n' +
  '<link rel="stylesheet" href="/static/site.css"><script src="/static/app.js" defer></script><script>window.cfg = { a: 1 };</script></head>\n' +
  '<body><div id="top" class="wrap"><nav><ul><li><a href="/">Home</a></li><li><a href="/news/">News</a></li><li><a href="/about">About</a></li></ul></nav>\n' +
  `<main><article><h1>Article</h1><span class="price">24.90</span>\n${para.repeat(40)}` +
  '<ul class="tags"><li>one</li><li>two</li></ul><p>See <a href="article-124.html">the next one</a>.</p>\n' +
  '</article></main><footer><p>&copy; 2024</p></footer></div></body></html>\n', 'utf8');

function crawlUri(): CrawlUri {
  const curi = new CrawlUri('http://www.example.org/news/article-123.html');
  curi.fetchStatus = 200;
  curi.contentType = 'text/html; charset=utf-8';
  curi.contentCharset = 'utf-8';
  curi.response = { statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: { 'content-type': curi.contentType }, rawBody: html, body: html, ipAddress: '127.0.0.1' };
  return curi;
}

const links = new ExtractorHtml({ enabled: true, shouldProcessRule: undefined, metadata: undefined, treatFramesAsEmbedLinks: true, ignoreFormActionUrls: false, extractOnlyFormGets: true, obeyRelNofollow: false, extractJavascript: false, extractValueAttributes: true, ignoreUnexpectedHtml: true, maxParseTimeMs: 5000, maxElementDepth: 512, parseThreads: 0, minThreadParseBytes: 1024 });
const document = new ExtractorDocument({ enabled: true, shouldProcessRule: undefined, maxTextChars: 1_000_000, maxParseTimeMs: 5000 });
const fields = new FieldsBySelector({ enabled: true, shouldProcessRule: undefined, maxBytes: 4 << 20, fields: { title: 'h1', price: 'span.price', tags: 'all ul.tags li' } });
const noFields = new FieldsBySelector({ enabled: true, shouldProcessRule: undefined, maxBytes: 4 << 20, fields: {} });

async function measure(name: string, chain: ReadonlyArray<{ process(curi: CrawlUri): unknown }>): Promise<number> {
  const run = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const curi = crawlUri();
      for (const p of chain) await p.process(curi);
    }
  };
  await run(500);
  const start = performance.now();
  await run(PAGES);
  const perSecond = (PAGES * 1000) / (performance.now() - start);
  console.log(`${name.padEnd(46)} ${Math.round(perSecond).toLocaleString('en-US').padStart(7)} pages/s  ${(1000 / perSecond).toFixed(3)} ms/page`);
  return perSecond;
}

console.log(`page: ${html.length.toLocaleString('en-US')} bytes; ${PAGES.toLocaleString('en-US')} pages each`);
const base = await measure('ExtractorHtml', [links]);
const doc = await measure('+ ExtractorDocument', [links, document]);
const withFields = await measure('+ ExtractorDocument + FieldsBySelector (3)', [links, document, fields]);
const none = await measure('+ ExtractorDocument + FieldsBySelector (none)', [links, document, noFields]);
console.log(`ExtractorDocument adds ${(1000 / doc - 1000 / base).toFixed(3)} ms/page; three fields add ` +
  `${(1000 / withFields - 1000 / doc).toFixed(3)} ms/page; no fields ${(1000 / none - 1000 / doc).toFixed(3)} ms/page`);
