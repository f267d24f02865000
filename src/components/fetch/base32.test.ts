import { expect } from 'chai';
import { base32 } from './base32.js';
import { contentDigest } from './content-digest.js';

describe('base32', () => {
  it('encodes the RFC 4648 test vectors, unpadded unless asked', () => {
    const vectors: [string, string][] = [['', ''], ['f', 'MY'], ['fo', 'MZXQ'], ['foo', 'MZXW6'], ['foob', 'MZXW6YQ'], ['fooba', 'MZXW6YTB'], ['foobar', 'MZXW6YTBOI']];
    for (const [text, encoded] of vectors) expect(base32(Buffer.from(text))).to.equal(encoded);
    expect(base32(Buffer.from('foobar'), true)).to.equal('MZXW6YTBOI======');
    expect(base32(Buffer.from('fo'), true)).to.equal('MZXQ====');
  });

  it('gives Heritrix\'s sha1 digests', () => {
    expect(contentDigest('sha1', Buffer.alloc(0))).to.equal('sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ');
    expect(contentDigest('sha1', Buffer.from('abc'))).to.equal('sha1:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5');
  });
});
