import { expect } from 'chai';
import { surt } from './surt.js';

/**
 * Heritrix's SURT.fromURI written the way Heritrix writes it, with its splitter regex (Java's `\s`
 * is ASCII whitespace), as an oracle for the hand-written scanner.
 */
const HERITRIX_SPLITTER =
  /^(\w+:\/\/)(?:([-\w.!~*'()%;:&=+$,]+?)(@))?(?:((?:\d{1,3}\.){3}\d{1,3})|([^ \t\n\x0B\f\r]+?))(:\d+)?(\/[^ \t\n\x0B\f\r]*)?$/;

function heritrixSurt(s: string): string {
  const m = HERITRIX_SPLITTER.exec(s);
  if (!m) return s;
  let out = m[1] + '(';
  if (m[4] !== undefined) {
    out += m[4];
  } else {
    const host = m[5]!;
    let end = host.length;
    for (let i = host.length - 1; i >= 0; i--) {
      if (host[i - 1] !== '.' && i > 0) continue;
      out += host.slice(i, end) + ',';
      end = i - 1;
    }
  }
  out += (m[6] ?? '') + (m[3] ?? '') + (m[2] ?? '') + ')' + (m[7] ?? '');
  return [...out].map((ch) => (ch.length === 1 && ch !== '\u0130' ? ch.toLowerCase() : ch === '\u0130' ? 'i' : ch)).join('');
}

describe('surt()', () => {
  describe("Heritrix's documented examples (heritrix.md §4)", () => {
    const table: [string, string][] = [
      ['http://www.archive.org', 'http://(org,archive,www,)'],
      ['http://www.archive.org/movies/movies.php', 'http://(org,archive,www,)/movies/movies.php'],
      ['http://www.archive.org:8080/movies/movies.php', 'http://(org,archive,www,:8080)/movies/movies.php'],
      ['http://user:pass@www.archive.org/movies/movies.php', 'http://(org,archive,www,@user:pass)/movies/movies.php'],
      [
        'http://user:pass@www.archive.org:8080/movies/movies.php',
        'http://(org,archive,www,:8080@user:pass)/movies/movies.php',
      ],
      ['http://www.archive.org/movies/movies.php#top', 'http://(org,archive,www,)/movies/movies.php#top'],
      ['http://www.example.com/foo@bar', 'http://(com,example,www,)/foo@bar'],
      ['http://127.2.34.5/foo', 'http://(127.2.34.5)/foo'],
    ];
    for (const [input, expected] of table) {
      it(`writes ${input} as ${expected}`, () => {
        expect(surt(input)).to.equal(expected);
      });
    }
  });

  describe('transforming the string as given', () => {
    it('adds no "/" to an empty path', () => {
      expect(surt('http://example.org')).to.equal('http://(org,example,)');
    });
    it('keeps a default port', () => {
      expect(surt('http://example.org:80/')).to.equal('http://(org,example,:80)/');
    });
    it('keeps the fragment and the query', () => {
      expect(surt('http://example.org/a?b=c#d')).to.equal('http://(org,example,)/a?b=c#d');
    });
    it('lower-cases the whole result, path included', () => {
      expect(surt('HTTP://WWW.Example.ORG/Some/Path?Q=A')).to.equal('http://(org,example,www,)/some/path?q=a');
    });
    it('keeps the scheme, https included', () => {
      expect(surt('https://example.org/')).to.equal('https://(org,example,)/');
    });
    it('does not reverse a dotted-quad IP address, and keeps its port', () => {
      expect(surt('http://127.0.0.1:7777/ten')).to.equal('http://(127.0.0.1:7777)/ten');
    });
    it('reverses a dotted name that is not a dotted quad (five numbers)', () => {
      expect(surt('http://1.2.3.4.5/')).to.equal('http://(5,4,3,2,1,)/');
    });
    it('keeps an empty label between two dots', () => {
      expect(surt('http://a..b/')).to.equal('http://(b,,a,)/');
    });
    it('reads a query without a path as part of the host, as Heritrix does', () => {
      expect(surt('http://www.example.org?q=1')).to.equal('http://(org?q=1,example,www,)');
    });
    it('reads a ":" not followed by digits as part of the host', () => {
      expect(surt('http://example.org:abc/x')).to.equal('http://(org:abc,example,)/x');
    });
  });

  describe('strings Heritrix passes through unchanged', () => {
    for (const input of ['example.org/a', 'dns:www.example.org', 'mailto:a@example.org', 'http://', 'http://exa mple.org/', '(org,example,)/']) {
      it(`returns ${JSON.stringify(input)} unchanged`, () => {
        expect(surt(input)).to.equal(input);
      });
    }
  });

  it('lower-cases per UTF-16 unit as Java does (İ becomes i, not i + combining dot)', () => {
    expect(surt('http://example.org/\u0130X')).to.equal('http://(org,example,)/ix');
  });

  it("gives exactly what Heritrix's splitter regex gives, on awkward inputs", () => {
    const inputs = [
      'http://user@', 'http://user@host', 'http://a@b@c/d', 'http://u:p@1.2.3.4:99/x', 'ftp://x.y.z:21',
      'http://h:8:9/', 'http://h:/x', 'http://.a./', 'http://a.', 'http://%41.b/c', 'http://[::1]:8080/x',
      'http://x.org:080/', 'http://1.2.3.4567/', 'http://999.999.999.999/', 'h_1://a.b/c', 'http://a.b/c d',
      "http://u-s.e_r!~*'()%;:&=+$,@a.b/", 'http://a/b@c', 'http://a.b:12', 'http://a\tb/',
    ];
    for (const input of inputs) expect(surt(input), input).to.equal(heritrixSurt(input));
  });

  it("agrees with Heritrix's splitter regex on 5,000 generated strings", () => {
    const alphabet = ['a', 'B', '.', '1', '2', '3', ':', '/', '@', '?', '#', ' ', '_', '%', '(', '-', ','];
    let seed = 42;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let k = 0; k < 5000; k++) {
      let input = next(4) === 0 ? 'x' : 'http://';
      const length = next(14);
      for (let i = 0; i < length; i++) input += alphabet[next(alphabet.length)];
      expect(surt(input), JSON.stringify(input)).to.equal(heritrixSurt(input));
    }
  });
});
