import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { Link } from '../../model/hop.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { unescapeCss } from './css-urls.js';
import { ExtractorCss } from './extractor-css.js';
import { EXTRACT_TIME_TRUNC } from './parse-budget.js';

const fixture = (name: string) => readFileSync(join(REPO_ROOT, 'src/components/extract/fixtures', name));

function fetched(uri: string, body: string | Buffer, contentType = 'text/css', status = 200): CrawlUri {
  const curi = new CrawlUri(uri);
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  curi.fetchStatus = status;
  curi.contentType = contentType;
  curi.response = { statusCode: status, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: { 'content-type': contentType }, rawBody: bytes, body: bytes, ipAddress: '127.0.0.1' };
  return curi;
}

const extractor = (enabled = true) => new ExtractorCss({ enabled, shouldProcessRule: undefined, maxParseTimeMs: 5000 });

function linksOf(curi: CrawlUri): string[] {
  extractor().process(curi);
  return curi.outlinks.map((l: Link) => `${l.hop} ${l.uri} ${l.context}`);
}

describe('ExtractorCss', () => {
  describe('a style sheet with every form of reference', () => {
    const links = () => linksOf(fetched('https://example.org/static/css/site.css', fixture('site.css'), 'text/css; charset=utf-8'));

    it('takes url() quoted or not, any case, blanks inside, and @import with a string or url(), in order, as E hops with =EMBED_MISC', () => {
      expect(links()).to.deep.equal([
        'E https://example.org/static/css/reset.css =EMBED_MISC',
        'E https://example.org/static/css/print.css =EMBED_MISC',
        'E https://fonts.example-cdn.com/css2?family=Inter:wght@400;700&display=swap =EMBED_MISC',
        'E https://example.org/static/css/legacy.css =EMBED_MISC',
        'E https://example.org/static/img/hero.webp =EMBED_MISC',
        'E https://example.org/img/bg.png =EMBED_MISC',
        'E https://example.org/static/css/icons/sprite(1).svg =EMBED_MISC',
        'E https://example.org/static/fonts/inter.woff2 =EMBED_MISC',
        'E https://example.org/static/fonts/inter.woff =EMBED_MISC',
        'E https://example.org/img/caf%C3%A9.png =EMBED_MISC',
        'E https://example.org/static/css/a.png =EMBED_MISC',
        'E https://example.org/static/css/b.png =EMBED_MISC',
        'E https://example.org/after.png =EMBED_MISC',
      ]);
    });

    it('skips comments, strings, data: URIs, empty and malformed url() and other functions', () => {
      const uris = links().join('\n');
      for (const absent of ['commented-out', 'not-a-link', 'data:', 'bad', 'nope', 'broken']) expect(uris).to.not.include(absent);
    });

    it('marks the sheet finished for the extractors after it', () => {
      const curi = fetched('https://example.org/static/css/site.css', fixture('site.css'));
      extractor().process(curi);
      expect(curi.linkExtractorFinished).to.equal(true);
    });
  });

  describe('rustdoc\'s style sheets (real files)', () => {
    it('finds the 14 web fonts of rustdoc.css and none of its 26 inline SVG data: URIs', () => {
      const links = linksOf(fetched('https://doc.rust-lang.org/stable/static.files/rustdoc-b7b9f40b.css', fixture('rustdoc.css')));
      expect(links).to.have.length(14);
      expect(links[0]).to.equal('E https://doc.rust-lang.org/stable/static.files/FiraSans-Regular-0fe48ade.woff2 =EMBED_MISC');
      expect(links.every((l) => l.endsWith('.woff2 =EMBED_MISC'))).to.equal(true);
    });

    it('resolves fonts.css\'s ../fonts/ URLs against the sheet', () => {
      const links = linksOf(fetched('https://doc.rust-lang.org/book/fonts/fonts.css', fixture('rustdoc-fonts.css')));
      expect(links).to.have.length(11);
      expect(links[0]).to.equal('E https://doc.rust-lang.org/book/fonts/open-sans-v17-all-charsets-300-7736aa35.woff2 =EMBED_MISC');
    });
  });

  describe('which responses it reads', () => {
    const css = 'a { background: url(/x.png) }';

    it('reads a Content-Type mentioning css, or a .css URI whatever its type (Heritrix\'s test)', () => {
      expect(linksOf(fetched('http://example.org/s', css, 'text/css'))).to.have.length(1);
      expect(linksOf(fetched('http://example.org/s', css, 'TEXT/CSS;charset=UTF-8'))).to.have.length(1);
      expect(linksOf(fetched('http://example.org/s', css, 'text/x-css'))).to.have.length(1);
      expect(linksOf(fetched('http://example.org/s.CSS?v=3', css, 'text/plain'))).to.have.length(1);
      expect(linksOf(fetched('http://example.org/s.css', css, ''))).to.have.length(1);
    });

    it('leaves other types, non-2xx answers, empty bodies and finished documents alone', () => {
      expect(linksOf(fetched('http://example.org/s', css, 'text/plain'))).to.deep.equal([]);
      expect(linksOf(fetched('http://example.org/s.css', css, 'text/css', 404))).to.deep.equal([]);
      expect(linksOf(fetched('http://example.org/s.css', '', 'text/css'))).to.deep.equal([]);
      const finished = fetched('http://example.org/s.css', css);
      finished.linkExtractorFinished = true;
      expect(linksOf(finished)).to.deep.equal([]);
      const disabled = fetched('http://example.org/s.css', css);
      extractor(false).process(disabled);
      expect(disabled.outlinks).to.deep.equal([]);
    });

    it('decodes by BOM, header charset or @charset, else UTF-8', () => {
      const latin1 = Buffer.concat([Buffer.from('@charset "iso-8859-1";\na { background: ' +
        'url(/caf', 'latin1'), Buffer.from([0xe9]), Buffer.from('.png) }', 'latin1')]);
      expect(linksOf(fetched('http://example.org/s.css', latin1))).to.deep.equal(['E http://example.org/caf%C3%A9.png =EMBED_MISC']);
      const utf8 = Buffer.from('a { background: url(/café.png) }', 'utf8');
      expect(linksOf(fetched('http://example.org/s.css', utf8))).to.deep.equal(['E http://example.org/caf%C3%A9.png =EMBED_MISC']);
    });
  });

  describe('unescapeCss', () => {
    it('undoes hex escapes (one blank after them eaten), escaped characters and escaped newlines', () => {
      expect(unescapeCss('a\\(1\\).png')).to.equal('a(1).png');
      expect(unescapeCss('caf\\E9 .png')).to.equal('café.png');
      expect(unescapeCss('caf\\0000e9x')).to.equal('caféx');
      expect(unescapeCss('a\\\nb')).to.equal('ab');
      expect(unescapeCss('\\0')).to.equal('\ufffd');
    });
  });

  describe('a style sheet over maxParseTimeMs', () => {
    it('keeps the links read before the budget ran out, annotated extractTimeTrunc', async () => {
      const css = Array.from({ length: 300_000 }, (_, i) => `.c${i} { background: url(/img/${i}.png) }`).join('\n');
      const curi = fetched('https://example.org/big.css', css);
      expect(await new ExtractorCss({ enabled: true, shouldProcessRule: undefined, maxParseTimeMs: 1 }).process(curi)).to.equal('PROCEED');
      expect(curi.outlinks[0]?.uri).to.equal('https://example.org/img/0.png');
      expect(curi.outlinks.length).to.be.above(0).and.below(300_000);
      expect(curi.annotations).to.deep.equal([EXTRACT_TIME_TRUNC]);
      expect(curi.linkExtractorFinished).to.equal(true);
    });
  });
});
