import { expect } from 'chai';
import { levelStore } from '../../../test/support/level-store.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { LevelStateStore } from '../state/level-state-store.js';
import { DisplayUrlMapper } from './display-url-mapper.js';

/** A page fetched with a body, as a fetcher leaves it. */
function fetched(uri: string): CrawlUri {
  const curi = new CrawlUri(uri);
  const body = Buffer.from('<p>page</p>');
  curi.response = { statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: {}, rawBody: body, body, ipAddress: '127.0.0.1' };
  curi.fetchStatus = 200;
  return curi;
}

const REWRITES = { 'http://mirror.test/docs/': 'https://docs.example.org/', 'http://other.test/x': 'https://docs.example.org/a' };

describe(DisplayUrlMapper.name, () => {
  let dir: { dir: string; cleanup(): Promise<void> };
  let store: LevelStateStore;
  let alerts: string[];

  beforeEach(async () => {
    dir = await tempDir();
    store = levelStore(dir.dir);
    await store.start();
    alerts = [];
  });
  afterEach(async () => {
    await store.stop();
    await dir.cleanup();
  });

  function mapper(): DisplayUrlMapper {
    const m = new DisplayUrlMapper({ enabled: true, shouldProcessRule: undefined, rewrites: REWRITES, stateStore: store,
      loggerModule: { alert: (_level: string, message: string) => alerts.push(message) } as never });
    m.start();
    return m;
  }

  it('gives a display URL that two access URLs want at once to one of them, while the store is read for both', async () => {
    const m = mapper();
    const wanting = [fetched('http://mirror.test/docs/a'), fetched('http://other.test/x')];
    await Promise.all(wanting.map((curi) => m.process(curi)));
    expect(wanting.filter((c) => c.displayUrl === 'https://docs.example.org/a'), 'the display URL went to one').to.have.length(1);
    expect(wanting.filter((c) => c.displayUrl === undefined), 'the other keeps its own URL').to.have.length(1);
    expect(alerts).to.have.length(1);
    expect(alerts[0]).to.match(/display URL https:\/\/docs\.example\.org\/a of \S+ is already \S+'s/);
  });

  for (const order of ['its holder first', 'the other first'] as const) {
    it(`keeps a display URL committed before for its holder in a later launch, both asking at once (${order})`, async () => {
      const first = fetched('http://mirror.test/docs/a');
      await mapper().process(first);
      await store.commit();
      const again = fetched('http://mirror.test/docs/a');
      const clash = fetched('http://other.test/x');
      const later = mapper();
      await Promise.all((order === 'its holder first' ? [again, clash] : [clash, again]).map((curi) => later.process(curi)));
      expect(again.displayUrl, 'its holder keeps it').to.equal('https://docs.example.org/a');
      expect(clash.displayUrl, 'the store says another holds it').to.equal(undefined);
      expect(alerts, 'one alert, naming the holder').to.deep.equal([`display URL https://docs.example.org/a of http://other.test/x is already ` +
        `http://mirror.test/docs/a's: http://other.test/x keeps its own URL as its display URL`]);
    });
  }
});
