import { expect } from 'chai';
import { decodeXmlEntities, scanSitemap, type SitemapEntry } from './scan-sitemap.js';

function scan(xml: string, max = Infinity): { root: string | undefined; entries: SitemapEntry[] } {
  const entries: SitemapEntry[] = [];
  const root = scanSitemap(xml, (e) => entries.push(e) < max);
  return { root, entries };
}

describe('scanSitemap', () => {
  it('returns the root element\'s local name, and reads no further when it is not a sitemap\'s', () => {
    expect(scan('\n<!-- c --><!DOCTYPE x [ <!ENTITY a "b"> ]><?pi ' +
      'x?><feed><url><loc>http://a/</loc></url></feed>')).to.deep.equal({ root: 'feed', entries: [] });
    expect(scan('just text')).to.deep.equal({ root: undefined, entries: [] });
    expect(scan('<sitemapindex/>')).to.deep.equal({ root: 'sitemapindex', entries: [] });
  });

  it('tells urlset entries from sitemap index entries', () => {
    expect(scan('<urlset><url><loc>http://a/1</loc></url></urlset>').entries).to.deep.equal([{ tag: 'url', loc: 'http://a/1' }]);
    expect(scan('<sitemapindex><sitemap><loc>http://a/s.xml</loc><lastmod>2024-01-01</lastmod></sitemap></sitemapindex>').entries).to.deep.equal([{ tag: 'sitemap', loc: 'http://a/s.xml', lastmod: '2024-01-01' }]);
  });

  it('ends an entry missing its end tag where the next begins, and at the end of the text', () => {
    expect(scan('<urlset><url><loc>http://a/1</loc><url><loc>http://a/2</loc>').entries.map((e) => e.loc)).to.deep.equal(['http://a/1', 'http://a/2']);
  });

  it('makes each of several locs in one url an entry, and skips empty and nested ones', () => {
    const xml = '<urlset><url><loc>http://a/1</loc><loc>http://a/2</loc></url><url><loc> ' +
      '</loc></url><url><x><loc>http://a/nested</loc></x></url><url><loc/></url></urlset>';
    expect(scan(xml).entries.map((e) => e.loc)).to.deep.equal(['http://a/1', 'http://a/2']);
  });

  it('reads attributes holding ">" and stops when told to', () => {
    expect(scan('<urlset ' +
      'a="1>2"><url><loc>http://a/1</loc></url><url><loc>http://a/2</loc></url></urlset>', 1).entries.map((e) => e.loc)).to.deep.equal(['http://a/1']);
  });

  it('decodes XML\'s entities and character references, leaving unknown ones', () => {
    expect(decodeXmlEntities('a&amp;b&lt;&gt;&quot;&apos;&#233;&#xE9;&nbsp;&#0;')).to.equal('a&b<>"\'éé&nbsp;&#0;');
  });
});
