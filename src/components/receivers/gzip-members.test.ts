import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { gzipMembers } from '../../../test/support/warc-reader.js';
import { GzipMembers } from './gzip-members.js';

describe(GzipMembers.name, () => {
  it('makes one standalone gzip member of each buffer, small ones at once and large ones on reused streams, concurrently', async () => {
    const gzip = new GzipMembers(2);
    const inputs = Array.from({ length: 24 }, (_, i) => randomBytes(i % 3 === 0 ? 200 : 20000 + 5000 * i));
    const outputs = await Promise.all(inputs.map((b) => gzip.gzip(b)));
    gzip.close();
    for (const [i, out] of outputs.entries()) {
      expect(gunzipSync(out)).to.deep.equal(inputs[i]);
      expect(gzipMembers(out)).to.have.length(1);
    }
    const file = gzipMembers(Buffer.concat(outputs));
    expect(file.map((m) => m.data)).to.deep.equal(inputs);
  });
});
