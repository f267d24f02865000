import { expect } from 'chai';
import { normalizeUrl } from './normalize-url.js';

const BASE = 'http://a/b/c/d;p?q';

describe('normalizeUrl()', () => {
  describe('RFC 3986 §5.4 reference resolution, base http://a/b/c/d;p?q (WHATWG serialisation, no fragment)', () => {
    const normal: [string, string | null][] = [
      ['g:h', null], // resolves to g:h, a scheme the crawler cannot fetch
      ['g', 'http://a/b/c/g'],
      ['./g', 'http://a/b/c/g'],
      ['g/', 'http://a/b/c/g/'],
      ['/g', 'http://a/g'],
      ['//g', 'http://g/'],
      ['?y', 'http://a/b/c/d;p?y'],
      ['g?y', 'http://a/b/c/g?y'],
      ['#s', 'http://a/b/c/d;p?q'],
      ['g#s', 'http://a/b/c/g'],
      ['g?y#s', 'http://a/b/c/g?y'],
      [';x', 'http://a/b/c/;x'],
      ['g;x', 'http://a/b/c/g;x'],
      ['g;x?y#s', 'http://a/b/c/g;x?y'],
      ['', 'http://a/b/c/d;p?q'],
      ['.', 'http://a/b/c/'],
      ['./', 'http://a/b/c/'],
      ['..', 'http://a/b/'],
      ['../', 'http://a/b/'],
      ['../g', 'http://a/b/g'],
      ['../..', 'http://a/'],
      ['../../', 'http://a/'],
      ['../../g', 'http://a/g'],
    ];
    const abnormal: [string, string][] = [
      ['../../../g', 'http://a/g'],
      ['../../../../g', 'http://a/g'],
      ['/./g', 'http://a/g'],
      ['/../g', 'http://a/g'],
      ['g.', 'http://a/b/c/g.'],
      ['.g', 'http://a/b/c/.g'],
      ['g..', 'http://a/b/c/g..'],
      ['..g', 'http://a/b/c/..g'],
      ['./../g', 'http://a/b/g'],
      ['./g/.', 'http://a/b/c/g/'],
      ['g/./h', 'http://a/b/c/g/h'],
      ['g/../h', 'http://a/b/c/h'],
      ['g;x=1/./y', 'http://a/b/c/g;x=1/y'],
      ['g;x=1/../y', 'http://a/b/c/y'],
      ['g?y/./x', 'http://a/b/c/g?y/./x'],
      ['g?y/../x', 'http://a/b/c/g?y/../x'],
      ['g#s/./x', 'http://a/b/c/g'],
      ['g#s/../x', 'http://a/b/c/g'],
      ['http:g', 'http://a/b/c/g'], // RFC's "for backward compatibility" reading, as WHATWG does
    ];
    for (const [reference, expected] of normal) {
      it(`resolves normal example ${JSON.stringify(reference)} to ${expected}`, () => {
        expect(normalizeUrl(reference, BASE)).to.equal(expected);
      });
    }
    for (const [reference, expected] of abnormal) {
      it(`resolves abnormal example ${JSON.stringify(reference)} to ${expected}`, () => {
        expect(normalizeUrl(reference, BASE)).to.equal(expected);
      });
    }
  });

  describe("what it changes: WHATWG's serialisation, the fragment, a host's trailing dot", () => {
    const table: [string, string][] = [
      ['HTTP://WWW.Example.ORG:80/a', 'http://www.example.org/a'],
      ['https://example.org:443', 'https://example.org/'],
      ['http://example.org/a b', 'http://example.org/a%20b'],
      ['http://example.org/page#section', 'http://example.org/page'],
      ['http://example.org/page#', 'http://example.org/page'],
      ['http://example.org./a', 'http://example.org/a'],
      ['http://example.org.:8080/a', 'http://example.org:8080/a'],
      ['http://b\u00fccher.example/', 'http://xn--bcher-kva.example/'],
      ['  http://example.org/  ', 'http://example.org/'],
      ['file:///tmp/a.html', 'file:///tmp/a.html'],
    ];
    for (const [input, expected] of table) {
      it(`writes ${JSON.stringify(input)} as ${expected}`, () => {
        expect(normalizeUrl(input)).to.equal(expected);
      });
    }
  });

  describe('what it keeps', () => {
    const table: [string, string][] = [
      ['http://example.org/Path/To/Page.HTML', 'path case'],
      ['http://example.org/a?z=1&a=2', 'query order'],
      ['http://example.org/caf%C3%A9?q=%41%2f', 'percent-escapes, unreserved ones too'],
      ['http://example.org/a?', 'an empty query'],
      ['http://example.org/a?x=1&', 'a trailing "&"'],
      ['http://user:pass@example.org/', 'userinfo'],
      ['http://www.example.org/a;jsessionid=0123', 'session ids'],
    ];
    for (const [url, what] of table) {
      it(`keeps ${what}`, () => {
        expect(normalizeUrl(url)).to.equal(url);
      });
    }
  });

  describe('what it refuses (null)', () => {
    const table: [string, string | undefined][] = [
      ['javascript:void(0)', undefined],
      ['JavaScript:alert(1)', 'http://example.org/'],
      [' javascript:alert(1)', 'http://example.org/'],
      ['mailto:someone@example.org', 'http://example.org/'],
      ['data:text/html,hello', undefined],
      ['tel:+123', 'http://example.org/'],
      ['ftp://example.org/file', undefined],
      ['about:blank', undefined],
      ['http://exa mple.org/', undefined],
      ['http://example.org:99999/', undefined],
      ['relative/path', undefined],
      ['http://[::1/', undefined],
      ['/a', 'not a url'],
    ];
    for (const [href, base] of table) {
      it(`refuses ${JSON.stringify(href)}${base ? ` against ${base}` : ''}`, () => {
        expect(normalizeUrl(href, base)).to.equal(null);
      });
    }
  });

  it('accepts a URL object as base', () => {
    expect(normalizeUrl('../x', new URL('https://example.org/a/b/c'))).to.equal('https://example.org/a/x');
  });
});
