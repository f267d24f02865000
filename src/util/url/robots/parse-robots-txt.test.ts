import { expect } from 'chai';
import { parseRobotsTxt } from './parse-robots-txt.js';

const UA = 'Mozilla/5.0 (compatible; beancrawl/1.0 +http://example.org/contact)';

function allowed(robots: string, url: string, userAgent = UA): boolean {
  return parseRobotsTxt(robots).isAllowed(userAgent, url);
}

describe('parseRobotsTxt()', () => {
  describe('RFC 9309 §5.1 simple example', () => {
    const robots = parseRobotsTxt(
      [
        'User-Agent: *',
        'Disallow: *.gif$',
        'Disallow: /example/',
        'Allow: /publications/',
        '',
        'User-Agent: foobot',
        'Disallow:/',
        'Allow:/example/page.html',
        'Allow:/example/allowed.gif',
        '',
        'User-Agent: barbot',
        'User-Agent: bazbot',
        'Disallow: /example/page.html',
        '',
        'User-Agent: quxbot',
        '',
      ].join('\n'),
    );
    const table: [string, string, boolean][] = [
      ['foobot', '/example/page.html', true],
      ['foobot', '/example/allowed.gif', true],
      ['foobot', '/example/other.html', false],
      ['foobot', '/', false],
      ['barbot', '/example/page.html', false],
      ['bazbot', '/example/page.html', false],
      ['barbot', '/example/other.html', true],
      ['bazbot', '/a.gif', true],
      ['quxbot', '/example/page.html', true],
      ['otherbot', '/example/page.html', false],
      ['otherbot', '/publications/x.html', true],
      ['otherbot', '/', true],
      ['otherbot', '/images/a.gif', false],
    ];
    for (const [agent, path, expected] of table) {
      it(`${expected ? 'allows' : 'disallows'} ${path} for ${agent}`, () => {
        expect(robots.isAllowed(agent, `http://www.example.com${path}`)).to.equal(expected);
      });
    }
  });

  describe('RFC 9309 §5.2 longest match example', () => {
    const robots = parseRobotsTxt('User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n');
    it('allows /example/page/', () => {
      expect(robots.isAllowed('foobot', 'http://www.example.com/example/page/')).to.equal(true);
    });
    it('disallows /example/page/disallowed.gif', () => {
      expect(robots.isAllowed('foobot', 'http://www.example.com/example/page/disallowed.gif')).to.equal(false);
    });
  });

  describe('group selection', () => {
    it('matches the product token case-insensitively', () => {
      expect(allowed('User-agent: BeanCrawl\nDisallow: /', 'http://h/x')).to.equal(false);
    });
    it('reads the first product name of a full user-agent string', () => {
      expect(allowed('User-agent: beancrawl\nDisallow: /x', 'http://h/x')).to.equal(false);
      expect(allowed('User-agent: mozilla\nDisallow: /x', 'http://h/x')).to.equal(true);
    });
    it('reads a versioned product in the file (beancrawl/2.0) as its name', () => {
      expect(allowed('User-agent: beancrawl/2.0\nDisallow: /x', 'http://h/x')).to.equal(false);
    });
    it('does not take a longer name for the crawler (beancrawler is not beancrawl)', () => {
      expect(allowed('User-agent: beancrawler\nDisallow: /x', 'http://h/x')).to.equal(true);
    });
    it('merges several groups naming the crawler', () => {
      const text = 'User-agent: beancrawl\nDisallow: /a\n\nUser-agent: other\nDisallow: /b\n\nUser-agent: beancrawl\nDisallow: /c\n';
      expect(allowed(text, 'http://h/a')).to.equal(false);
      expect(allowed(text, 'http://h/b')).to.equal(true);
      expect(allowed(text, 'http://h/c')).to.equal(false);
    });
    it('gives consecutive user-agent lines one group, blank lines between them included', () => {
      const text = 'User-agent: other\n\nUser-agent: beancrawl\nDisallow: /shared\n';
      expect(allowed(text, 'http://h/shared')).to.equal(false);
      expect(allowed(text, 'http://h/shared', 'other')).to.equal(false);
    });
    it('applies * only when no group names the crawler', () => {
      const text = 'User-agent: *\nDisallow: /\n\nUser-agent: beancrawl\nDisallow: /private\n';
      expect(allowed(text, 'http://h/public')).to.equal(true);
      expect(allowed(text, 'http://h/private')).to.equal(false);
      expect(allowed(text, 'http://h/public', 'someoneelse/1.0')).to.equal(false);
    });
    it('allows everything under a group that names the crawler but has no rules', () => {
      expect(allowed('User-agent: *\nDisallow: /\n\nUser-agent: beancrawl\n', 'http://h/x')).to.equal(true);
      expect(allowed('User-agent: beancrawl\nCrawl-delay: 1\n\nUser-agent: *\nDisallow: /\n', 'http://h/x')).to.equal(true);
    });
    it('allows everything when no group applies', () => {
      expect(allowed('User-agent: other\nDisallow: /\n', 'http://h/x')).to.equal(true);
      expect(allowed('', 'http://h/x')).to.equal(true);
    });
    it('ignores rules before any user-agent line', () => {
      expect(allowed('Disallow: /\nUser-agent: *\nDisallow: /private\n', 'http://h/x')).to.equal(true);
    });
    it('keeps answering the same after caching the choice for a user agent', () => {
      const robots = parseRobotsTxt('User-agent: beancrawl\nDisallow: /a\nUser-agent: *\nDisallow: /b\n');
      for (let i = 0; i < 3; i++) {
        expect(robots.isAllowed(UA, 'http://h/a')).to.equal(false);
        expect(robots.isAllowed('other', 'http://h/a')).to.equal(true);
        expect(robots.isAllowed('other', 'http://h/b')).to.equal(false);
      }
    });
  });

  describe('matching', () => {
    it('matches on path plus query', () => {
      expect(allowed('User-agent: *\nDisallow: /*?sort=', 'http://h/list?sort=asc')).to.equal(false);
      expect(allowed('User-agent: *\nDisallow: /*?sort=', 'http://h/list?page=2')).to.equal(true);
      expect(allowed('User-agent: *\nDisallow: /search?q=', 'http://h/search?q=x#frag')).to.equal(false);
    });
    it('lets the longest matching pattern win, whichever comes first', () => {
      expect(allowed('User-agent: *\nAllow: /a/b\nDisallow: /a', 'http://h/a/b/c')).to.equal(true);
      expect(allowed('User-agent: *\nDisallow: /a/b\nAllow: /a', 'http://h/a/b/c')).to.equal(false);
    });
    it('lets allow win a tie', () => {
      expect(allowed('User-agent: *\nDisallow: /page\nAllow: /page', 'http://h/page')).to.equal(true);
      expect(allowed('User-agent: *\nDisallow: /*.htm\nAllow: /page$', 'http://h/page.htm')).to.equal(false);
      expect(allowed('User-agent: *\nDisallow: /p*e\nAllow: /p?ge', 'http://h/p?ge')).to.equal(true);
    });
    it('treats * as any run of characters and a final $ as the end', () => {
      const text = 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /tmp*/cache\n';
      expect(allowed(text, 'http://h/docs/a.pdf')).to.equal(false);
      expect(allowed(text, 'http://h/docs/a.pdf?dl=1')).to.equal(true);
      expect(allowed(text, 'http://h/tmp-1/x/cache/y')).to.equal(false);
    });
    it('matches nothing with an empty Disallow', () => {
      expect(allowed('User-agent: *\nDisallow:\n', 'http://h/anything')).to.equal(true);
      expect(allowed('User-agent: *\nDisallow:\nDisallow: /x\n', 'http://h/x')).to.equal(false);
    });
    it('always allows /robots.txt', () => {
      expect(allowed('User-agent: *\nDisallow: /\n', 'http://h/robots.txt')).to.equal(true);
      expect(allowed('User-agent: *\nDisallow: /\n', 'http://h/robots.txt.bak')).to.equal(false);
    });
    it('compares non-ASCII rules UTF-8 percent-encoded, and %xx case-insensitively', () => {
      expect(allowed('User-agent: *\nDisallow: /caf\u00e9\n', 'http://h/caf%C3%A9/menu')).to.equal(false);
      expect(allowed('User-agent: *\nDisallow: /caf%c3%a9\n', 'http://h/caf%C3%A9')).to.equal(false);
      expect(allowed('User-agent: *\nDisallow: /caf%C3%A9\n', 'http://h/caf%c3%a9')).to.equal(false);
      expect(allowed('User-agent: *\nDisallow: /%7Euser\n', 'http://h/~user/')).to.equal(false);
    });
    it('accepts a path, or a URL object, instead of an absolute URL string', () => {
      const robots = parseRobotsTxt('User-agent: *\nDisallow: /x\n');
      expect(robots.isAllowed(UA, '/x?y')).to.equal(false);
      expect(robots.isAllowed(UA, new URL('http://h/x'))).to.equal(false);
      expect(robots.isAllowed(UA, 'http://h')).to.equal(true);
      expect(robots.isAllowed(UA, 'http://h?x')).to.equal(true);
    });
  });

  describe('reading the file', () => {
    it('skips a BOM', () => {
      expect(allowed('\uFEFFUser-agent: *\nDisallow: /x\n', 'http://h/x')).to.equal(false);
      const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('User-agent: *\nDisallow: /x\n')]);
      expect(parseRobotsTxt(bytes).isAllowed(UA, 'http://h/x')).to.equal(false);
    });
    it('ends lines at CR, LF and CRLF alike', () => {
      for (const eol of ['\r', '\n', '\r\n']) {
        const text = ['User-agent: *', 'Disallow: /a', 'Disallow: /b'].join(eol);
        expect(allowed(text, 'http://h/a'), JSON.stringify(eol)).to.equal(false);
        expect(allowed(text, 'http://h/b'), JSON.stringify(eol)).to.equal(false);
        expect(allowed(text, 'http://h/c'), JSON.stringify(eol)).to.equal(true);
      }
    });
    it('reads keys case-insensitively, with blanks around keys and values, and drops comments', () => {
      const text = '  USER-AGENT :  *  # everyone\n\tdisALLOW\t:\t/a  # not /b\nDisallow: /b#c\n# Disallow: /d\n';
      expect(allowed(text, 'http://h/a')).to.equal(false);
      expect(allowed(text, 'http://h/b-and-more')).to.equal(false);
      expect(allowed(text, 'http://h/d')).to.equal(true);
    });
    it('ignores lines without a colon, unknown keys and stray text', () => {
      const text = 'User-agent: *\nDisallow /a\nNoindex: /b\n<html>garbage</html>\nhello world\nDisallow: /c\n';
      expect(allowed(text, 'http://h/a')).to.equal(true);
      expect(allowed(text, 'http://h/b')).to.equal(true);
      expect(allowed(text, 'http://h/c')).to.equal(false);
    });
    it('lets an unknown key sit inside a run of user-agent lines without splitting the group', () => {
      const text = 'User-agent: other\nX-Foo: bar\nUser-agent: beancrawl\nDisallow: /x\n';
      expect(allowed(text, 'http://h/x', 'other')).to.equal(false);
    });
    it('parses at least 500 KiB', () => {
      const padding = '# ' + 'x'.repeat(98) + '\n';
      const text = 'User-agent: *\n' + padding.repeat(5065) + 'Disallow: /late\n';
      expect(Buffer.byteLength(text)).to.be.above(499 * 1024).and.below(500 * 1024);
      expect(allowed(text, 'http://h/late')).to.equal(false);
    });
    it('ignores everything after maxBytes', () => {
      const text = 'User-agent: *\nDisallow: /early\n' + '#'.repeat(100) + '\nDisallow: /late\n';
      const robots = parseRobotsTxt(text, { maxBytes: 120 });
      expect(robots.isAllowed(UA, 'http://h/early')).to.equal(false);
      expect(robots.isAllowed(UA, 'http://h/late')).to.equal(true);
      expect(parseRobotsTxt(new TextEncoder().encode(text), { maxBytes: 120 }).isAllowed(UA, 'http://h/late')).to.equal(true);
    });
    it('counts maxBytes in UTF-8 bytes, not characters', () => {
      const text = 'User-agent: *\n#' + '\u00e9'.repeat(60) + '\nDisallow: /x\n';
      expect(text.length).to.be.below(100);
      expect(parseRobotsTxt(text, { maxBytes: 100 }).isAllowed(UA, 'http://h/x')).to.equal(true);
      expect(parseRobotsTxt(text, { maxBytes: 200 }).isAllowed(UA, 'http://h/x')).to.equal(false);
    });
  });

  describe('.crawlDelaySeconds()', () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nCrawl-delay: 10\n\nUser-agent: beancrawl\nCrawl-delay: 2.5\nCrawl-delay: 7\n\nUser-agent: slowbot\nCrawl-delay: soon\n',
    );
    it("returns the crawler's own group's delay, the first one given", () => {
      expect(robots.crawlDelaySeconds(UA)).to.equal(2.5);
    });
    it('returns the * group delay for a crawler without a group', () => {
      expect(robots.crawlDelaySeconds('otherbot')).to.equal(10);
    });
    it('ignores a delay that is not a number', () => {
      expect(robots.crawlDelaySeconds('slowbot')).to.equal(undefined);
    });
    it('is undefined when no group applies', () => {
      expect(parseRobotsTxt('').crawlDelaySeconds(UA)).to.equal(undefined);
    });
  });

  describe('.sitemaps', () => {
    it('lists every Sitemap line in file order, inside or outside groups', () => {
      const text = 'Sitemap: http://h/a.xml\nUser-agent: other\nDisallow: /\nsitemap:http://h/b.xml\nSITEMAP: \n';
      expect(parseRobotsTxt(text).sitemaps).to.deep.equal(['http://h/a.xml', 'http://h/b.xml']);
    });
  });
});
