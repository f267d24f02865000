import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CrawlUri } from '../../model/crawl-uri.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { ExtractorRobotsTxt, isRobotsListedSitemap } from './extractor-robots-txt.js';
import { robotsSitemapUrls } from './robots-sitemap-urls.js';

const fixture = (name: string) => readFileSync(join(REPO_ROOT, 'src/components/extract/fixtures', name));

/** A robots.txt as the fetcher leaves it: a prerequisite (hop P) of the seed, unless `hopsPath` says otherwise. */
function robots(uri: string, body: string | Buffer, options: { status?: number; hopsPath?: string; contentType?: string } = {}): CrawlUri {
  const curi = new CrawlUri(uri, { hopsPath: options.hopsPath ?? 'P', via: 'https://example.org/' });
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  curi.fetchStatus = options.status ?? 200;
  curi.contentType = options.contentType ?? 'text/plain';
  curi.response = { statusCode: curi.fetchStatus, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: {}, rawBody: bytes, body: bytes, ipAddress: '127.0.0.1' };
  return curi;
}

const extractor = () => new ExtractorRobotsTxt({ enabled: true, shouldProcessRule: undefined });

function linksOf(curi: CrawlUri): string[] {
  extractor().process(curi);
  return curi.outlinks.map((l) => `${l.hop} ${l.uri} ${l.context}`);
}

describe('ExtractorRobotsTxt', () => {
  it('makes each Sitemap: line an M hop with =MANIFEST_MISC, resolved against the robots.txt', () => {
    expect(linksOf(robots('https://example.org/robots.txt', fixture('robots.txt')))).to.deep.equal([
      'M https://example.org/sitemap_index.xml =MANIFEST_MISC',
      'M https://example.org/news-sitemap.xml =MANIFEST_MISC',
      'M https://static.example.net/sitemaps/archive-sitemap.xml.gz =MANIFEST_MISC',
    ]);
  });

  it('reads doc.rust-lang.org\'s robots.txt (a real file)', () => {
    expect(linksOf(robots('https://doc.rust-lang.org/robots.txt', fixture('rust-doc-robots.txt')))).to.deep.equal(['M ' +
      'https://doc.rust-lang.org/sitemap.txt =MANIFEST_MISC']);
  });

  it('reads CRLF and CR line ends and a byte-order mark', () => {
    const text = '\uFEFFSitemap: /a.xml\r\nUser-agent: *\r\nSitemap: /b.xml\rSitemap: /c.xml';
    expect(linksOf(robots('http://example.org/robots.txt', text)).map((l) => l.split(' ' +
      '')[1])).to.deep.equal(['http://example.org/a.xml', 'http://example.org/b.xml', 'http://example.org/c.xml']);
  });

  it('finishes the robots.txt when it found a sitemap, and only then (as Heritrix)', () => {
    const withSitemaps = robots('https://example.org/robots.txt', 'Sitemap: /s.xml');
    extractor().process(withSitemaps);
    expect(withSitemaps.linkExtractorFinished).to.equal(true);
    const without = robots('https://example.org/robots.txt', 'User-agent: *\nDisallow:');
    extractor().process(without);
    expect(without.linkExtractorFinished).to.equal(false);
    expect(without.outlinks).to.deep.equal([]);
  });

  it('reads only a 2xx /robots.txt fetched as a prerequisite', () => {
    const text = 'Sitemap: https://example.org/s.xml';
    expect(linksOf(robots('https://example.org/robots.txt', text, { hopsPath: 'L' }))).to.deep.equal([]);
    expect(linksOf(robots('https://example.org/robots.txt', text, { hopsPath: '' }))).to.deep.equal([]);
    expect(linksOf(robots('https://example.org/dir/robots.txt', text))).to.deep.equal([]);
    expect(linksOf(robots('https://example.org/robots.txt?x=1', text))).to.deep.equal([]);
    expect(linksOf(robots('https://example.org/robots.txt', text, { status: 404 }))).to.deep.equal([]);
    expect(linksOf(robots('https://example.org:8443/robots.txt', text))).to.have.length(1);
  });

  describe('robotsSitemapUrls', () => {
    it('takes the value up to the first blank, field name in any case, blanks around the colon', () => {
      expect(robotsSitemapUrls('sitemap:http://a/x.xml # main\n\tSITEMAP  :  http://a/y.xml\nSitemap:\nSitemaps: http://a/z\n# Sitemap: ' +
        'http://a/c')).to.deep.equal(['http://a/x.xml', 'http://a/y.xml']);
    });
  });

  describe('isRobotsListedSitemap', () => {
    it('knows an M hop that a robots.txt listed', () => {
      const sitemap = new CrawlUri('https://example.org/s.xml', { hopsPath: 'PM', via: 'https://example.org/robots.txt', viaContext: '=MANIFEST_MISC' });
      expect(isRobotsListedSitemap(sitemap)).to.equal(true);
      const page = new CrawlUri('https://example.org/p.html', { hopsPath: 'PMM', via: 'https://example.org/s.txt', viaContext: '=MANIFEST_MISC' });
      expect(isRobotsListedSitemap(page)).to.equal(false);
      const link = new CrawlUri('https://example.org/s.xml', { hopsPath: 'L', via: 'https://example.org/robots.txt', viaContext: '=MANIFEST_MISC' });
      expect(isRobotsListedSitemap(link)).to.equal(false);
    });
  });
});
