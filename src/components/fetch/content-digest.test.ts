import { expect } from 'chai';
import { contentDigest } from './content-digest.js';

describe('contentDigest', () => {
  it('gives Heritrix\'s sha1 digests', () => {
    expect(contentDigest('sha1', Buffer.alloc(0))).to.equal('sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ');
    expect(contentDigest('sha1', Buffer.from('abc'))).to.equal('sha1:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5');
  });
});
