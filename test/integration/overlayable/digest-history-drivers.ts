import { build, byEffect, type Driver } from './driver.js';
import { fetchFromSite } from './loopback-fetch.js';
import { levelStore } from '../../support/level-store.js';
import type { Route } from '../../support/site-server.js';
import { tempDir } from '../../support/temp-dir.js';
import type { ContentDigestHistory } from '../../../src/model/content-digest-history.js';
import type { Processor } from '../../../src/model/processor.js';

/** Served once for both drivers (the loader's declares it). */
const ROUTES: Record<string, Route> = { '/copy': { headers: { 'content-type': 'text/plain' }, body: 'a payload met before' } };

/** A real ContentDigestHistoryStore on a real state store in a fresh folder, started, with `/copy`'s payload known under another URL. */
async function withHistory<T>(digest: string | undefined, use: (history: ContentDigestHistory) => Promise<T>): Promise<T> {
  const folder = await tempDir();
  const store = levelStore(folder.dir);
  await store.start();
  try {
    const history = await build<ContentDigestHistory & { start(): void }>('ContentDigestHistoryStore', { bdbModule: store }, 'contentDigestHistory');
    history.start();
    if (digest) history.store(digest, { 'original-url': 'http://elsewhere.test/original', 'content-written-date': '2026-11-25T12:00:00Z', 'content-digest-count': 1 });
    return await use(history);
  } finally {
    await store.stop();
    await folder.cleanup();
  }
}

const LOADER: Driver = {
  component: 'ContentDigestHistoryLoader',
  routes: ROUTES,
  cases: [byEffect('enabled', false, 'a payload the history knows is not made a revisit', { base: 'duplicate:digest', sheet: '' }, async (overlay, ctx) => {
    const curi = await fetchFromSite(ctx, overlay, '/copy');
    return withHistory(curi.contentDigest, async (contentDigestHistory) => {
      await (await build<Processor>('ContentDigestHistoryLoader', { contentDigestHistory })).process(curi);
      return curi.annotations.join(',');
    });
  })],
};

const STORER: Driver = {
  component: 'ContentDigestHistoryStorer',
  cases: [byEffect('enabled', false, 'a written payload is not kept in the ' +
    'history', { base: 'http://written.test/', sheet: undefined }, async (overlay, ctx) => {
    const curi = await fetchFromSite(ctx, overlay, '/copy');
    curi.writtenResponse = { url: 'http://written.test/', recordId: '<urn:uuid:0>', date: 0, warcFilename: 'WEB.warc.gz', warcFileOffset: 0 };
    return withHistory(undefined, async (contentDigestHistory) => {
      await (await build<Processor>('ContentDigestHistoryStorer', { contentDigestHistory })).process(curi);
      return (await contentDigestHistory.load(curi.contentDigest!))?.['original-url'];
    });
  })],
};

export const DIGEST_HISTORY_DRIVERS: Driver[] = [LOADER, STORER];
