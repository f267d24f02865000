import { expect } from 'chai';
import { jwkThumbprint } from './jwk-thumbprint.js';

describe('jwkThumbprint', () => {
  it('gives RFC 8037 Appendix A.3\'s thumbprint of its Ed25519 example key', () => {
    const jwk = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' };
    expect(jwkThumbprint(jwk)).to.equal('kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k');
  });

  it('gives RFC 7638 §3.1\'s thumbprint of its RSA example key, ignoring members it does not hash', () => {
    const n = '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yB' +
      'XArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0f' +
      'M4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw';
    expect(jwkThumbprint({ kty: 'RSA', n, e: 'AQAB', alg: 'RS256', kid: '2011-04-29' })).to.equal('NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
  });

  it('refuses a key type it does not know and a key lacking a member', () => {
    expect(() => jwkThumbprint({ kty: 'oct', k: 'AA' })).to.throw(/key type "oct"/);
    expect(() => jwkThumbprint({ kty: 'OKP', crv: 'Ed25519' })).to.throw(/"x"/);
  });
});
