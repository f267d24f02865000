import { expect } from 'chai';
import { base32 } from './base32.js';

describe('base32', () => {
  it('encodes the RFC 4648 test vectors, unpadded unless asked', () => {
    const vectors: [string, string][] = [['', ''], ['f', 'MY'], ['fo', 'MZXQ'], ['foo', 'MZXW6'], ['foob', 'MZXW6YQ'], ['fooba', 'MZXW6YTB'], ['foobar', 'MZXW6YTBOI']];
    for (const [text, encoded] of vectors) expect(base32(Buffer.from(text))).to.equal(encoded);
    expect(base32(Buffer.from('foobar'), true)).to.equal('MZXW6YTBOI======');
    expect(base32(Buffer.from('fo'), true)).to.equal('MZXQ====');
  });
});
