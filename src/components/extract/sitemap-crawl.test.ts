import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { crawlJob, fastSets, type CrawlLogEntry } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';

/**
 * profiles/default.xml with Heritrix's whole extractor chain: extractorHttp, extractorRobotsTxt,
 * extractorSitemap, extractorHtml, extractorCss, extractorJs, extractorSwf.
 */
async function beansWithAllExtractors(): Promise<string> {
  const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  for (const id of ['extractorRobotsTxt', 'extractorSitemap', 'extractorHtml', 'extractorCss', 'extractorJs', 'extractorSwf']) {
    if (!profile.includes(`<ref bean="${id}"/>`)) throw new Error(`profiles/default.xml no longer has ${id} in its fetch chain`);
  }
  return profile;
}

function urlset(origin: string, paths: readonly string[], lastmod?: string): string {
  const urls = paths.map((p) => `  <url>\n    <loc>${origin}${p}</loc>${lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : ''}\n  </url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

describe('crawling a site through its sitemaps (integration)', function () {
  this.timeout(30000);

  const deep = ['/deep/a.html', '/deep/b.html', '/deep/c.html', '/deep/d.html'];
  const archive = ['/archive/2019/1.html', '/archive/2019/2.html', '/archive/2019/3.html'];
  let site: SiteServer;
  let elsewhere: SiteServer;

  before(async () => {
    elsewhere = await SiteServer.start({ '/listed.html': { body: page('elsewhere') } });
    const origin = 'http://127.0.0.1:PORT';
    const routes: Record<string, { body: string | Buffer; headers?: Record<string, string> }> = {
      '/': { body: page('home', ['/about.html'], '<link rel="stylesheet" href="/css/site.css">') },
      '/about.html': { body: page('about', ['/']) },
      '/css/site.css': { headers: { 'content-type': 'text/css' }, body: '@import "fonts.css";\nbody { background: url(../img/bg.png) }\n' },
      '/css/fonts.css': { headers: { 'content-type': 'text/css' }, body: '@font-face { font-family: x; src: url("/fonts/x.woff2") }\n' },
      '/img/bg.png': { headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      '/fonts/x.woff2': { headers: { 'content-type': 'font/woff2' }, body: Buffer.from('wOF2') },
      '/deep/e.html': { body: page('deep e, linked from deep a only') },
    };
    for (const p of [...deep, ...archive]) routes[p] = { body: page(p, p === '/deep/a.html' ? ['e.html'] : []) };
    site = await SiteServer.start(routes);
    const at = (text: string) => text.replaceAll(origin, site.origin);
    site.routes.set('/robots.txt', { headers: { 'content-type': 'text/plain' }, body: at(`User-agent: *\nDisallow: /private/\n\nSitemap: ` +
      `${origin}/sitemap_index.xml\n`) });
    site.routes.set('/sitemap_index.xml', {
      headers: { 'content-type': 'application/xml' },
      body: at(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
        `  <sitemap><loc>${origin}/sitemap-pages.xml</loc><lastmod>2024-05-02</lastmod></sitemap>\n` +
        `  <sitemap><loc>${origin}/sitemap-archive.xml.gz</loc></sitemap>\n</sitemapindex>\n`),
    });
    site.routes.set('/sitemap-pages.xml', {
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body: at(urlset(origin, [...deep, '/private/secret.html'], '2024-05-02')).replace('</urlset>', `  ` +
        `<url><loc>${elsewhere.origin}/listed.html</loc></url>\n</urlset>`),
    });
    site.routes.set('/sitemap-archive.xml.gz', { headers: { 'content-type': 'application/x-gzip' }, body: gzipSync(at(urlset(origin, archive))) });
  });

  after(async () => {
    await site.close();
    await elsewhere.close();
  });

  it('finds the pages nothing links to through robots.txt, a sitemap index, a sitemap and a gzipped one, with M hops', async () => {
    const { log, exitStatus } = await crawlJob(fastSets([`${site.origin}/`]), { beans: await beansWithAllExtractors() });
    expect(exitStatus).to.equal('FINISHED');
    const entry = (path: string): CrawlLogEntry => {
      const found = log.find((e) => e.uri === site.origin + path);
      expect(found, path).to.not.equal(undefined);
      return found!;
    };
    expect(entry('/robots.txt')).to.deep.include({ status: 200, hops: 'P', via: `${site.origin}/` });
    expect(entry('/sitemap_index.xml')).to.deep.include({ status: 200, hops: 'PM', via: `${site.origin}/robots.txt` });
    expect(entry('/sitemap-pages.xml')).to.deep.include({ status: 200, hops: 'PMM', via: `${site.origin}/sitemap_index.xml` });
    expect(entry('/sitemap-archive.xml.gz')).to.deep.include({ status: 200, hops: 'PMM', via: `${site.origin}/sitemap_index.xml`, mime: 'application/x-gzip' });
    for (const p of deep) expect(entry(p), p).to.deep.include({ status: 200, hops: 'PMMM', via: `${site.origin}/sitemap-pages.xml` });
    for (const p of archive) expect(entry(p), p).to.deep.include({ status: 200, hops: 'PMMM', via: `${site.origin}/sitemap-archive.xml.gz` });
    expect(entry('/deep/e.html')).to.deep.include({ status: 200, hops: 'PMMML', via: `${site.origin}/deep/a.html` });
  });

  it('fetches every page of the site exactly once, style sheets\' embeds too, and nothing robots.txt or the scope forbids', async () => {
    site.requests.length = 0;
    const { log } = await crawlJob(fastSets([`${site.origin}/`]), { beans: await beansWithAllExtractors() });
    const fetched = site.paths().sort();
    expect(fetched).to.deep.equal([
      '/', '/about.html', ...archive, '/css/fonts.css', '/css/site.css', ...deep, '/deep/e.html', '/fonts/x.woff2', '/img/bg.png',
      '/robots.txt', '/sitemap-archive.xml.gz', '/sitemap-pages.xml', '/sitemap_index.xml',
    ].sort());
    expect(log.find((e) => e.uri === `${site.origin}/img/bg.png`)).to.deep.include({ status: 200, hops: 'EE', via: `${site.origin}/css/site.css` });
    expect(log.find((e) => e.uri === `${site.origin}/fonts/x.woff2`)).to.deep.include({ status: 200, hops: 'EEE', via: `${site.origin}/css/fonts.css` });
    expect(log.find((e) => e.uri.endsWith('/private/secret.html'))).to.deep.include({ status: -9998, hops: 'PMMM' });
    expect(elsewhere.requests).to.have.length(0);
  });
});
