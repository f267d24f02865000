import { build, byEffect, uriUnder, type DriveContext, type Driver } from './driver.js';
import { fetchFromSite } from './loopback-fetch.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import { levelStore } from '../../support/level-store.js';
import type { Route } from '../../support/site-server.js';
import { tempDir } from '../../support/temp-dir.js';
import type { CrawlUri } from '../../../src/model/crawl-uri.js';
import type { FetchHistory, FetchHistoryEntry } from '../../../src/model/fetch-history.js';
import type { Processor } from '../../../src/model/processor.js';
import type { StateStore } from '../../../src/model/state-store.js';

const ETAG = '"v2"';
const LAST_MODIFIED = 'Thu, 02 Jan 2025 00:00:00 GMT';

const ROUTES: Record<string, Route> = {
  '/document': { headers: { 'content-type': 'text/plain', etag: ETAG, 'last-modified': LAST_MODIFIED }, body: 'version two' },
};

/** A real FetchHistoryStore on a real state store in a fresh folder, started; `close` stops both and removes the folder. */
async function openHistory(config: Record<string, unknown> = {}): Promise<{ history: FetchHistory; store: StateStore; close(): Promise<void> }> {
  const folder = await tempDir();
  const store = levelStore(folder.dir);
  await store.start();
  const history = await build<FetchHistory & { start(): Promise<void> }>('FetchHistoryStore', { stateStore: store, ...config }, 'fetchHistory');
  await history.start();
  return {
    history, store,
    close: async () => {
      await store.stop();
      await folder.cleanup();
    },
  };
}

/** `/document`, fetched by a real FetchHttp, then judged by FetchHistoryProcessor against an earlier fetch that differs by `earlier`. */
async function deltaOf(overlay: RecordingSheetOverlay, ctx: DriveContext, earlier: (now: FetchHistoryEntry) => Partial<FetchHistoryEntry>): Promise<string | undefined> {
  const curi = await fetchFromSite(ctx, overlay, '/document');
  const now: FetchHistoryEntry = { status: 200, fetchTime: Date.now() - 86_400_000, etag: ETAG, lastModified: LAST_MODIFIED, digest: curi.contentDigest, size: curi.contentSize, mimeType: 'text/plain' };
  curi.history = { fetches: [{ ...now, ...earlier(now) }], document: true, lastSeenRun: 1, lastTriedRun: 1, firstSeenRun: 1, goneCount: 0 };
  const { history: fetchHistory, close } = await openHistory({ deltaCrawl: true });
  try {
    await (await build<Processor>('FetchHistoryProcessor', { fetchHistory })).process(curi);
    return curi.delta;
  } finally {
    await close();
  }
}

const FETCH_HISTORY_PROCESSOR: Driver = {
  component: 'FetchHistoryProcessor',
  routes: ROUTES,
  cases: [
    byEffect('enabled', false, 'a document with a new ETag is not judged', { base: 'changed', sheet: undefined },
      (overlay, ctx) => deltaOf(overlay, ctx, () => ({ etag: '"v1"' }))),
    byEffect('useETag', false, 'a new ETag alone no longer makes a change', { base: 'changed', sheet: 'unchanged' },
      (overlay, ctx) => deltaOf(overlay, ctx, () => ({ etag: '"v1"' }))),
    byEffect('useChecksum', false, 'a new digest alone no longer makes a change', { base: 'changed', sheet: 'unchanged' },
      (overlay, ctx) => deltaOf(overlay, ctx, () => ({ digest: 'sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }))),
    byEffect('useLastModified', false, 'a new Last-Modified alone no longer makes a change', { base: 'changed', sheet: 'unchanged' },
      (overlay, ctx) => deltaOf(overlay, ctx, () => ({ lastModified: 'Wed, 01 Jan 2025 00:00:00 GMT' }))),
    byEffect('changeCondition', 'AND', 'one differing signal of three no longer makes a change', { base: 'changed', sheet: 'unchanged' },
      (overlay, ctx) => deltaOf(overlay, ctx, () => ({ etag: '"v1"' }))),
  ],
};

const PERSIST_LOAD_PROCESSOR: Driver = {
  component: 'PersistLoadProcessor',
  cases: [byEffect('enabled', false, 'a URI fetched before is not given its history', { base: true, sheet: false }, async (overlay, ctx) => {
    const { history, store, close } = await openHistory();
    try {
      // A fetch of an earlier run, committed.
      history.record(await fetchFromSite(ctx, overlay, '/document'));
      await store.commit();
      const curi = uriUnder(overlay, `${ctx.site.origin}/document`);
      await (await build<Processor>('PersistLoadProcessor', { fetchHistory: history })).process(curi);
      return curi.history !== undefined;
    } finally {
      await close();
    }
  })],
};

const PERSIST_STORE_PROCESSOR: Driver = {
  component: 'PersistStoreProcessor',
  cases: [byEffect('enabled', false, 'a fetched URI is not stored in the history', { base: true, sheet: false }, async (overlay, ctx) => {
    const { history, store, close } = await openHistory();
    try {
      const curi: CrawlUri = await fetchFromSite(ctx, overlay, '/document');
      await (await build<Processor>('PersistStoreProcessor', { fetchHistory: history })).process(curi);
      await store.commit();
      return (await history.load(curi.uri)) !== undefined;
    } finally {
      await close();
    }
  })],
};

export const HISTORY_DRIVERS: Driver[] = [PERSIST_LOAD_PROCESSOR, FETCH_HISTORY_PROCESSOR, PERSIST_STORE_PROCESSOR];
