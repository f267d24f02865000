import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CrawlLogger } from '../../model/crawl-logger.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { DocumentEvent, FetchHistoryRecord } from '../../model/fetch-history.js';
import type { StateStore } from '../../model/state-store.js';
import { levelStore } from '../../../test/support/level-store.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { FetchHistoryStore } from './fetch-history-store.js';
import { updatedRecord } from '../../model/updated-record.js';

const T = Date.UTC(2024, 0, 2);

/** A URI fetched with this status and body (a 2xx with a body is a document). */
function fetched(status: number, body = '<html>page</html>'): CrawlUri {
  const curi = new CrawlUri('http://site.test/p');
  curi.fetchStatus = status;
  curi.fetchBeginTime = T;
  curi.contentType = 'text/html';
  curi.contentSize = body.length;
  curi.response = { statusCode: status, statusText: '', httpVersion: '1.1', rawHeaders: [], headers: {}, rawBody: Buffer.from(body), body: Buffer.from(body), ipAddress: '127.0.0.1' };
  return curi;
}

/** A document first and last seen in run 1, with these changes. */
function documentOf(over: Partial<FetchHistoryRecord> = {}): FetchHistoryRecord {
  return {
    fetches: [{ status: 200, fetchTime: T, digest: 'sha1:AAAA', size: 17, mimeType: 'text/html' }],
    document: true, lastSeenRun: 1, lastTriedRun: 1, firstSeenRun: 1, goneCount: 0, ...over,
  };
}

/** A document of run 1 that answered 404 in run `run`, the `count`-th time in a row. */
function goneIn(run: number, count = 1): FetchHistoryRecord {
  const before = documentOf();
  return { ...before, fetches: [{ status: 404, fetchTime: T }, ...before.fetches], lastTriedRun: run, goneCount: count, lastGoneRun: run };
}

describe(FetchHistoryStore.name, () => {
  describe('updatedRecord()', () => {
    it('keeps no record of a 2xx with an empty body, and takes one for a known document as a fetch that says nothing', () => {
      expect(updatedRecord(fetched(200, ''), undefined, 1, 2)).to.equal(undefined);
      const before = documentOf();
      const after = updatedRecord(fetched(200, ''), before, 2, 2)!;
      expect(after).to.deep.include({ document: true, lastSeenRun: 1, lastTriedRun: 2, goneCount: 0, fetches: before.fetches });
    });

    it('counts gone answers one a run, remembers the run of the last, and starts again after a 2xx', () => {
      const first = updatedRecord(fetched(404), documentOf(), 2, 2)!;
      expect(first).to.deep.include({ goneCount: 1, lastGoneRun: 2 });
      // Fetched again in the same run (a resumed run): the same answer, not a second one.
      expect(updatedRecord(fetched(404), first, 2, 2)).to.deep.include({ goneCount: 1, lastGoneRun: 2 });
      const second = updatedRecord(fetched(410), first, 3, 2)!;
      expect(second).to.deep.include({ goneCount: 2, lastGoneRun: 3 });
      // A failure says nothing: the count stands, and so does the run of the last gone answer.
      expect(updatedRecord(fetched(500), second, 4, 2)).to.deep.include({ goneCount: 2, lastGoneRun: 3, lastTriedRun: 4 });
      expect(updatedRecord(fetched(200), second, 4, 2)).to.deep.include({ goneCount: 0, lastSeenRun: 4 });
    });
  });

  describe('.finishRun()', () => {
    let work: Awaited<ReturnType<typeof tempDir>>;
    let alerts: string[];
    const logger: CrawlLogger = { crawled: () => undefined, uriError: () => undefined, runtimeError: () => undefined, alert: (_s, m) => void alerts.push(m) };

    beforeEach(async () => {
      work = await tempDir();
      alerts = [];
    });
    afterEach(() => work.cleanup());

    /**
     * A FetchHistoryStore in its run `run` over `store`: a new run whose history holds `records`
     * (by path) as of the run before, or without them the run the store holds, resumed.
     */
    async function history(store: StateStore, run: number, records?: Record<string, FetchHistoryRecord>, over: { maxDeletePercent?: number } = {}): Promise<FetchHistoryStore> {
      if (records) {
        const sub = store.sublevel('history');
        sub.put('\u0000lastRun', String(run - 1));
        for (const [path, record] of Object.entries(records)) sub.put(`http://site.test${path}`, JSON.stringify(record));
        await store.commit();
      }
      const h = new FetchHistoryStore({
        deltaCrawl: true, historyLength: 2, deleteAfterGoneCount: 1, maxDeletePercent: 100, dryRunDeletes: false,
        withheldListPath: join(work.dir, 'run', 'deletions-withheld.txt'), stateStore: store, loggerModule: logger, ...over,
      });
      await h.start();
      expect(h.run).to.equal(run);
      return h;
    }

    /** `kind path` of each event. */
    function told(events: DocumentEvent[]): string[] {
      return events.map((e) => `${e.kind} ${e.url.replace('http://site.test', '')}`);
    }

    it('deletes a document only when its last gone answer came in this run', async () => {
      const store = levelStore(join(work.dir, 'state'));
      await store.start();
      try {
        // /old answered 404 in run 2 (its deletion withheld); run 3 could not ask it again.
        const h = await history(store, 3, { '/now': goneIn(3), '/old': goneIn(2), '/there': documentOf() });
        const events: DocumentEvent[] = [];
        const outcome = await h.finishRun((e) => void events.push(e));
        expect(told(events)).to.deep.equal(['unchanged /there', 'deleted /now']);
        expect(outcome).to.deep.equal({ deleted: 1, withheld: [] });
      } finally {
        await store.stop();
      }
    });

    it('reports withheld deletions neither deleted nor unchanged, lists them and alerts once', async () => {
      const store = levelStore(join(work.dir, 'state'));
      await store.start();
      try {
        const h = await history(store, 2, { '/a': goneIn(2), '/b': goneIn(2), '/c': documentOf(), '/d': documentOf() }, { maxDeletePercent: 20 });
        const events: DocumentEvent[] = [];
        const outcome = await h.finishRun((e) => void events.push(e));
        expect(told(events)).to.deep.equal(['unchanged /c', 'unchanged /d']);
        expect(outcome.withheld).to.deep.equal(['http://site.test/a', 'http://site.test/b']);
        expect(alerts).to.have.length(1);
        expect(alerts[0]).to.match(/^deletions withheld: circuit breaker: 2 of 4 documents \(50\.0%\)/);
        expect(await readFile(join(work.dir, 'run', 'deletions-withheld.txt'), 'utf8')).to.equal('http://site.test/a\nhttp://site.test/b\n');
      } finally {
        await store.stop();
      }
    });

    it('reports each document once across a crash in the middle of the end of the run', async () => {
      const records: Record<string, FetchHistoryRecord> = {};
      for (let i = 0; i < 6; i++) records[`/u${i}`] = documentOf();
      for (let i = 0; i < 3; i++) records[`/g${i}`] = goneIn(2);
      let store = levelStore(join(work.dir, 'state'));
      await store.start();
      const crashed = join(work.dir, 'crashed');
      let all: string[];
      try {
        const h = await history(store, 2, records);
        const events: DocumentEvent[] = [];
        all = [];
        // The report keeps the event in the store, as the list receivers' ReceiverProcessor does; after
        // the 8th (the 2nd deletion) the state as one commit leaves it is copied: the state a crash then leaves.
        const kept = store.sublevel('events');
        await h.finishRun(async (e) => {
          events.push(e);
          kept.put(String(events.length).padStart(4, '0'), `${e.kind} ${e.url.replace('http://site.test', '')}`);
          if (events.length === 8) await store.copyTo(crashed);
        });
        all = told(events);
        expect(all).to.have.length(9);
      } finally {
        await store.stop();
      }

      // The resumed run ends again on the state the crash left: it reports what the commit did not hold, and only that.
      store = levelStore(crashed);
      await store.start();
      try {
        const before = (await store.sublevel('events').range('0', ':')).map(([, v]) => v);
        expect(before).to.have.length(8);
        const h = await history(store, 2);
        const again: DocumentEvent[] = [];
        const outcome = await h.finishRun((e) => void again.push(e));
        expect([...before, ...told(again)]).to.deep.equal(all);
        expect(outcome.deleted).to.equal(3);
      } finally {
        await store.stop();
      }
    });
  });
});
