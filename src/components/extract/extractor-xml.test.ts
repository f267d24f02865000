import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { Link } from '../../model/hop.js';
import { ExtractorXml, xmlUris } from './extractor-xml.js';
import { EXTRACT_TIME_TRUNC } from './parse-budget.js';

function fetched(uri: string, body: string, contentType = 'application/rss+xml', status = 200): CrawlUri {
  const curi = new CrawlUri(uri);
  const bytes = Buffer.from(body, 'utf8');
  curi.fetchStatus = status;
  curi.contentType = contentType;
  curi.response = { statusCode: status, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: { 'content-type': contentType }, rawBody: bytes, body: bytes, ipAddress: '127.0.0.1' };
  return curi;
}

function linksOf(curi: CrawlUri): string[] {
  new ExtractorXml({ enabled: true, shouldProcessRule: undefined, maxParseTimeMs: 5000 }).process(curi);
  return curi.outlinks.map((l: Link) => `${l.hop} ${l.uri} ${l.context}`);
}

const FEED = `<?xml version="1.0"?>
<rss version="2.0"><channel>
  <title>News http://not-alone.example/x</title>
  <link>
     http://example.org/news/
  </link>
  <atom:link href="https://example.org/feed.rss" rel="self"/>
  <item><link>http://example.org/a?x=1&amp;y=2</link><guid isPermaLink='false'>urn:uuid:1</guid></item>
  <enclosure url="/relative.mp3"/>
</channel></rss>`;

describe('ExtractorXML', () => {
  it('takes URIs standing alone in elements and attributes, as speculative links, &amp; unescaped', () => {
    expect(linksOf(fetched('http://example.org/feed.rss', FEED))).to.deep.equal([
      'X http://example.org/news/ =SPECULATIVE_MISC',
      'X https://example.org/feed.rss =SPECULATIVE_MISC',
      'X http://example.org/a?x=1&y=2 =SPECULATIVE_MISC',
    ]);
  });

  it('leaves out text around a URI, relative references and other schemes, as Heritrix\'s regex does', () => {
    expect(xmlUris('<a>see http://x.example/</a><b>ftp://f.example/</b><c href="/r"/>')).to.deep.equal([]);
  });

  it('reads a Content-Type mentioning xml, or a URI ending in .xml or .rss whatever its type', () => {
    const body = '<u>http://example.org/p</u>';
    expect(linksOf(fetched('http://example.org/data', body, 'text/xml'))).to.have.length(1);
    expect(linksOf(fetched('http://example.org/data.XML', body, 'text/plain'))).to.have.length(1);
    expect(linksOf(fetched('http://example.org/data', body, 'text/plain'))).to.have.length(0);
    expect(linksOf(fetched('http://example.org/data.xml', body, ''))).to.have.length(0);
  });

  it('skips error responses and marks what it read finished for the extractors after it', () => {
    expect(linksOf(fetched('http://example.org/x.xml', '<u>http://example.org/p</u>', 'text/xml', 404))).to.have.length(0);
    const curi = fetched('http://example.org/x.xml', '<u>http://example.org/p</u>');
    linksOf(curi);
    expect(curi.linkExtractorFinished).to.equal(true);
  });

  describe('a large document', () => {
    it('finds the same URIs window by window as in one search, across the window boundaries', () => {
      const items = Array.from({ length: 20_000 }, (_, i) => `${' '.repeat(i % 29)}<item><link>http://example.org/i${i}</link><g ` +
        `a="https://example.org/a${i}"/>"http://x${i}.example/"http://y${i}.example/"</item>`);
      const xml = `<rss>${items.join('\n')}</rss>`;
      const expected = [...xml.matchAll(/["'>]\s*(https?:[^\s"'<>]+)\s*["'<]/gi)].map((m) => m[1]);
      expect(xml.length).to.be.above(10 * 64 * 1024);
      expect(xmlUris(xml)).to.deep.equal(expected);
      expect(expected).to.have.length(60_000);
    });

    it('keeps the links read before maxParseTimeMs ran out, annotated extractTimeTrunc', async () => {
      const xml = '<rss>' + Array.from({ length: 300_000 }, (_, i) => `<item><link>http://example.org/i${i}</link></item>`).join('\n') + '</rss>';
      const curi = fetched('https://example.org/feed.rss', xml);
      expect(await new ExtractorXml({ enabled: true, shouldProcessRule: undefined, maxParseTimeMs: 1 }).process(curi)).to.equal('PROCEED');
      expect(curi.outlinks[0]?.uri).to.equal('http://example.org/i0');
      expect(curi.outlinks.length).to.be.above(0).and.below(300_000);
      expect(curi.annotations).to.deep.equal([EXTRACT_TIME_TRUNC]);
    });
  });
});
