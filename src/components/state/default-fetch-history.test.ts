import { expect } from 'chai';
import { levelStore } from '../../../test/support/level-store.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { defaultFetchHistory } from './default-fetch-history.js';
import { PersistLoadProcessor, persistLoadProcessorComponent } from './persist-load-processor.js';
import { PersistStoreProcessor } from './persist-store-processor.js';

function fetched(uri: string): CrawlUri {
  const curi = new CrawlUri(uri);
  const body = Buffer.from('document');
  curi.response = { statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: ['ETag', '"e"'], headers: { etag: '"e"' }, rawBody: body, body, ipAddress: '127.0.0.1' };
  curi.fetchStatus = 200;
  curi.fetchBeginTime = 1;
  curi.contentType = 'text/html';
  curi.contentSize = body.length;
  curi.contentDigest = 'sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
  return curi;
}

describe('persist processors without a FetchHistoryStore bean (the crawl\'s state store, as Heritrix\'s BdbModule)', () => {
  it('share one history per store and historyDbName: uri_history is the job\'s fetch history (sublevel history), another name is its own', async () => {
    const dir = await tempDir();
    const store = levelStore(dir.dir);
    await store.start();
    try {
      expect(await defaultFetchHistory(store, 'uri_history')).to.equal(await defaultFetchHistory(store, 'uri_history'));
      const props = persistLoadProcessorComponent.props;
      const common = { enabled: true, shouldProcessRule: undefined, fetchHistory: undefined, bdbModule: store, onlyStoreIfWriteTagPresent: true };
      const storer = new PersistStoreProcessor({ ...common, historyDbName: props.historyDbName.default });
      const loader = new PersistLoadProcessor({ ...common, historyDbName: 'uri_history', preloadSource: '', preloadSourceUrl: '' } as never);
      const elsewhere = new PersistLoadProcessor({ ...common, historyDbName: 'other', preloadSource: '', preloadSourceUrl: '' } as never);
      for (const p of [storer, loader, elsewhere]) await p.start();
      await storer.process(fetched('http://a.test/'));
      await store.commit();
      expect(await store.sublevel('history').get('http://a.test/'), 'in the job\'s fetch history').to.be.a('string');
      const again = new CrawlUri('http://a.test/');
      await loader.process(again);
      expect(again.history?.fetches[0]?.etag).to.equal('"e"');
      const apart = new CrawlUri('http://a.test/');
      await elsewhere.process(apart);
      expect(apart.history, 'another historyDbName is another history').to.equal(undefined);
    } finally {
      await store.stop();
      await dir.cleanup();
    }
  });
});
