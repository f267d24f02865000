import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CrawlLogger } from '../../model/crawl-logger.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import { levelStore } from '../../../test/support/level-store.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { DocumentListReceiver } from './document-list-receiver.js';
import { ReceiverProcessor, type ReceiverProcessorConfig } from './receiver-processor.js';

const HTML = '<html><body><a href="/a">a</a></body></html>';

/** A 200 text/html page sent gzip-encoded, with a Last-Modified header and one link. */
function page(uri = 'http://site.test/docs/', init: { status?: number; hopsPath?: string; body?: string } = {}): CrawlUri {
  const curi = new CrawlUri(uri, { hopsPath: init.hopsPath ?? 'L', via: 'http://site.test/' });
  const body = Buffer.from(init.body ?? HTML);
  curi.fetchStatus = init.status ?? 200;
  curi.fetchBeginTime = Date.UTC(2024, 0, 2);
  curi.contentType = 'Text/HTML; charset=utf-8';
  curi.contentCharset = 'utf-8';
  curi.contentDigest = 'sha1:AAAA';
  curi.response = {
    statusCode: curi.fetchStatus, statusText: 'OK', httpVersion: '1.1', rawHeaders: [],
    headers: { 'content-type': curi.contentType, 'content-encoding': 'gzip', 'last-modified': 'Tue, 02 Jan 2024 03:04:05 GMT' },
    rawBody: gzipSync(body), body, ipAddress: '127.0.0.1',
  };
  curi.outlinks.push({ uri: 'http://site.test/a', hop: 'L', context: 'a/@href' });
  return curi;
}

/** A receiver that records what it is told, and approves collections as told. */
class Collecting implements Receiver {
  readonly documents: CrawledDocument[] = [];
  readonly asked: string[] = [];
  constructor(readonly approve = true) {}
  approveCollectionCrawling(doc: CrawledDocument): boolean {
    this.asked.push(doc.url);
    return this.approve;
  }
  documentFound(doc: CrawledDocument): void {
    this.documents.push(doc);
  }
}

describe(ReceiverProcessor.name, () => {
  const errors: unknown[] = [];
  const logger: CrawlLogger = { crawled: () => undefined, uriError: () => undefined, runtimeError: (_c, e) => void errors.push(e) };

  beforeEach(() => {
    errors.length = 0;
  });

  function processor(receivers: Receiver[], over: Partial<ReceiverProcessorConfig> = {}): ReceiverProcessor {
    return new ReceiverProcessor({ enabled: true, shouldProcessRule: undefined, testMode: false, receivers, loggerModule: logger, stateStore: undefined, ...over });
  }

  describe('.process()', () => {
    it('passes a 2xx page to every receiver with SMILA\'s attributes, its content decoded', async () => {
      const a = new Collecting();
      const b = new Collecting();
      const curi = page();
      expect(await processor([a, b]).process(curi)).to.equal('PROCEED');
      expect(a.documents).to.have.length(1);
      expect(b.documents[0]).to.equal(a.documents[0]);
      const doc = a.documents[0];
      expect(doc).to.deep.include({
        url: 'http://site.test/docs/', mimeType: 'text/html', charset: 'utf-8', contentType: 'Text/HTML; charset=utf-8',
        size: Buffer.byteLength(HTML), status: 200, digest: 'sha1:AAAA', hopsPath: 'L', via: 'http://site.test/', isSeed: false,
      });
      expect(doc.content.toString()).to.equal(HTML);
      expect(doc.lastModified!.toISOString()).to.equal('2024-01-02T03:04:05.000Z');
      expect(doc.contentPath).to.equal(undefined);
    });

    it('passes no dns: lookup, prerequisite, non-2xx answer, failed fetch or empty body', async () => {
      const r = new Collecting();
      const p = processor([r]);
      const dns = new CrawlUri('dns:site.test', { hopsPath: 'P' });
      dns.fetchStatus = 1;
      dns.content = Buffer.from('record');
      const robots = page('http://site.test/robots.txt', { hopsPath: 'P' });
      const missing = page('http://site.test/missing', { status: 404 });
      const failed = new CrawlUri('http://site.test/down');
      failed.fetchStatus = -2;
      const empty = page('http://site.test/empty', { body: '' });
      for (const curi of [dns, robots, missing, failed, empty]) await p.process(curi);
      expect(r.documents).to.deep.equal([]);
      expect(p.documents).to.equal(0);
    });

    it('in test mode passes nothing to the receivers, and asks them nothing', async () => {
      const r = new Collecting(false);
      const curi = page();
      await processor([r], { testMode: true }).process(curi);
      expect(r.documents).to.deep.equal([]);
      expect(r.asked).to.deep.equal([]);
      expect(curi.noFollow).to.equal(false);
    });

    it('drops the links of a collection a receiver refuses (approveCollectionCrawling), yet delivers the document', async () => {
      const yes = new Collecting(true);
      const no = new Collecting(false);
      const curi = page();
      await processor([yes, no]).process(curi);
      expect(no.asked).to.deep.equal(['http://site.test/docs/']);
      expect(curi.noFollow).to.equal(true);
      expect(curi.annotations).to.deep.equal(['collectionRefused']);
      expect(yes.documents).to.have.length(1);
      expect(no.documents).to.have.length(1);
    });

    it('asks nothing about a document without links', async () => {
      const r = new Collecting(false);
      const curi = page();
      curi.outlinks.length = 0;
      await processor([r]).process(curi);
      expect(r.asked).to.deep.equal([]);
      expect(curi.noFollow).to.equal(false);
    });

    it('waits for a receiver\'s promise, and logs a failing receiver without stopping the others or the URI', async () => {
      let settled = false;
      const slow: Receiver = { documentFound: () => new Promise<void>((resolve) => setTimeout(() => resolve(void (settled = true)), 20)) };
      const throwing: Receiver = { documentFound: () => { throw new Error('sync failure'); } };
      const rejecting: Receiver = { documentFound: () => Promise.reject(new Error('async failure')) };
      const last = new Collecting();
      const curi = page();
      expect(await processor([slow, throwing, rejecting, last]).process(curi)).to.equal('PROCEED');
      expect(settled).to.equal(true);
      expect(last.documents).to.have.length(1);
      expect(errors.map((e) => (e as Error).message)).to.deep.equal(['sync failure', 'async failure']);
      expect(curi.annotations).to.deep.equal(['receiverFailed']);
    });
  });

  describe('list receivers', () => {
    /** A 2xx page judged by the fetch history as `kind`. */
    function judged(uri: string, kind: 'new' | 'changed' | 'unchanged'): CrawlUri {
      const curi = page(uri);
      curi.delta = kind;
      return curi;
    }

    async function listed(path: string): Promise<Array<{ kind: string; url: string }>> {
      return (await readFile(path, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { kind: string; url: string });
    }

    it('get the whole run at its end, in order, from the state store across a restart; pushed receivers hear it as it comes', async () => {
      const work = await tempDir();
      try {
        const path = join(work.dir, 'run', 'document-list.jsonl');
        const pushed = new Collecting();
        let store = levelStore(join(work.dir, 'state'));
        await store.start();
        let list = new DocumentListReceiver({ path });
        let p = processor([list, pushed], { stateStore: store });
        await p.start();
        await p.process(judged('http://site.test/a', 'new'));
        await p.process(judged('http://site.test/b', 'changed'));
        expect(pushed.documents.map((d) => d.url)).to.deep.equal(['http://site.test/a', 'http://site.test/b']);
        expect(existsSync(path)).to.equal(false);
        await store.stop();

        // The resumed run: a new store and processor on the same folder.
        store = levelStore(join(work.dir, 'state'));
        await store.start();
        list = new DocumentListReceiver({ path });
        p = processor([list], { stateStore: store });
        await p.start();
        await p.process(judged('http://site.test/c', 'unchanged'));
        await p.documentEvent({ kind: 'deleted', url: 'http://site.test/gone', status: 404, fetchTime: Date.UTC(2024, 0, 1) });
        await p.runEnded();
        expect((await listed(path)).map((e) => `${e.kind} ${e.url}`)).to.deep.equal([
          'new http://site.test/a', 'changed http://site.test/b', 'unchanged http://site.test/c', 'deleted http://site.test/gone',
        ]);
        expect(list.written).to.equal(4);
        expect(existsSync(`${path}.part`)).to.equal(false);
        await store.stop();
      } finally {
        await work.cleanup();
      }
    });

    it('get a list longer than a page of the store (10,000 events), whole and in order', async () => {
      const work = await tempDir();
      try {
        const store = levelStore(join(work.dir, 'state'));
        await store.start();
        const path = join(work.dir, 'list.jsonl');
        const p = processor([new DocumentListReceiver({ path })], { stateStore: store });
        await p.start();
        for (let i = 0; i < 10_000; i++) await p.documentEvent({ kind: 'deleted', url: `http://site.test/${i}`, status: 404, fetchTime: 0 });
        await p.runEnded();
        const urls = (await listed(path)).map((e) => e.url);
        expect(urls).to.have.length(10_000);
        expect(urls.every((u, i) => u === `http://site.test/${i}`)).to.equal(true);
        await store.stop();
      } finally {
        await work.cleanup();
      }
    });

    it('without a state store, get the run\'s events from memory', async () => {
      const work = await tempDir();
      try {
        const path = join(work.dir, 'list.jsonl');
        const p = processor([new DocumentListReceiver({ path })]);
        const curi = page('http://site.test/a');
        curi.contentSize = Buffer.byteLength(HTML);
        await p.process(curi);
        await p.runEnded();
        expect(await listed(path)).to.deep.equal([{ kind: 'found', url: 'http://site.test/a', status: 200, mimeType: 'text/html', size: Buffer.byteLength(HTML), digest: 'sha1:AAAA', lastModified: 'Tue, 02 Jan 2024 03:04:05 GMT', fetchTime: '2024-01-02T00:00:00.000Z' }]);
      } finally {
        await work.cleanup();
      }
    });
  });
});
