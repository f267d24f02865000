import { expect } from 'chai';
import { CookieJar } from './cookie-jar.js';
import { formatNetscapeCookies, parseNetscapeCookies } from './netscape-cookies.js';

const NOW = Date.UTC(2030, 0, 1);

describe('Netscape cookies files', () => {
  it('reads Heritrix\'s and curl\'s lines: domain cookies, host-only ones, HttpOnly, session expiries 0 and -1', () => {
    const text = [
      '# Heritrix Cookie File', '', '.example.org\tTRUE\t/\tFALSE\t1924992000\tsid\tabc',
      'www.example.org\tFALSE\t/docs\tTRUE\t0\tpref\tx=y', '#HttpOnly_host.test\tFALSE\t/\tFALSE\t-1\ttoken\t',
      'example.com\tTRUE\t/\tFALSE\t-1\tdomainwide\t1',
    ].join('\n');
    const { cookies, problems } = parseNetscapeCookies(text, NOW);
    expect(problems).to.deep.equal([]);
    expect(cookies.map((c) => [c.domain, c.hostOnly, c.path, c.secure, c.expiresAt, c.name, c.value, c.httpOnly])).to.deep.equal([
      ['example.org', false, '/', false, 1924992000000, 'sid', 'abc', false],
      ['www.example.org', true, '/docs', true, undefined, 'pref', 'x=y', false],
      ['host.test', true, '/', false, undefined, 'token', '', true],
      ['example.com', false, '/', false, undefined, 'domainwide', '1', false],
    ]);
  });

  it('reports lines that do not read', () => {
    const { problems } = parseNetscapeCookies('a\tb\nh\tFALSE\t/\tFALSE\tsoon\tn\tv\n\tFALSE\t/\tFALSE\t0\tn\tv\nh\tFALSE\t/\tFALSE\t0\t\tv\n');
    expect(problems).to.deep.equal([
      { line: 1, message: 'expected 7 tab-separated fields, found 2' },
      { line: 2, message: 'the expiry "soon" is not a number of seconds' },
      { line: 3, message: 'the domain is empty' },
      { line: 4, message: 'the cookie has no name' },
    ]);
  });

  it('writes what it reads back, session cookies with expiry 0', () => {
    const jar = new CookieJar();
    jar.setCookie(new URL('https://www.example.org/docs/a'), 'sid=1; Domain=example.org; Path=/; Secure; HttpOnly; Max-Age=3600', NOW);
    jar.setCookie(new URL('http://h.test/x/y'), 'pref=2', NOW);
    const text = formatNetscapeCookies(jar.all(NOW));
    expect(text.split('\n').slice(3)).to.deep.equal([
      `#HttpOnly_.example.org\tTRUE\t/\tTRUE\t${(NOW + 3600_000) / 1000}\tsid\t1`,
      'h.test\tFALSE\t/x\tFALSE\t0\tpref\t2',
      '',
    ]);
    const again = parseNetscapeCookies(text, NOW).cookies;
    expect(again.map(({ createdAt, ...c }) => c)).to.deep.equal(jar.all(NOW).map(({ createdAt, ...c }) => c));
  });
});
