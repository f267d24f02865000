import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { base32 } from './base32.js';
import { ResponseSpill } from './response-spill.js';

describe('ResponseSpill', () => {
  it('writes what is given and digests what was kept in memory before it with it', async () => {
    const dir = await tempDir({});
    try {
      const spill = new ResponseSpill(join(dir.dir, 'a.ris'), 'sha256');
      const kept = Buffer.from('kept in memory;');
      const rest = Buffer.alloc(3 * 1024 * 1024, 7);
      spill.digestOnly(kept);
      if (!spill.write(rest)) await spill.drained();
      await spill.close();
      const all = Buffer.concat([kept, rest]);
      expect((await readFile(spill.path)).equals(rest)).to.equal(true);
      const { sha1, entity } = spill.digests();
      expect([sha1, entity, spill.length]).to.deep.equal([`sha1:${base32(createHash('sha1').update(all).digest())}`,
        `sha256:${base32(createHash('sha256').update(all).digest())}`, rest.length]);
    } finally {
      await dir.cleanup();
    }
  });

  it('ends a wait for room when its file fails (a folder that is not there): drained() settles, close() throws the file\'s error', async () => {
    const dir = await tempDir({});
    try {
      const spill = new ResponseSpill(join(dir.dir, 'missing', 'a.ris'), 'sha1');
      expect(spill.write(Buffer.alloc(4 * 1024 * 1024)), 'the file\'s buffer is full').to.equal(false);
      await spill.drained();
      const error = await spill.close().then(() => undefined, (e: NodeJS.ErrnoException) => e);
      expect(error?.code).to.equal('ENOENT');
    } finally {
      await dir.cleanup();
    }
  });
});
