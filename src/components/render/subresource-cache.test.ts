import { expect } from 'chai';
import { readdir } from 'node:fs/promises';
import { tempDir } from '../../../test/support/temp-dir.js';
import { SubresourceCache } from './subresource-cache.js';

const response = (body: string) => ({ kind: 'response', status: 200, headers: { 'content-type': 'text/css' }, body: Buffer.from(body) }) as const;

describe('SubresourceCache', () => {
  it('serves what it kept, refusals too, and drops the oldest bodies past its bound', async () => {
    const dir = await tempDir({});
    try {
      const cache = new SubresourceCache(`${dir.dir}/cache`, 10);
      await cache.open();
      await cache.put('a', response('aaaa'));
      await cache.put('b', response('bbbb'));
      await cache.put('out', { kind: 'refused', why: 'status -9998' });
      expect(await cache.get('a')).to.deep.include({ kind: 'response', status: 200 });
      expect((await cache.get('b') as { body: Buffer }).body.toString()).to.equal('bbbb');
      expect(await cache.get('out')).to.deep.equal({ kind: 'refused', why: 'status -9998' });
      // 'a' was read before 'b': 'a' is the older, dropped once 12 bytes would be kept.
      await cache.get('b');
      await cache.put('c', response('cccc'));
      expect(await cache.get('a'), 'the oldest, dropped').to.equal(undefined);
      expect(cache.has('b') && cache.has('c')).to.equal(true);
      expect(cache.dropped).to.equal(1);
      await cache.put('huge', response('x'.repeat(11)));
      expect(cache.has('huge'), 'a body larger than the bound is not kept').to.equal(false);
      await cache.close();
      expect(await readdir(dir.dir)).to.deep.equal([]);
    } finally {
      await dir.cleanup();
    }
  });
});
