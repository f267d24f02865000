import { build, byEffect, uriUnder, type Driver } from './driver.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import type { CrawlUri } from '../../../src/model/crawl-uri.js';
import type { Processor } from '../../../src/model/processor.js';
import type { TableDriver } from '../../../src/model/table-driver.js';

/** A table of five rows kept in memory: FetchTable's driver here (PostgresTableDriver has its own crawl test against a real PostgreSQL). */
const FIVE_ROWS: TableDriver = {
  schemes: ['postgresql'],
  keysAfter: async (_source, after, pageSize) => {
    const keys = ['1', '2', '3', '4', '5'].filter((k) => !after || Number(k) > Number(after[0])).map((k) => [k]);
    return { keys: keys.slice(0, pageSize), more: keys.length > pageSize };
  },
  row: async (_source, key) => ({ values: { id: Number(key[0]), body: 'x'.repeat(100) }, cut: [] }),
};

/** The subject FetchTable's answer for `uri` (a table's listing, or a row). */
async function fetched(overlay: RecordingSheetOverlay, uri: string): Promise<CrawlUri> {
  const curi = uriUnder(overlay, uri);
  await (await build<Processor>('FetchTable', { driver: FIVE_ROWS })).process(curi);
  return curi;
}

const LISTING = 'postgresql://u@db.test/shop?table=items&key=id';
const ROW = 'postgresql://u@db.test/shop/items/1?key=id&content=body';

export const TABLE_DRIVERS: Driver[] = [{
  component: 'FetchTable',
  cases: [
    byEffect('enabled', false, 'the row is not read', { base: 200, sheet: 0 }, async (overlay) => (await fetched(overlay, ROW)).fetchStatus),
    byEffect('pageSize', 2, 'a page lists two rows and links the next ' +
      'page', { base: 5, sheet: 3 }, async (overlay) => (await fetched(overlay, LISTING)).outlinks.length),
    byEffect('maxRowBytes', 10, 'the row\'s content is cut at 10 bytes (lenTrunc)', { base: [100, false], sheet: [10, true] }, async (overlay) => {
      const curi = await fetched(overlay, ROW);
      return [curi.contentSize, curi.annotations.includes('lenTrunc')];
    }),
  ],
}];
