import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { ExtractorDocument, TEXT_TRUNC } from './extractor-document.js';

interface Fetched {
  readonly body: string | Buffer;
  readonly contentType?: string;
  readonly charset?: string;
  readonly headers?: Record<string, string>;
}

function fetched(f: Fetched): CrawlUri {
  const curi = new CrawlUri('http://example.org/page');
  const body = typeof f.body === 'string' ? Buffer.from(f.body, 'utf8') : f.body;
  curi.fetchStatus = 200;
  curi.contentType = f.contentType ?? 'text/html';
  curi.contentCharset = f.charset;
  const headers = { 'content-type': curi.contentType, ...f.headers };
  curi.response = { statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers, rawBody: body, body, ipAddress: '127.0.0.1' };
  return curi;
}

async function extract(f: Fetched, maxTextChars = 1_000_000): Promise<CrawlUri> {
  const curi = fetched(f);
  await new ExtractorDocument({ enabled: true, shouldProcessRule: undefined, maxTextChars, maxParseTimeMs: 5000 }).process(curi);
  return curi;
}

const PAGE = `<!doctype html>
<html lang="en-GB">
<head>
  <title>  Caf&eacute; &amp; bar
  </title>
  <meta name="description" content="A place to eat">
  <meta name="keywords" content="food, drink , ,music">
  <meta property="og:type" content="article">
  <meta http-equiv="Content-Language" content="en">
  <meta name="Revision" content="7">
  <style>body { color: red }</style>
  <script>var hidden = "not text";</script>
</head>
<body>
  <header><a href="/">Home</a> <a href="/menu">Menu</a></header>
  <nav><ul><li>Left nav</li></ul></nav>
  <main>
    <article>
      <header><h1>Opening   hours</h1></header>
      <p>Open <b>daily</b> from 9&nbsp;to&nbsp;5.</p>
      <p hidden>Secret offer</p>
      <div aria-hidden="true">icon</div>
      <noscript>Enable scripts</noscript>
      <ul><li>Coffee</li><li>Tea &lt;green&gt;</li></ul>
      <footer>Posted by Ann</footer>
    </article>
    <div role="navigation">Breadcrumbs</div>
  </main>
  <aside>Related</aside>
  <footer>Copyright</footer>
  <script>document.write("no")</script>
</body>
</html>`;

describe('ExtractorDocument', () => {
  it('reads the readable text of a page, boilerplate, scripts and styles left out, one line a block, white space collapsed', async () => {
    const curi = await extract({ body: PAGE });
    expect(curi.extracted?.text).to.equal(['Opening hours', 'Open daily from 9\u00a0to\u00a05.', 'Coffee', 'Tea <green>', 'Posted by ' +
      'Ann'].join('\n').replace(/\u00a0/g, ' ').replace(/ /g, ' '));
  });

  it('reads the title, language, description, keywords and every meta tag by its name lower-cased', async () => {
    const e = (await extract({ body: PAGE })).extracted!;
    expect(e.title).to.equal('Café & bar');
    expect(e.language).to.equal('en-GB');
    expect(e.description).to.equal('A place to eat');
    expect(e.keywords).to.deep.equal(['food', 'drink', 'music']);
    expect(e.meta).to.include({ 'og:type': 'article', 'content-language': 'en', revision: '7' });
  });

  it('takes the language from Content-Language when the page declares none', async () => {
    const e = (await extract({ body: '<p>Hallo</p>', headers: { 'content-language': 'de-DE, en' } })).extracted!;
    expect(e.language).to.equal('de-DE');
    expect(e.text).to.equal('Hallo');
  });

  it('decodes as the link extractor does: the header\'s charset, else <meta charset>, else the default', async () => {
    expect((await extract({ body: Buffer.from('<p>caf\xe9 ' +
      '\x93quoted\x94</p>', 'latin1'), charset: 'windows-1252' })).extracted?.text).to.equal('café “quoted”');
    expect((await extract({ body: Buffer.concat([Buffer.from('<meta ' +
      'charset="iso-8859-7"><p>', 'latin1'), Buffer.from([0xe1, 0xe2, 0xe3]), Buffer.from('</p>')]) })).extracted?.text).to.equal('αβγ');
  });

  it('uses the text the link extractor already decoded', async () => {
    const curi = fetched({ body: '<p>from the bytes</p>' });
    curi.text = '<p>decoded before</p>';
    await new ExtractorDocument({ enabled: true, shouldProcessRule: undefined, maxTextChars: 100, maxParseTimeMs: 5000 }).process(curi);
    expect(curi.extracted?.text).to.equal('decoded before');
  });

  it('reads plain text as it is and XML as its elements\' text', async () => {
    expect((await extract({ body: 'line  one\n\n\tline two  \r\n', contentType: 'text/plain' })).extracted?.text).to.equal('line one\nline two');
    const xml = await extract({ body: '<?xml version="1.0"?><doc><title>T</title><p>a &amp; b</p><p>c</p></doc>', contentType: 'application/xml' });
    expect(xml.extracted).to.deep.include({ title: 'T', text: 'a & b\nc' });
  });

  it('gives no text to other types, and never to a non-2xx answer', async () => {
    expect((await extract({ body: Buffer.from([1, 2, 3]), contentType: 'image/png' })).extracted).to.equal(undefined);
    const notFound = fetched({ body: '<p>gone</p>' });
    notFound.fetchStatus = 404;
    await new ExtractorDocument({ enabled: true, shouldProcessRule: undefined, maxTextChars: 100, maxParseTimeMs: 5000 }).process(notFound);
    expect(notFound.extracted).to.equal(undefined);
  });

  it('cuts the text at maxTextChars and says so in crawl.log\'s annotations', async () => {
    const curi = await extract({ body: `<p>${'word '.repeat(1000)}</p><p>after</p>` }, 50);
    expect(curi.extracted?.text.length).to.equal(50);
    expect(curi.annotations).to.include(TEXT_TRUNC);
  });

  it('reads a large page in steps and keeps every line', async () => {
    const body = `<html><body>${Array.from({ length: 20_000 }, (_, i) => `<p>paragraph ${i}</p>`).join('')}</body></html>`;
    const text = (await extract({ body })).extracted!.text.split('\n');
    expect(text).to.have.length(20_000);
    expect(text.at(-1)).to.equal('paragraph 19999');
  });
});
