import { expect } from 'chai';
import { join } from 'node:path';
import { levelStore } from '../../../test/support/level-store.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { MemoryCookieStore } from './memory-cookie-store.js';

describe(MemoryCookieStore.name, () => {
  const SITE = new URL('http://shop.example.org/cart/');

  it('on resuming, does not read cookiesLoadFile again: a file cookie the run removed stays removed', async () => {
    const work = await tempDir({ 'cookies.txt': '.example.org\tTRUE\t/\tFALSE\t0\tconsent\tyes\nshop.example.org\tFALSE\t/\tFALSE\t0\tlang\ten\n' });
    try {
      const store = levelStore(join(work.dir, 'state'));
      await store.start();
      const file = join(work.dir, 'cookies.txt');
      const first = new MemoryCookieStore({ cookiesLoadFile: file, cookiesSaveFile: '', stateStore: store });
      await first.start();
      expect(first.cookieHeader(SITE)).to.equal('lang=en; consent=yes');
      first.storeSetCookies(SITE, ['lang=; Path=/; Max-Age=0']);
      await store.commit();
      const copy = join(work.dir, 'killed');
      await store.copyTo!(copy);
      await store.stop();

      const again = levelStore(copy);
      await again.start();
      const second = new MemoryCookieStore({ cookiesLoadFile: file, cookiesSaveFile: '', stateStore: again });
      await second.start();
      expect(second.cookieHeader(SITE)).to.equal('consent=yes');
      await again.stop();
    } finally {
      await work.cleanup();
    }
  });

  it('keeps the run\'s cookies in the state store: a resumed run sends what the killed one was given', async () => {
    const work = await tempDir();
    try {
      const store = levelStore(join(work.dir, 'state'));
      await store.start();
      const first = new MemoryCookieStore({ cookiesLoadFile: '', cookiesSaveFile: '', stateStore: store });
      await first.start();
      first.storeSetCookies(SITE, ['session=abc; Path=/', 'consent=yes; Domain=example.org; Path=/', 'gone=1; Path=/']);
      await store.commit();
      // Replaced and removed cookies are written as they stand at the next commit.
      first.storeSetCookies(SITE, ['session=def; Path=/', 'gone=; Path=/; Max-Age=0']);
      await store.commit();
      const copy = join(work.dir, 'killed');
      await store.copyTo!(copy); // the state as a kill would leave it: stop() never runs
      await store.stop();

      const again = levelStore(copy);
      await again.start();
      const second = new MemoryCookieStore({ cookiesLoadFile: '', cookiesSaveFile: '', stateStore: again });
      await second.start();
      expect(second.cookieHeader(SITE)).to.equal('session=def; consent=yes');
      expect(second.cookieHeader(new URL('http://www.example.org/'))).to.equal('consent=yes');
      await again.stop();
    } finally {
      await work.cleanup();
    }
  });
});
