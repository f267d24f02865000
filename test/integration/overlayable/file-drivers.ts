import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, byEffect, uriUnder, type Driver } from './driver.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import { tempDir } from '../../support/temp-dir.js';
import type { CrawlUri } from '../../../src/model/crawl-uri.js';
import type { Processor } from '../../../src/model/processor.js';

/** Fetches `name` (the folder itself for '') of a fresh folder holding a 100-byte file and a hidden one, with a real FetchFile (the subject). */
async function fetchedFile(overlay: RecordingSheetOverlay, name: string): Promise<CrawlUri> {
  const folder = await tempDir({ 'tree/hundred.txt': 'x'.repeat(100), 'tree/.hidden': 'hidden' });
  try {
    const fetcher = await build<Processor & { start(): Promise<void> }>('FetchFile');
    await fetcher.start();
    const path = join(folder.dir, 'tree', name);
    const curi = uriUnder(overlay, pathToFileURL(path).href);
    await fetcher.process(curi);
    return curi;
  } finally {
    await folder.cleanup();
  }
}

const FETCH_FILE: Driver = {
  component: 'FetchFile',
  cases: [
    byEffect('enabled', false, 'the file is not read', { base: 200, sheet: 0 }, async (overlay) => (await fetchedFile(overlay, 'hundred.txt')).fetchStatus),
    byEffect('maxLengthBytes', 10, 'only 10 bytes of the file are read (lenTrunc)', { base: [100, false], sheet: [10, true] }, async (overlay) => {
      const curi = await fetchedFile(overlay, 'hundred.txt');
      return [curi.contentSize, curi.annotations.includes('lenTrunc')];
    }),
    byEffect('crawlHiddenFiles', true, 'the folder\'s listing links its hidden file ' +
      'too', { base: ['hundred.txt'], sheet: ['.hidden', 'hundred.txt'] }, async (overlay) => {
      const curi = await fetchedFile(overlay, '');
      return curi.outlinks.map((l) => l.uri.slice(l.uri.lastIndexOf('/') + 1)).sort();
    }),
    byEffect('digestContent', false, 'the file gets no digest', { base: true, sheet: false },
      async (overlay) => (await fetchedFile(overlay, 'hundred.txt')).contentDigest !== undefined),
  ],
};

export const FILE_DRIVERS: Driver[] = [FETCH_FILE];
