import { expect } from 'chai';
import { dumpLevel, levelStore } from '../../../test/support/level-store.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import type { ContentDigestEntry } from '../../model/content-digest-history.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { StateStore } from '../../model/state-store.js';
import { RevisitRecordBuilder } from '../receivers/revisit-record-builder.js';
import { ContentDigestHistoryLoader } from './content-digest-history-loader.js';
import { ContentDigestHistoryStorer } from './content-digest-history-storer.js';
import { ContentDigestHistoryStore } from './content-digest-history-store.js';
import type { LevelStateStore } from './level-state-store.js';

const DIGEST = 'sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** A 2xx http URI with a payload and its digest, as a fetcher leaves it. */
function fetched(uri: string, status = 200, digest = DIGEST): CrawlUri {
  const curi = new CrawlUri(uri);
  const body = Buffer.from('payload');
  curi.response = { statusCode: status, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: {}, rawBody: body, body, ipAddress: '127.0.0.1' };
  curi.fetchStatus = status;
  curi.fetchBeginTime = Date.UTC(2026, 10, 25, 12, 0, 0);
  curi.contentType = 'text/html';
  curi.contentSize = body.length;
  curi.contentDigest = digest;
  return curi;
}

function historyOn(bdbModule: StateStore, stateStore?: StateStore): ContentDigestHistoryStore {
  const history = new ContentDigestHistoryStore({ historyDbName: 'contentDigestHistory', bdbModule, stateStore });
  history.start();
  return history;
}

function processors(history: ContentDigestHistoryStore) {
  const loader = new ContentDigestHistoryLoader({ enabled: true, shouldProcessRule: undefined, contentDigestHistory: history });
  const storer = new ContentDigestHistoryStorer({ enabled: true, shouldProcessRule: undefined, contentDigestHistory: history });
  return { loader, storer };
}

/** What a WARC writer leaves on a URI it wrote a response record for. */
function written(curi: CrawlUri, recordId = '<urn:uuid:11111111-2222-3333-4444-555555555555>'): CrawlUri {
  curi.writtenResponse = { url: curi.uri, recordId, date: curi.fetchBeginTime, warcFilename: 'WEB-1.warc.gz', warcFileOffset: 1234 };
  return curi;
}

describe('ContentDigestHistoryLoader, ContentDigestHistoryStorer and their store', () => {
  let dir: { dir: string; cleanup(): Promise<void> };
  const open: LevelStateStore[] = [];

  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    for (const s of open.splice(0)) await s.stop();
    await dir.cleanup();
  });

  async function store(name: string): Promise<LevelStateStore> {
    const s = levelStore(`${dir.dir}/${name}`);
    await s.start();
    open.push(s);
    return s;
  }

  it('stores the response record written for a payload, and marks a later URI with that payload a revisit of it', async () => {
    const history = historyOn(await store('state'));
    const { loader, storer } = processors(history);
    const first = fetched('http://a.test/one');
    await loader.process(first);
    expect(first.contentDigestHistory).to.equal(undefined);
    expect(first.annotations).to.deep.equal([]);
    await storer.process(written(first));

    const second = fetched('http://b.test/two');
    await loader.process(second);
    expect(second.annotations).to.deep.equal(['duplicate:digest']);
    expect(second.contentDigestHistory).to.deep.equal({
      'original-url': 'http://a.test/one', 'content-written-date': '2026-11-25T12:00:00Z',
      'warc-record-id': 'urn:uuid:11111111-2222-3333-4444-555555555555', 'warc-filename': 'WEB-1.warc.gz', 'warc-file-offset': 1234,
      'content-digest-count': 1,
    } satisfies ContentDigestEntry);
    // The revisit counts one capture more, and keeps referring to the original.
    await storer.process(second);
    expect((await history.load(DIGEST))!['content-digest-count']).to.equal(2);
    expect((await history.load(DIGEST))!['original-url']).to.equal('http://a.test/one');
  });

  it('looks up only 2xx http(s) answers with a payload and its digest; stores only what a writer wrote or a revisit', async () => {
    const history = historyOn(await store('state'));
    const { loader, storer } = processors(history);
    await storer.process(written(fetched('http://a.test/one')));
    const notFound = fetched('http://a.test/404', 404);
    const empty = fetched('http://a.test/empty');
    empty.contentSize = 0;
    const noDigest = fetched('http://a.test/nodigest');
    noDigest.contentDigest = undefined;
    const dns = fetched('dns:a.test');
    for (const curi of [notFound, empty, noDigest, dns]) {
      await loader.process(curi);
      expect(curi.contentDigestHistory, curi.uri).to.equal(undefined);
    }
    // Fetched, not written (no writer, or it wrote nothing): nothing to refer to.
    const unwritten = fetched('http://a.test/other', 200, 'sha1:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB');
    await storer.process(unwritten);
    expect(await history.load('sha1:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB')).to.equal(undefined);
  });

  it('makes an entry durable only with the crawl\'s commit, in the crawl\'s store (sublevel history:NAME)', async () => {
    const state = await store('state');
    const history = historyOn(state);
    history.store(DIGEST, { 'original-url': 'http://a.test/', 'content-written-date': '2026-11-25T12:00:00Z', 'content-digest-count': 1 });
    // Found at once (staged), on disk only after the commit.
    expect((await history.load(DIGEST))!['original-url']).to.equal('http://a.test/');
    expect(await state.sublevel('history:contentDigestHistory').get(DIGEST)).to.equal(undefined);
    await state.commit();
    expect(JSON.parse((await state.sublevel('history:contentDigestHistory').get(DIGEST))!)['original-url']).to.equal('http://a.test/');
  });

  it('in a store of its own, hands an entry over only once the crawl\'s commit holds its URI, then that store commits it', async () => {
    const state = await store('state');
    const own = await store('dedup');
    const history = historyOn(own, state);
    history.store(DIGEST, { 'original-url': 'http://a.test/', 'content-written-date': '2026-11-25T12:00:00Z', 'content-digest-count': 1 });
    // The history store commits: nothing yet, the crawl has not committed the URI.
    await own.commit();
    expect(await own.sublevel('history:contentDigestHistory').get(DIGEST)).to.equal(undefined);
    expect((await history.load(DIGEST))!['original-url'], 'found meanwhile').to.equal('http://a.test/');
    await state.commit();
    expect(await own.sublevel('history:contentDigestHistory').get(DIGEST), 'staged in the history store, not yet committed').to.equal(undefined);
    expect((await history.load(DIGEST))!['original-url'], 'found meanwhile').to.equal('http://a.test/');
    await own.commit();
    expect(JSON.parse((await own.sublevel('history:contentDigestHistory').get(DIGEST))!)['original-url']).to.equal('http://a.test/');
    // Its stop hands over what the crawl's last commit holds, before the history store's own last commit.
    const other = 'sha1:CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC';
    history.store(other, { 'original-url': 'http://c.test/', 'content-written-date': '2026-11-25T12:00:00Z', 'content-digest-count': 1 });
    await history.stop();
    for (const s of open.splice(0)) await s.stop();
    expect((await dumpLevel(`${dir.dir}/dedup`)).map(([k]) => k)).to.include(`!history:contentDigestHistory!${other}`);
    expect((await dumpLevel(`${dir.dir}/state`)).map(([k]) => k).filter((k) => k.includes('sha1:')), 'none in the crawl\'s store').to.deep.equal([]);
  });

  it('has RevisitRecordBuilder write the revisit referring to the earlier capture: its URL, date and record id', async () => {
    const history = historyOn(await store('state'));
    const { loader, storer } = processors(history);
    await storer.process(written(fetched('http://a.test/one')));
    const later = fetched('http://b.test/two');
    later.fetchBeginTime += 86_400_000;
    await loader.process(later);
    const builder = new RevisitRecordBuilder();
    expect(builder.shouldBuildRecord(later)).to.equal(true);
    const draft = builder.buildRecord(later)!;
    expect(draft.type).to.equal('revisit');
    expect(draft.targetUri).to.equal('http://b.test/two');
    expect(Object.fromEntries(draft.fields)).to.include({
      'WARC-Profile': 'http://netpreserve.org/warc/1.0/revisit/identical-payload-digest',
      'WARC-Refers-To-Target-URI': 'http://a.test/one',
      'WARC-Refers-To-Date': '2026-11-25T12:00:00Z',
      'WARC-Refers-To': '<urn:uuid:11111111-2222-3333-4444-555555555555>',
      'WARC-Payload-Digest': DIGEST,
      'WARC-Truncated': 'length',
    });
  });
});
