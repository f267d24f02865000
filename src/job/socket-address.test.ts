import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { MAX_SOCKET_PATH_BYTES, withSocketAddress } from './socket-address.js';

describe('withSocketAddress', () => {
  it('uses a path that fits as it is', async () => {
    expect(await withSocketAddress('/tmp/x/.beancrawl.sock', async (a) => a)).to.equal('/tmp/x/.beancrawl.sock');
  });

  it('binds a socket whose path is too long in its own folder, through an address that fits', async () => {
    const work = await tempDir();
    try {
      const folder = join(work.dir, ...Array.from({ length: 8 }, (_, i) => `a-folder-with-a-long-name-${i}`));
      await mkdir(folder, { recursive: true });
      const path = join(folder, '.beancrawl.sock');
      expect(Buffer.byteLength(path)).to.be.greaterThan(MAX_SOCKET_PATH_BYTES);
      const server = createServer();
      const used = await withSocketAddress(path, (address) => new Promise<string>((resolve, reject) => server.once('error', reject).listen({ path: address }, () => resolve(address))));
      try {
        expect(Buffer.byteLength(used), `address ${used}`).to.be.at.most(MAX_SOCKET_PATH_BYTES);
        expect(existsSync(path), 'the socket is in the folder the long path names').to.equal(true);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    } finally {
      await work.cleanup();
    }
  });
});
