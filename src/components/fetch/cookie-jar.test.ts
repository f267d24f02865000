import { expect } from 'chai';
import { parseCookieDate } from './cookie-date.js';
import { CookieJar } from './cookie-jar.js';
import { defaultPath, isPublicSuffix, pathMatches } from './cookie-match.js';
import { parseSetCookie } from './parse-set-cookie.js';

const NOW = Date.UTC(2030, 0, 1);
const url = (u: string) => new URL(u);

/** A jar with the given Set-Cookie headers set by `from`, at NOW. */
function jar(from: string, ...headers: string[]): CookieJar {
  const j = new CookieJar();
  for (const h of headers) j.setCookie(url(from), h, NOW);
  return j;
}

describe('cookies (RFC 6265)', () => {
  describe(parseCookieDate.name, () => {
    it('reads the date forms servers send, two-digit years included', () => {
      const expected = Date.UTC(2021, 5, 9, 10, 18, 14);
      for (const text of ['Wed, 09 Jun 2021 10:18:14 GMT', 'Wednesday, 09-Jun-21 10:18:14 GMT', 'Wed Jun  9 10:18:14 2021', '09 jun 2021 10:18:14']) {
        expect(parseCookieDate(text), text).to.equal(expected);
      }
      expect(parseCookieDate('Thu, 01-Jan-70 00:00:01 GMT')).to.equal(1000);
    });

    it('refuses what is not a date', () => {
      for (const text of ['', 'tomorrow', 'Wed, 31 Feb 2021 10:18:14 GMT', 'Wed, 09 Jun 2021 25:18:14 GMT', 'Wed, 09 Jun 1500 10:18:14 GMT']) {
        expect(parseCookieDate(text), text).to.equal(undefined);
      }
    });
  });

  describe(parseSetCookie.name, () => {
    it('reads name, value and attributes, case-insensitively, the last of a kind winning', () => {
      expect(parseSetCookie(' sid = a b ; Path=/x; DOMAIN=.Example.ORG; secure; HttpOnly; SameSite=Lax; path=/y', NOW)).to.deep.equal({
        name: 'sid', value: 'a b', path: '/y', domain: 'example.org', secure: true, httpOnly: true, expiresAt: undefined,
      });
    });

    it('ignores a pair without "=" or without a name, and a Path not starting with "/"', () => {
      expect(parseSetCookie('novalue', NOW)).to.equal(undefined);
      expect(parseSetCookie('=x', NOW)).to.equal(undefined);
      expect(parseSetCookie('a=1; Path=x', NOW)!.path).to.equal(undefined);
      expect(parseSetCookie('a=', NOW)!.value).to.equal('');
    });

    it('prefers Max-Age to Expires whatever their order; Max-Age 0 or less expires at once', () => {
      expect(parseSetCookie('a=1; Max-Age=60; Expires=Wed, 09 Jun 2021 10:18:14 GMT', NOW)!.expiresAt).to.equal(NOW + 60_000);
      expect(parseSetCookie('a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT', NOW)!.expiresAt).to.equal(Date.UTC(2021, 5, 9, 10, 18, 14));
      expect(parseSetCookie('a=1; Max-Age=-1', NOW)!.expiresAt).to.equal(0);
      expect(parseSetCookie('a=1; Max-Age=soon; Expires=never', NOW)!.expiresAt).to.equal(undefined);
    });
  });

  describe('matching', () => {
    it('default path: the request path up to its last slash', () => {
      expect(['/', '/a', '/a/', '/a/b', '/a/b/c.html', ''].map(defaultPath)).to.deep.equal(['/', '/', '/a', '/a', '/a/b', '/']);
    });

    it('path match: equal, or a prefix ending at a slash', () => {
      expect(pathMatches('/docs/a', '/docs')).to.equal(true);
      expect(pathMatches('/docs', '/docs')).to.equal(true);
      expect(pathMatches('/docs/', '/docs/')).to.equal(true);
      expect(pathMatches('/docsxyz', '/docs')).to.equal(false);
      expect(pathMatches('/', '/docs')).to.equal(false);
    });

    it('public suffixes, approximately: one label, or a registry under a country code', () => {
      expect(['com', 'localhost', 'co.uk', 'com.au'].map(isPublicSuffix)).to.deep.equal([true, true, true, true]);
      expect(['example.com', 'example.co.uk', 'bbc.uk'].map(isPublicSuffix)).to.deep.equal([false, false, false]);
    });
  });

  describe(CookieJar.name, () => {
    it('sends a host-only cookie back to its host only, never to subdomains or other hosts', () => {
      const j = jar('http://www.example.org/', 'a=1');
      expect(j.header(url('http://www.example.org/any'), NOW)).to.equal('a=1');
      expect(j.header(url('https://www.example.org:8443/'), NOW)).to.equal('a=1');
      expect(j.header(url('http://sub.www.example.org/'), NOW)).to.equal(undefined);
      expect(j.header(url('http://example.org/'), NOW)).to.equal(undefined);
      expect(j.header(url('http://other.test/'), NOW)).to.equal(undefined);
    });

    it('sends a Domain cookie to the domain and its subdomains, and refuses a Domain that does not cover the host', () => {
      const j = jar('http://www.example.org/', 'a=1; Domain=example.org', 'b=2; Domain=other.org', 'c=3; Domain=org', 'd=4; Domain=ample.org');
      expect(j.header(url('http://example.org/'), NOW)).to.equal('a=1');
      expect(j.header(url('http://img.example.org/'), NOW)).to.equal('a=1');
      expect(j.header(url('http://other.org/'), NOW)).to.equal(undefined);
      expect(j.header(url('http://notexample.org/'), NOW)).to.equal(undefined);
      expect(j.size).to.equal(1);
    });

    it('keeps IP hosts exact, and a Domain equal to a one-label host host-only', () => {
      const ip = jar('http://127.0.0.1:8080/', 'a=1', 'b=2; Domain=0.0.1');
      expect(ip.header(url('http://127.0.0.1:9090/'), NOW)).to.equal('a=1');
      const local = jar('http://localhost/', 'a=1; Domain=localhost');
      expect(local.header(url('http://localhost/'), NOW)).to.equal('a=1');
      expect(local.all(NOW)[0].hostOnly).to.equal(true);
    });

    it('sends a cookie only under its path, the default path being the request\'s folder, longer paths first', () => {
      const j = jar('http://h.test/docs/page.html', 'folder=1', 'root=2; Path=/', 'deep=3; Path=/docs/a');
      expect(j.header(url('http://h.test/docs/a/x'), NOW)).to.equal('deep=3; folder=1; root=2');
      expect(j.header(url('http://h.test/docs'), NOW)).to.equal('folder=1; root=2');
      expect(j.header(url('http://h.test/other'), NOW)).to.equal('root=2');
    });

    it('sends a Secure cookie over https only', () => {
      const j = jar('https://h.test/', 's=1; Secure', 'p=2');
      expect(j.header(url('https://h.test/'), NOW)).to.equal('s=1; p=2');
      expect(j.header(url('http://h.test/'), NOW)).to.equal('p=2');
    });

    it('forgets a cookie once it expires, and when a later Set-Cookie expires it', () => {
      const j = jar('http://h.test/', 'short=1; Max-Age=10', 'gone=2; Expires=Thu, 01 Jan 2015 00:00:00 GMT', 'kept=3');
      expect(j.header(url('http://h.test/'), NOW)).to.equal('short=1; kept=3');
      expect(j.header(url('http://h.test/'), NOW + 11_000)).to.equal('kept=3');
      j.setCookie(url('http://h.test/'), 'kept=; Max-Age=0', NOW + 12_000);
      expect(j.header(url('http://h.test/'), NOW + 12_000)).to.equal(undefined);
      expect(j.size).to.equal(0);
    });

    it('replaces a cookie of the same name, domain and path, keeping its place (creation time)', () => {
      const j = jar('http://h.test/', 'a=1', 'b=2');
      j.setCookie(url('http://h.test/'), 'a=changed', NOW + 1000);
      expect(j.header(url('http://h.test/'), NOW + 1000)).to.equal('a=changed; b=2');
      expect(j.size).to.equal(2);
    });

    it('keeps at most maxPerDomain cookies a domain, the oldest going first', () => {
      const j = new CookieJar(3);
      for (let i = 0; i < 5; i++) j.setCookie(url('http://h.test/'), `c${i}=${i}`, NOW + i);
      expect(j.header(url('http://h.test/'), NOW + 10)).to.equal('c2=2; c3=3; c4=4');
      expect(j.size).to.equal(3);
    });
  });
});
