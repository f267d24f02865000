import { expect } from 'chai';
import { dechunk } from './dechunk.js';

describe('dechunk()', () => {
  it('joins the chunks\' data, past extensions, the last chunk and trailers', () => {
    expect(dechunk(Buffer.from('6;name=x\r\nfirst \r\n6\r\nsecond\r\n0\r\nX-Trailer: y\r\n\r\n'))!.toString()).to.equal('first second');
  });

  it('gives what a body cut short holds, and undefined for a body that is not chunked', () => {
    expect(dechunk(Buffer.from('6\r\nfirst \r\n6\r\nsec'))!.toString()).to.equal('first sec');
    expect(dechunk(Buffer.from('<html>not chunked</html>'))).to.equal(undefined);
  });
});
