import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrawlUri } from '../../model/crawl-uri.js';
import { LevelStateStore } from '../state/level-state-store.js';
import { LevelQueueJournal } from './level-queue-journal.js';
import { rankOf } from './work-queue.js';
import { levelStore } from '../../../test/support/level-store.js';

describe(LevelQueueJournal.name, () => {
  let dir: string;
  let store: LevelStateStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-journal-'));
    store = levelStore(dir);
    await store.start();
  });

  afterEach(async () => {
    await store.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives back every field of a stored URI, from its record or straight from its CrawlUri, the queue key from the store key', async () => {
    const journal = new LevelQueueJournal(store);
    const c = new CrawlUri('http://a.example/x', {
      queueKey: 'a.example', hopsPath: 'LLE', via: 'http://a.example/', viaContext: 'img/@src', isSeed: true, sourceTag: 'tag', precedence: 7,
      schedulingDirective: 1, cost: 4, fetchAttempts: 2, deferrals: 1, forceFetch: true, deltaCheck: true, delivered: { r: 3 }, warc: { w: ['f.warc.gz', 12] },
    });
    c.sheetKey = 'sheet';
    const plain = new CrawlUri('http://a.example/y', { queueKey: 'a.example', hopsPath: 'L' });
    const prerequisite = new CrawlUri('dns:a.example', { queueKey: 'a.example', hopsPath: 'P' });
    const keys = [journal.added(c.toQueued(), false, rankOf(c)), journal.added(plain, false, rankOf(plain)), journal.added(prerequisite.toQueued(), true, rankOf(prerequisite))];
    const read = [...(await journal.read('a.example', 10)), ...(await journal.readUrgent('a.example'))];
    expect(read.map((item) => item.storeKey)).to.deep.equal(keys);
    expect(read[0]).to.deep.include(Object.fromEntries(Object.entries(c.toQueued()).filter(([k, v]) => v !== undefined && k !== 'storeKey')));
    expect(read[1]).to.include({ uri: 'http://a.example/y', queueKey: 'a.example', hopsPath: 'L', isSeed: false, precedence: 1, fetchAttempts: 0 });
    expect(read[1].schedulingDirective).to.equal(undefined);
    expect(read[1].cost).to.equal(undefined);
    expect(read[2]).to.include({ uri: 'dns:a.example', queueKey: 'a.example', hopsPath: 'P' });
  });

  it('reads URIs stored as objects by earlier versions (state format 1)', async () => {
    const journal = new LevelQueueJournal(store);
    const old = { uri: 'http://b.example/', hopsPath: 'L', via: 'http://b.example/a', isSeed: false, queueKey: 'b.example', precedence: 1, fetchAttempts: 1 };
    store.sublevel('queues').put(`b.example\u000001${'0'.repeat(10)}`, JSON.stringify(old));
    const [item] = await journal.read('b.example', 10);
    expect(item).to.deep.equal({ ...old, storeKey: `b.example\u000001${'0'.repeat(10)}` });
  });
});
