import { fixedMetadata } from '../../model/crawl-metadata-info.js';
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { levelStore } from '../../../test/support/level-store.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { CrawlUri as Uri } from '../../model/crawl-uri.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import { LevelFrontier } from '../frontier/level-frontier.js';
import type { LevelStateStore } from '../state/level-state-store.js';
import { MemoryUriUniqFilter } from '../state/memory-uri-uniq-filter.js';
import { readdir } from 'node:fs/promises';
import { field, readWarcFile } from '../../../test/support/warc-reader.js';
import { DocumentListReceiver } from './document-list-receiver.js';
import { ReceiverProcessor } from './receiver-processor.js';
import { DEFAULT_WARC_TEMPLATE } from './warc-file-name.js';
import { WarcWriterProcessor } from './warc-writer-processor.js';

/** A receiver that counts what it is told. */
class Counting implements Receiver {
  readonly urls: string[] = [];
  documentFound(doc: CrawledDocument): void {
    this.urls.push(doc.url);
  }
}

/** Fills a URI as a 200 text/html fetch would. */
function fetched(curi: CrawlUri): CrawlUri {
  const body = Buffer.from('<html><body>hello</body></html>');
  curi.fetchStatus = 200;
  curi.fetchBeginTime = Date.UTC(2024, 0, 2);
  curi.contentType = 'text/html';
  curi.contentDigest = 'sha1:AAAA';
  curi.contentSize = body.length;
  curi.response = { statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: { 'content-type': 'text/html' }, rawBody: body, body, ipAddress: '127.0.0.1' };
  return curi;
}

describe('a URI done again after a crash (receivers, WARC writer)', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const stores: LevelStateStore[] = [];

  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.stop().catch(() => undefined);
    await cleanup();
  });

  /** One launch over the job's state: a store, a LevelFrontier restored from it, and a receiver processor with a counting and a list receiver. */
  async function launch(state = 'state') {
    const store = levelStore(join(dir, state));
    stores.push(store);
    await store.start();
    const frontier = new LevelFrontier({
      queueTotalBudget: -1, balanceReplenishAmount: 3000, errorPenaltyAmount: 0, retryDelaySeconds: 0, maxRetries: 3, maxOutlinks: 6000,
      extract404s: true, extractIndependently: false, snoozeLongMs: 0, precedenceFloor: 255, queuePrecedencePolicy: undefined, recoveryLogEnabled: true, dumpPendingAtClose: false, recentUrisRemembered: 1_000_000,
      maxUrisInMemory: 1000, uriUniqFilter: new MemoryUriUniqFilter(), stateStore: store,
    });
    await frontier.start();
    const counting = new Counting();
    const list = new DocumentListReceiver({ path: join(dir, 'list.jsonl') });
    const processor = new ReceiverProcessor({ enabled: true, shouldProcessRule: undefined, testMode: false, receivers: [counting, list], loggerModule: undefined, stateStore: store });
    await processor.start();
    const warcWriter = new WarcWriterProcessor({
      enabled: true, shouldProcessRule: undefined, compress: true, prefix: 'WEB', maxFileSizeBytes: 1000000000, writeRequests: true, writeMetadata: true, directory: join(dir, 'out'),
      storePaths: ['warcs'], template: DEFAULT_WARC_TEMPLATE, skipIdenticalDigests: false, maxTotalBytesToWrite: 0, poolMaxActive: 1,
      maxWaitForIdleMs: 500, startNewFilesOnCheckpoint: true, chain: [], loggerModule: undefined, stateStore: store,
      metadata: fixedMetadata({ operatorContactUrl: 'https://example.org/contact', operatorFrom: '', jobName: 'test', robotsPolicyName: 'obey', userAgent: 'beancrawl-test' }),
    });
    warcWriter.beanName = 'warcWriter';
    await warcWriter.start();
    return { store, frontier, counting, processor, warcWriter };
  }

  /** The URIs of the WARC response records in every file written. */
  async function responses(): Promise<string[]> {
    const folder = join(dir, 'out', 'warcs');
    const out: string[] = [];
    for (const name of (await readdir(folder)).sort()) {
      for (const record of await readWarcFile(join(folder, name))) if (field(record, 'WARC-Type') === 'response') out.push(field(record, 'WARC-Target-URI')!);
    }
    return out;
  }

  /** A kill at this instant: what the store last committed, copied from one snapshot into `state` for the next launch. */
  async function killed(store: LevelStateStore, state: string): Promise<void> {
    await store.copyTo!(join(dir, state));
  }

  async function listed(): Promise<string[]> {
    return (await readFile(join(dir, 'list.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { url: string }).url);
  }

  function schedule(frontier: LevelFrontier, uri: string): void {
    const curi = new Uri(uri, { queueKey: 'site.test' });
    curi.canonicalKey = uri;
    frontier.schedule(curi);
  }

  it('does not deliver a document twice when the URI is done again after a commit that saw it delivered', async () => {
    const first = await launch();
    schedule(first.frontier, 'http://site.test/a');
    const curi = fetched((await first.frontier.next())!);
    await first.processor.process(curi);
    expect(first.counting.urls).to.deep.equal(['http://site.test/a']);
    await first.store.commit();
    await killed(first.store, 'after'); // before the URI finished: it is done again

    const second = await launch('after');
    const again = (await second.frontier.next())!;
    expect(again.uri).to.equal('http://site.test/a');
    expect(again.delivered).to.deep.equal({ receivers: 1 | (1 << 30) }); // the counting receiver, the list event
    await second.processor.process(fetched(again));
    second.frontier.finished(again);
    expect(second.counting.urls).to.deep.equal([]);
    await second.processor.runEnded();
    expect(await listed()).to.deep.equal(['http://site.test/a']);
  });

  it('does not write its WARC records twice when a commit saw them written, and logs where they are', async () => {
    const first = await launch();
    schedule(first.frontier, 'http://site.test/a');
    const curi = fetched((await first.frontier.next())!);
    await first.warcWriter.process(curi);
    const where = [curi.extraInfo.warcFilename, curi.extraInfo.warcFileOffset];
    await first.store.commit();
    await killed(first.store, 'after');
    await first.warcWriter.stop();

    const second = await launch('after');
    const again = fetched((await second.frontier.next())!);
    await second.warcWriter.process(again);
    expect([again.extraInfo.warcFilename, again.extraInfo.warcFileOffset]).to.deep.equal(where);
    await second.warcWriter.stop();
    expect(await responses()).to.deep.equal(['http://site.test/a']);
  });

  it('marks a receiver that wrote on the call at once, one that works asynchronously once it is done', async () => {
    let finish!: () => void;
    const slow: Receiver = { documentFound: () => new Promise<void>((r) => (finish = r)) };
    let drained!: () => void;
    const writer: Receiver = { writesOnCall: true, documentFound: () => new Promise<void>((r) => (drained = r)) };
    const p = new ReceiverProcessor({ enabled: true, shouldProcessRule: undefined, testMode: false, receivers: [writer, slow], loggerModule: undefined, stateStore: undefined });
    const curi = fetched(new Uri('http://site.test/a', { queueKey: 'site.test' }));
    const done = p.process(curi);
    expect(curi.delivered).to.deep.equal({ receivers: 1 });
    drained();
    finish();
    await done;
    expect(curi.delivered).to.deep.equal({ receivers: 3 });
    // Done again with both marks: neither is told.
    const again = fetched(new Uri('http://site.test/a', { queueKey: 'site.test', delivered: { receivers: 3 } }));
    let told = 0;
    const q = new ReceiverProcessor({ enabled: true, shouldProcessRule: undefined, testMode: false, receivers: [{ documentFound: () => void told++ }, { documentFound: () => void told++ }], loggerModule: undefined, stateStore: undefined });
    await q.process(again);
    expect(told).to.equal(0);
  });

  it('delivers it again, once, when the crash came before any commit saw it delivered', async () => {
    const first = await launch();
    schedule(first.frontier, 'http://site.test/a');
    const curi = (await first.frontier.next())!;
    // Killed once the receivers had it, before the next commit: the state is the last commit's, taken just before.
    await killed(first.store, 'before');
    await first.processor.process(fetched(curi));

    const second = await launch('before');
    const again = (await second.frontier.next())!;
    expect(again.delivered).to.equal(undefined);
    await second.processor.process(fetched(again));
    second.frontier.finished(again);
    expect(second.counting.urls).to.deep.equal(['http://site.test/a']);
    await second.processor.runEnded();
    expect(await listed()).to.deep.equal(['http://site.test/a']);
  });
});
