import { expect } from 'chai';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { decodeContent } from './decode-content.js';

describe('decodeContent', () => {
  const text = Buffer.from('<html>'.repeat(100));

  it('undoes gzip, x-gzip, deflate (zlib or raw), br and stacked codings', async () => {
    expect((await decodeContent(gzipSync(text), 'gzip', 1e6)).body).to.deep.equal(text);
    expect((await decodeContent(gzipSync(text), 'X-Gzip', 1e6)).body).to.deep.equal(text);
    expect((await decodeContent(deflateSync(text), 'deflate', 1e6)).body).to.deep.equal(text);
    expect((await decodeContent(deflateRawSync(text), 'deflate', 1e6)).body).to.deep.equal(text);
    expect((await decodeContent(brotliCompressSync(text), 'br', 1e6)).body).to.deep.equal(text);
    expect((await decodeContent(brotliCompressSync(gzipSync(text)), 'gzip, br', 1e6)).body).to.deep.equal(text);
  });

  it('returns the same buffer when there is nothing to undo', async () => {
    expect((await decodeContent(text, undefined, 1e6)).body).to.equal(text);
    expect((await decodeContent(text, 'identity', 1e6)).body).to.equal(text);
  });

  it('decodes a stream cut short as far as it goes', async () => {
    const cut = gzipSync(Buffer.from('x'.repeat(100_000) + 'y'.repeat(100_000))).subarray(0, 200);
    const decoded = await decodeContent(cut, 'gzip', 1e6, true);
    expect(decoded.failedCoding).to.equal(undefined);
    expect(decoded.body.length).to.be.greaterThan(0);
    expect((await decodeContent(cut, 'gzip', 1e6)).failedCoding).to.equal('gzip');
    const brotliCut = brotliCompressSync(Buffer.from('x'.repeat(100_000))).subarray(0, 10);
    expect((await decodeContent(brotliCut, 'br', 1e6, true)).failedCoding).to.equal(undefined);
  });

  it('keeps the raw body and names the coding when it cannot decode', async () => {
    expect(await decodeContent(text, 'compress', 1e6)).to.deep.equal({ body: text, failedCoding: 'compress' });
    expect(await decodeContent(Buffer.from('junk'), 'br', 1e6)).to.deep.equal({ body: Buffer.from('junk'), failedCoding: 'br' });
    const bomb = gzipSync(Buffer.alloc(100_000));
    expect((await decodeContent(bomb, 'gzip', 1000)).failedCoding).to.equal('gzip');
  });
});
