import { expect } from 'chai';
import { charsetOf, headerMap, rawHeaderValue } from './header-map.js';
import { retryAfterMs } from './retry-after.js';

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(retryAfterMs('120', now)).to.equal(120_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:29:00 GMT', now)).to.equal(60_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:00:00 GMT', now)).to.equal(0);
    expect(retryAfterMs('soon', now)).to.equal(undefined);
    expect(retryAfterMs(undefined, now)).to.equal(undefined);
  });
});

describe('header maps', () => {
  it('lower-cases names and joins repeated headers', () => {
    const map = headerMap(['Content-Type', 'text/html', 'Vary', 'a', 'VARY', 'b']);
    expect({ ...map }).to.deep.equal({ 'content-type': 'text/html', vary: 'a, b' });
    expect(rawHeaderValue(['Location', '/x'], 'location')).to.equal('/x');
  });

  it('charsetOf: the charset parameter, lower-cased, quoted or not', () => {
    expect(charsetOf('text/html; charset=UTF-8')).to.equal('utf-8');
    expect(charsetOf('text/html;Charset="Shift_JIS"; x=y')).to.equal('shift_jis');
    expect(charsetOf('text/html')).to.equal(undefined);
  });
});
