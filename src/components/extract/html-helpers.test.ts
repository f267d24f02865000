import { expect } from 'chai';
import { hasNonHtmlExtension } from './has-non-html-extension.js';
import { isHtmlMimeType, looksLikeHtml } from './is-html-response.js';
import { classifyLinkRel, hasRelKeyword } from './link-rel.js';
import { metaRefreshUrl } from './meta-refresh-url.js';
import { parseLinkHeader } from './parse-link-header.js';
import { parseSrcset } from './parse-srcset.js';
import { hasNofollowDirective } from './robots-directives.js';
import { mimeTypeOf } from '../../util/mime-type-of.js';

describe('extract helpers', () => {
  describe('parseSrcset()', () => {
    const cases: Array<[string, string[]]> = [
      ['a.jpg', ['a.jpg']],
      ['a.jpg 1x, b.jpg 2x', ['a.jpg', 'b.jpg']],
      ['  a.jpg   480w ,b.jpg 800w,  ', ['a.jpg', 'b.jpg']],
      ['a.jpg,b.jpg', ['a.jpg,b.jpg']], // WHATWG: a comma without a blank after it is part of the URL
      ['/img,with,commas.jpg 1x, c.jpg 2x', ['/img,with,commas.jpg', 'c.jpg']],
      ['a.jpg (foo, bar) 1x, b.jpg', ['a.jpg', 'b.jpg']],
      ['data:image/png;base64,AAAA 1x, b.jpg 2x', ['data:image/png;base64,AAAA', 'b.jpg']],
      ['', []],
      [' , , ', []],
    ];
    for (const [value, urls] of cases) it(JSON.stringify(value), () => expect(parseSrcset(value)).to.deep.equal(urls));
  });

  describe('metaRefreshUrl()', () => {
    const cases: Array<[string, string | undefined]> = [
      ['5; url=/next', '/next'],
      ['0;URL=http://example.org/', 'http://example.org/'],
      ['0; url = "/quoted"; junk', '/quoted'],
      ["1;url='/single'", '/single'],
      ['0.5, /comma', '/comma'],
      ['0 /space', '/space'],
      ['3;  /no-url-prefix ', '/no-url-prefix'],
      ['0; urlencoded.html', 'urlencoded.html'],
      ['30', undefined],
      ['30;', undefined],
      ['', undefined],
      ['url=/no-time', undefined],
      ['5x; url=/bad', undefined],
    ];
    for (const [content, url] of cases) it(JSON.stringify(content), () => expect(metaRefreshUrl(content)).to.equal(url));
  });

  describe('parseLinkHeader()', () => {
    it('splits links at commas outside <…> and quotes and keeps the first rel', () => {
      expect(parseLinkHeader('</a,b>; rel="next prev"; title="x, y", <https://c/>;rel=canonical;rel=other, junk; rel=x, </d>')).to.deep.equal([
        { url: '/a,b', rel: 'next prev' },
        { url: 'https://c/', rel: 'canonical' },
        { url: '/d', rel: '' },
      ]);
    });

    it('reads escaped quotes and an unterminated header', () => {
      expect(parseLinkHeader('</q>; title="a \\"b\\""; rel=icon')).to.deep.equal([{ url: '/q', rel: 'icon' }]);
      expect(parseLinkHeader('</ok>; rel=next, <unterminated')).to.deep.equal([{ url: '/ok', rel: 'next' }]);
    });
  });

  describe('classifyLinkRel()', () => {
    const cases: Array<[string, string]> = [
      ['stylesheet', 'stylesheet'],
      ['STYLESHEET', 'stylesheet'],
      ['alternate stylesheet', 'stylesheet'],
      ['shortcut icon', 'icon'],
      ['apple-touch-icon', 'link'],
      ['prefetch', 'prefetch'],
      ['prerender', 'prerender'],
      ['modulepreload', 'modulepreload'],
      ['preload', 'link'],
      ['canonical', 'link'],
      ['dns-prefetch', 'none'],
      ['preconnect dns-prefetch', 'none'],
      ['pingback', 'none'],
      ['', 'none'],
      ['  \t ', 'none'],
    ];
    for (const [rel, kind] of cases) it(JSON.stringify(rel), () => expect(classifyLinkRel(rel)).to.equal(kind));

    it('finds a keyword among others, whole words only (hasRelKeyword)', () => {
      expect(hasRelKeyword('external NoFollow', 'nofollow')).to.equal(true);
      expect(hasRelKeyword('nofollowed', 'nofollow')).to.equal(false);
    });
  });

  describe('hasNofollowDirective()', () => {
    it('finds nofollow and none as whole directives', () => {
      expect(['nofollow', 'NOINDEX,NOFOLLOW', 'none', 'bot: none'].map(hasNofollowDirective)).to.deep.equal([true, true, true, true]);
      expect(['noindex', 'nofollowed', 'nonexistent', ''].map(hasNofollowDirective)).to.deep.equal([false, false, false, false]);
    });
  });

  describe('content type and sniffing', () => {
    it('accepts only text/html and application/xhtml+xml', () => {
      expect(['text/html', 'Text/HTML;charset=utf-8', 'application/xhtml+xml'].map((t) => isHtmlMimeType(mimeTypeOf(t)))).to.deep.equal([true, true, true]);
      expect(['text/htmlx', 'text/plain', 'application/xml', ''].map((t) => isHtmlMimeType(mimeTypeOf(t)))).to.deep.equal([false, false, false, false]);
    });

    it('sniffs HTML only in the first 512 bytes', () => {
      expect(looksLikeHtml(Buffer.from(`<!-- ${'x'.repeat(600)} --><html>`))).to.equal(false);
      expect(looksLikeHtml(Buffer.from('<!-- unclosed comment <html>'))).to.equal(false);
      expect(looksLikeHtml(Buffer.from('<html'))).to.equal(true);
      expect(looksLikeHtml(Buffer.from('<!doctype html>'))).to.equal(true);
      expect(looksLikeHtml(Buffer.from('<!doctype htmlx>'))).to.equal(false);
    });
  });

  describe('hasNonHtmlExtension()', () => {
    it('knows media extensions in the path only', () => {
      expect(['http://a/x.gif', 'http://a/b/x.JPEG?x=1', 'https://a/x.mp3#t'].map(hasNonHtmlExtension)).to.deep.equal([true, true, true]);
      expect(['http://a/x.html', 'http://a/x?f=y.gif', 'http://a/x.gif/', 'http://a.gif', 'http://a/x.giff'].map(hasNonHtmlExtension)).to.deep.equal([false, false, false, false, false]);
    });
  });
});
