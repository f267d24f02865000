import { expect } from 'chai';
import type { BeanView } from '../../beans/registry/component-descriptor.js';
import { formBody, HtmlFormCredential, htmlFormCredentialComponent } from './html-form-credential.js';
import { HttpAuthenticationCredential } from './http-authentication-credential.js';
import { MapCredentialStore } from './map-credential-store.js';

function form(over: Partial<HtmlFormCredential['config']> = {}): HtmlFormCredential {
  return new HtmlFormCredential({ domain: 'site.test', loginUri: 'http://site.test/login', formItems: { user: 'alice', pw: 'a ' +
    'b&c' }, httpMethod: 'POST', ...over });
}

describe(HtmlFormCredential.name, () => {
  it('encodes its form items in order as application/x-www-form-urlencoded', () => {
    expect(formBody(form())).to.equal('user=alice&pw=a+b%26c');
    expect(form({ httpMethod: 'get' }).httpMethod).to.equal('GET');
  });

  it('is found by the credential store for its server only, apart from HTTP authentication credentials', () => {
    const basic = new HttpAuthenticationCredential({ domain: 'site.test', realm: '', login: 'bob', password: 'x' });
    const store = new MapCredentialStore({ credentials: { login: form(), basic } });
    expect(store.formLoginFor(new URL('http://site.test/a'))?.loginUri).to.equal('http://site.test/login');
    expect(store.formLoginFor(new URL('http://other.test/a'))).to.equal(undefined);
    expect(store.httpAuthFor(new URL('http://site.test/a'))).to.deep.equal([basic]);
  });

  it('refuses at verify a loginUri that is not an absolute http(s) URL', () => {
    const validate = (loginUri: string) => htmlFormCredentialComponent.validate!({ config: { domain: 'site.test', loginUri } } as unknown as BeanView);
    expect(validate('/login').map((i) => i.property)).to.deep.equal(['loginUri']);
    expect(validate('ftp://site.test/login').map((i) => i.message)).to.deep.equal(['"ftp://site.test/login" is not an http(s) URL']);
    expect(validate('http://site.test/login')).to.deep.equal([]);
  });
});
