import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { FormLoginCredential } from '../../model/credential-store.js';
import { formLoginFailure } from './form-login-outcome.js';

const LOGIN: FormLoginCredential = { kind: 'form', domain: 'site.test', loginUri: 'http://site.test/account/login', formItems: [['user', 'alice'], ['pass', 'x']], httpMethod: 'POST' };

/** The login URI as fetched, with a status, headers and an HTML body. */
function answered(status: number, headers: Record<string, string> = {}, html = ''): CrawlUri {
  const curi = new CrawlUri(LOGIN.loginUri);
  curi.fetchStatus = status;
  curi.contentType = 'text/html';
  const body = Buffer.from(html, 'latin1');
  curi.response = { statusCode: status, statusText: status === 403 ? 'Forbidden' : 'OK', httpVersion: '1.1', rawHeaders: [], headers, rawBody: body, body, ipAddress: '127.0.0.1' };
  return curi;
}

describe('formLoginFailure', () => {
  it('names a 4xx or 5xx, and a login that could not be fetched', () => {
    expect(formLoginFailure(answered(403), LOGIN)).to.equal('answered 403 Forbidden');
    const lost = new CrawlUri(LOGIN.loginUri);
    lost.fetchStatus = -2;
    lost.annotations.push('err:ECONNREFUSED');
    expect(formLoginFailure(lost, LOGIN)).to.equal('could not be fetched (status -2, err:ECONNREFUSED)');
  });

  it('sees a redirect back to the login URI (its query aside), not one elsewhere', () => {
    expect(formLoginFailure(answered(302, { location: '/account/login?error=1' }), LOGIN)).to.equal('answered 302, back to the login form ' +
      '(http://site.test/account/login?error=1)');
    expect(formLoginFailure(answered(303, { location: '/home' }), LOGIN)).to.equal(undefined);
  });

  it('sees the login form again: a form submitting to the login URI asking for a password, or for every field the credential fills', () => {
    expect(formLoginFailure(answered(200, {}, '<p>bad</p><FORM method=post action="login"><input type="password" ' +
      'name="pw"></FORM>'), LOGIN)).to.equal('answered 200 with the login form again');
    expect(formLoginFailure(answered(200, {}, '<form><input name="user"><input name=pass></form>'), LOGIN)).to.equal('answered 200 with the login form again');
  });

  it('does not mistake a page that merely has another form, or a logout form, for the login form', () => {
    expect(formLoginFailure(answered(200, {}, '<html>welcome, alice <form action="/account/logout"><input ' +
      'type="password"></form></html>'), LOGIN)).to.equal(undefined);
    expect(formLoginFailure(answered(200, {}, '<form action="/account/login"><input name="user"></form>'), LOGIN)).to.equal(undefined);
    expect(formLoginFailure(answered(200, {}, '<html>welcome</html>'), LOGIN)).to.equal(undefined);
  });
});
