import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CrawlUri } from '../../model/crawl-uri.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { ExtractorSitemap, type ExtractorSitemapConfig } from './extractor-sitemap.js';
import { EXTRACT_TIME_TRUNC } from './parse-budget.js';
import { lastmodOfContext } from './sitemap-context.js';

const fixture = (name: string) => readFileSync(join(REPO_ROOT, 'src/components/extract/fixtures', name));

interface Fetched {
  readonly contentType?: string;
  readonly status?: number;
  readonly hopsPath?: string;
  readonly via?: string;
  readonly viaContext?: string;
}

function fetched(uri: string, body: string | Buffer, f: Fetched = {}): CrawlUri {
  const curi = new CrawlUri(uri, { hopsPath: f.hopsPath ?? 'L', via: f.via, viaContext: f.viaContext });
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  curi.fetchStatus = f.status ?? 200;
  curi.contentType = f.contentType ?? 'application/xml';
  curi.response = { statusCode: curi.fetchStatus, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: {}, rawBody: bytes, body: bytes, ipAddress: '127.0.0.1' };
  return curi;
}

/** Listed by a robots.txt `Sitemap:` line. */
const fromRobots: Fetched = { hopsPath: 'PM', via: 'https://example.org/robots.txt', viaContext: '=MANIFEST_MISC' };

function extractor(overrides: Partial<ExtractorSitemapConfig> = {}): ExtractorSitemap {
  return new ExtractorSitemap({ enabled: true, shouldProcessRule: undefined, urlPattern: undefined, enableLenientExtraction: false, maxUncompressedBytes: 52428800, maxParseTimeMs: 5000, maxElementDepth: 512, ...overrides });
}

async function linksOf(curi: CrawlUri, overrides: Partial<ExtractorSitemapConfig> = {}): Promise<string[]> {
  await extractor(overrides).process(curi);
  return curi.outlinks.map((l) => `${l.hop} ${l.uri} ${l.context}`);
}

const POSTS = [
  "M https://example.org/blog/ url[lastmod='2024-05-02T09:14:33+00:00']/loc",
  "M https://example.org/2024/05/spring-release/ url[lastmod='2024-05-02T09:14:33+00:00']/loc",
  "M https://example.org/2024/04/q&a-session/ url[lastmod='2024-04-11']/loc",
  'M https://example.org/tag/news/?page=2&sort=date url/loc',
  'M https://example.org/caf%C3%A9/ url/loc',
];

describe('ExtractorSitemap', () => {
  describe('a sitemap index', () => {
    it('makes each <sitemap><loc> an M hop, context sitemap/loc with its lastmod, never checking the location', async () => {
      expect(await linksOf(fetched('https://example.org/sitemap_index.xml', fixture('sitemap_index.xml'), fromRobots))).to.deep.equal([
        "M https://example.org/post-sitemap.xml sitemap[lastmod='2024-05-02T09:14:33+00:00']/loc",
        "M https://example.org/page-sitemap.xml sitemap[lastmod='2024-04-11T16:02:07+00:00']/loc",
        'M https://static.example.net/sitemaps/archive-sitemap.xml.gz sitemap/loc',
      ]);
    });

    it('leaves the document to the extractors after it, as Heritrix\'s does', async () => {
      const curi = fetched('https://example.org/sitemap_index.xml', fixture('sitemap_index.xml'));
      await extractor().process(curi);
      expect(curi.linkExtractorFinished).to.equal(false);
    });
  });

  describe('a urlset', () => {
    it('takes each <url><loc> with its lastmod; CDATA, entities, blanks, comments and extension elements handled', async () => {
      expect(await linksOf(fetched('https://example.org/post-sitemap.xml', fixture('post-sitemap.xml')))).to.deep.equal(POSTS);
    });

    it('takes every absolute URL with enableLenientExtraction, still no relative ones and no unusable lastmod', async () => {
      const links = await linksOf(fetched('https://example.org/post-sitemap.xml', fixture('post-sitemap.xml')), { enableLenientExtraction: true });
      expect(links).to.deep.equal([...POSTS.slice(0, 4), 'M https://other.example.net/elsewhere/ url/loc', POSTS[4]]);
    });

    it('keeps to the sitemap\'s folder unless lenient: /news/sitemap.xml may list /news/ only', async () => {
      const curi = () => fetched('https://example.org/news/news-sitemap.xml', fixture('news-sitemap.xml'), fromRobots);
      expect(await linksOf(curi())).to.deep.equal(['M https://example.org/news/2024/05/budget-vote.html url/loc']);
      expect(await linksOf(curi(), { enableLenientExtraction: true })).to.have.length(2);
    });

    it('reads namespace-prefixed elements (sm:urlset, sm:loc)', async () => {
      expect(await linksOf(fetched('https://example.org/news-sitemap.xml', fixture('news-sitemap.xml')))).to.deep.equal([
        'M https://example.org/news/2024/05/budget-vote.html url/loc',
        'M https://example.org/about.html url/loc',
      ]);
    });

    it('keeps lastmod in the context, where lastmodOfContext finds it', async () => {
      const curi = fetched('https://example.org/post-sitemap.xml', fixture('post-sitemap.xml'));
      await extractor().process(curi);
      expect(curi.outlinks.map((l) => lastmodOfContext(l.context))).to.deep.equal(['2024-05-02T09:14:33+00:00', '2024-05-02T09:14:33+00:00', '2024-04-11', undefined, undefined]);
    });

    it('takes the entries before the break of a sitemap cut short, but not the one cut', async () => {
      const text = fixture('post-sitemap.xml').toString('utf8');
      const cut = text.slice(0, text.indexOf('q&a-session'));
      expect(await linksOf(fetched('https://example.org/post-sitemap.xml', cut))).to.deep.equal(POSTS.slice(0, 2));
    });
  });

  describe('gzipped sitemaps', () => {
    const gz = () => gzipSync(fixture('post-sitemap.xml'));

    it('decompresses a .xml.gz typed application/x-gzip', async () => {
      expect(await linksOf(fetched('https://example.org/post-sitemap.xml.gz', gz(), { contentType: 'application/x-gzip' }))).to.deep.equal(POSTS);
    });

    it('decompresses gzip data whatever the name when a robots.txt listed it, or when typed XML', async () => {
      expect(await linksOf(fetched('https://example.org/sitemap?format=gz', gz(), { ...fromRobots, contentType: 'application/octet-stream' }))).to.deep.equal(POSTS);
      expect(await linksOf(fetched('https://example.org/post-sitemap', gz(), { contentType: 'text/xml' }))).to.deep.equal(POSTS);
    });

    it('stops decompressing at maxUncompressedBytes, keeping the entries before the cap', async () => {
      const text = fixture('post-sitemap.xml').toString('utf8');
      const cap = Buffer.byteLength(text.slice(0, text.indexOf('q&a-session')));
      expect(await linksOf(fetched('https://example.org/post-sitemap.xml.gz', gz(), { contentType: 'application/gzip' }), { maxUncompressedBytes: cap })).to.deep.equal(POSTS.slice(0, 2));
    });

    it('reads what a damaged gzip file held before the damage', async () => {
      const data = gz();
      const damaged = Buffer.concat([data.subarray(0, Math.floor(data.length * 0.9))]);
      const links = await linksOf(fetched('https://example.org/post-sitemap.xml.gz', damaged, { contentType: 'application/gzip' }));
      expect(links.length).to.be.within(1, POSTS.length);
      expect(links[0]).to.equal(POSTS[0]);
    });

    it('stops at 50,000 entries, the protocol\'s limit for one file', async () => {
      let xml = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
      for (let i = 0; i < 50_010; i++) xml += `<url><loc>https://example.org/p/${i}</loc></url>`;
      const links = await linksOf(fetched('https://example.org/big.xml.gz', gzipSync(xml + '</urlset>'), { contentType: 'application/gzip' }));
      expect(links).to.have.length(50_000);
      expect(links[49_999]).to.equal('M https://example.org/p/49999 url/loc');
    });
  });

  describe('text sitemaps', () => {
    it('reads a listed sitemap that is not XML as one URL a line, =MANIFEST_MISC, within its folder', async () => {
      const curi = () => fetched('https://example.org/docs/sitemap.txt', fixture('sitemap.txt'), { ...fromRobots, contentType: 'text/plain' });
      expect(await linksOf(curi())).to.deep.equal([
        'M https://example.org/docs/ =MANIFEST_MISC',
        'M https://example.org/docs/install.html =MANIFEST_MISC',
        'M https://example.org/docs/guide/getting-started.html =MANIFEST_MISC',
        'M https://example.org/docs/guide/config.html =MANIFEST_MISC',
      ]);
      expect(await linksOf(curi(), { enableLenientExtraction: true })).to.have.length(5);
    });

    it('never reads an unlisted text file as a sitemap', async () => {
      expect(await linksOf(fetched('https://example.org/docs/sitemap.txt', fixture('sitemap.txt'), { contentType: 'text/plain' }))).to.deep.equal([]);
    });
  });

  describe('what it reads as a sitemap', () => {
    const xml = fixture('sitemap_index.xml');

    it('sniffs the root element of XML-typed or .xml-named documents', async () => {
      expect(await linksOf(fetched('https://example.org/a', xml, { contentType: 'text/xml; charset=UTF-8' }))).to.have.length(3);
      expect(await linksOf(fetched('https://example.org/a.xml', xml, { contentType: 'text/plain' }))).to.have.length(3);
      expect(await linksOf(fetched('https://example.org/a.xml', xml, { contentType: '' }))).to.have.length(3);
    });

    it('reads a sitemap index listed it as a sitemap whatever its type and name', async () => {
      const listed = { hopsPath: 'PMM', via: 'https://example.org/sitemap_index.xml', viaContext: "sitemap[lastmod='2024-05-02']/loc" };
      expect(await linksOf(fetched('https://example.org/posts', fixture('post-sitemap.xml'), { ...listed, contentType: 'text/html' }))).to.deep.equal(POSTS);
    });

    it('reads what urlPattern matches (Java syntax, whole URI), whatever its type', async () => {
      const curi = () => fetched('https://example.org/Posts-Map?page=1', fixture('post-sitemap.xml'), { contentType: 'text/html' });
      expect(await linksOf(curi())).to.deep.equal([]);
      expect(await linksOf(curi(), { urlPattern: '(?i).*/posts-map\\?.*' })).to.deep.equal(POSTS);
      expect(await linksOf(curi(), { urlPattern: 'posts-map' })).to.deep.equal([]);
    });

    it('ignores other XML (feeds, XHTML), HTML at a sitemap\'s name, non-2xx answers and empty bodies', async () => {
      const rss = '<?xml version="1.0"?><rss version="2.0"><channel><item><link>https://example.org/x</link></item></channel></rss>';
      expect(await linksOf(fetched('https://example.org/feed.xml', rss, fromRobots))).to.deep.equal([]);
      expect(await linksOf(fetched('https://example.org/sitemap.xml', '<!doctype html><html><body><a ' +
        'href="/x">x</a></body></html>', { ...fromRobots, contentType: 'text/html' }))).to.deep.equal([]);
      expect(await linksOf(fetched('https://example.org/sitemap.xml', xml, { status: 404 }))).to.deep.equal([]);
      expect(await linksOf(fetched('https://example.org/sitemap.xml', '', fromRobots))).to.deep.equal([]);
    });

    it('never looks at HTML pages', async () => {
      const page = fetched('https://example.org/index.html', '<urlset><url><loc>https://example.org/x</loc></url></urlset>', { contentType: 'text/html' });
      expect(await linksOf(page)).to.deep.equal([]);
    });

    it('reads an XML declaration\'s encoding and a UTF-16 byte-order mark', async () => {
      const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><urlset><url><loc>https://example.org/caf\u00e9</loc></url></urlset>', 'latin1');
      expect(await linksOf(fetched('https://example.org/s.xml', latin1))).to.deep.equal(['M https://example.org/caf%C3%A9 url/loc']);
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<?xml version="1.0" ' +
        'encoding="UTF-16"?><urlset><url><loc>https://example.org/u</loc></url></urlset>', 'utf16le')]);
      expect(await linksOf(fetched('https://example.org/s.xml', utf16))).to.deep.equal(['M https://example.org/u url/loc']);
    });
  });

  describe('hostile sitemaps', () => {
    const urlset = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`;

    it('keeps the entries read before maxParseTimeMs ran out, annotated extractTimeTrunc', async () => {
      const xml = urlset(Array.from({ length: 50_000 }, (_, i) => `<url><loc>https://example.org/p${i}</loc><lastmod>2024-05-01</lastmod></url>`).join('\n'));
      const curi = fetched('https://example.org/sitemap.xml', xml);
      const links = await linksOf(curi, { maxParseTimeMs: 1 });
      expect(links[0]).to.equal("M https://example.org/p0 url[lastmod='2024-05-01']/loc");
      expect(links.length).to.be.above(0).and.below(50_000);
      expect(curi.annotations).to.deep.equal([EXTRACT_TIME_TRUNC]);
    });

    it('reads the entries after 500,000 `<` that open no tag, each followed by an unclosed quote, in linear time', async () => {
      const xml = urlset(`<url><loc>https://example.org/a</loc></url>${'< "'.repeat(500_000)}<url><loc>https://example.org/b</loc></url>`);
      expect(await linksOf(fetched('https://example.org/sitemap.xml', xml), { maxParseTimeMs: 0 }))
        .to.deep.equal(['M https://example.org/a url/loc', 'M https://example.org/b url/loc']);
    });

    it('reads the entries after 200,000 nested elements in linear time, tracking maxElementDepth of them', async () => {
      const deep = '<x>'.repeat(200_000) + '</x>'.repeat(200_000);
      const xml = urlset(`<url><loc>https://example.org/a</loc>${deep}</url><url><loc>https://example.org/b</loc></url>`);
      for (const maxElementDepth of [512, 8]) {
        expect(await linksOf(fetched('https://example.org/sitemap.xml', xml), { maxParseTimeMs: 0, maxElementDepth }), String(maxElementDepth))
          .to.deep.equal(['M https://example.org/a url/loc', 'M https://example.org/b url/loc']);
      }
    });
  });
});
