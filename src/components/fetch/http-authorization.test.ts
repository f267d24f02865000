import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { parseChallenges } from './auth-challenge.js';
import { credentialMatches } from './http-authentication-credential.js';
import { basicAuthorization, canAnswerDigest, digestAuthorization } from './http-authorization.js';

const ann = { domain: 'h.test', realm: '', login: 'Mufasa', password: 'Circle of Life' };

/** The fields of a Digest Authorization header. */
function fields(header: string): Record<string, string> {
  return parseChallenges([header])[0].params as Record<string, string>;
}

describe('HTTP authentication', () => {
  describe(parseChallenges.name, () => {
    it('reads several challenges in one value and across values, with quoted commas and escapes', () => {
      const challenges = parseChallenges([
        'Digest realm="a, b", nonce=abc, qop="auth,auth-int", Basic realm="c \\"q\\""',
        'Negotiate dG9rZW4==, Bearer',
      ]);
      expect(challenges).to.deep.equal([
        { scheme: 'digest', params: { realm: 'a, b', nonce: 'abc', qop: 'auth,auth-int' } },
        { scheme: 'basic', params: { realm: 'c "q"' } },
        { scheme: 'negotiate', params: { dg9rzw4: '' } },
        { scheme: 'bearer', params: {} },
      ]);
    });
  });

  it('basic: base64 of login:password', () => {
    expect(basicAuthorization({ ...ann, login: 'Aladdin', password: 'open sesame' })).to.equal('Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==');
  });

  it('digest: answers RFC 7616 §3.9.1\'s example challenge, MD5 and SHA-256 (qop auth)', () => {
    const nonce = '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v';
    const opaque = 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS';
    for (const [algorithm, hash] of [['MD5', 'md5'], ['SHA-256', 'sha256']] as const) {
      const challenge = parseChallenges([`Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, nonce="${nonce}", ` +
        `opaque="${opaque}"`])[0];
      expect(canAnswerDigest(challenge)).to.equal(true);
      const f = fields(digestAuthorization(challenge, ann, '/dir/index.html', 1));
      expect([f.username, f.realm, f.uri, f.qop, f.nc, f.opaque, f.algorithm]).to.deep.equal(['Mufasa', 'http-auth@example.org', '/dir/index.html', 'auth', '00000001', opaque, algorithm]);
      const h = (s: string) => createHash(hash).update(s).digest('hex');
      const expected = h(`${h('Mufasa:http-auth@example.org:Circle of Life')}:${nonce}:00000001:${f.cnonce}:auth:${h('GET:/dir/index.html')}`);
      expect(f.response).to.equal(expected);
    }
  });

  it('digest: the RFC 2069 form without qop, and -sess algorithms', () => {
    const h = (s: string) => createHash('md5').update(s).digest('hex');
    const old = fields(digestAuthorization(parseChallenges(['Digest realm="r", nonce="n"'])[0], ann, '/x', 1));
    expect(old).to.not.have.any.keys('qop', 'nc', 'cnonce');
    expect(old.response).to.equal(h(`${h('Mufasa:r:Circle of Life')}:n:${h('GET:/x')}`));
    const sess = fields(digestAuthorization(parseChallenges(['Digest realm="r", nonce="n", qop=auth, algorithm=MD5-sess'])[0], ann, '/x', 2));
    const ha1 = h(`${h('Mufasa:r:Circle of Life')}:n:${sess.cnonce}`);
    expect(sess.response).to.equal(h(`${ha1}:n:00000002:${sess.cnonce}:auth:${h('GET:/x')}`));
  });

  it('digest: cannot answer an unknown algorithm or qop', () => {
    expect(canAnswerDigest(parseChallenges(['Digest realm="r", nonce="n", algorithm=SHA-1024'])[0])).to.equal(false);
    expect(canAnswerDigest(parseChallenges(['Digest realm="r", nonce="n", qop=auth-conf'])[0])).to.equal(false);
    expect(canAnswerDigest(parseChallenges(['Digest realm="r"'])[0])).to.equal(false);
  });

  it('matches a credential\'s domain to the server: host on the default port, host:port on any, Heritrix\'s host:443 for https', () => {
    const cases: [string, string, boolean][] = [
      ['example.org', 'http://example.org/a', true], ['Example.ORG', 'https://example.org/', true], ['example.org', 'http://example.org:8080/', false],
      ['example.org:8080', 'http://example.org:8080/', true], ['example.org:443', 'https://example.org/', true], ['example.org:80', 'http://example.org/', true],
      ['example.org:443', 'http://example.org/', false], ['example.org', 'http://www.example.org/', false],
    ];
    for (const [domain, url, expected] of cases) expect(credentialMatches(domain, new URL(url)), `${domain} ${url}`).to.equal(expected);
  });
});
