import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { levelStore } from '../../../test/support/level-store.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { fixedMetadata, type CrawlMetadataInfo } from '../../model/crawl-metadata-info.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { FetchHistoryRecord } from '../../model/fetch-history.js';
import { FetchHistoryProcessor } from '../state/fetch-history-processor.js';
import { fetchHistoryProcessorComponent } from '../state/fetch-history-processor.js';
import { FetchHistoryStore } from '../state/fetch-history-store.js';
import type { LevelStateStore } from '../state/level-state-store.js';
import { FetchHttp, type FetchHttpConfig } from './fetch-http.js';
import { fetchHttpComponent } from './fetch-http.descriptor.js';
import { MemoryServerCache } from './memory-server-cache.js';

const UA = 'Mozilla/5.0 (compatible; beancrawl/0.1.0 +https://example.org/contact)';
const metadata: CrawlMetadataInfo = fixedMetadata({
  operatorContactUrl: 'https://example.org/contact', operatorFrom: 'crawl@example.org', jobName: 'test', robotsPolicyName: 'obey',
  userAgent: UA,
});

const ETAG = '"doc-v1"';
const LAST_MODIFIED = 'Wed, 01 Jan 2025 00:00:00 GMT';
const BODY = Buffer.alloc(20_000, '<p>unchanged</p>\n');

/** What the server saw of one request and what it sent back. */
interface Exchange {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  status: number;
  /** Body bytes the handler wrote. */
  bodyBytes: number;
  /** Bytes written to the socket for the whole response (status line, headers, body). */
  wireBytes: number;
}

/**
 * A document server that honours conditional requests as RFC 9110 §13.2.2 says: If-None-Match
 * first (304 when it names the ETag), else If-Modified-Since (304 when the document is not newer).
 * `/doc` sends both validators, `/dated` only Last-Modified, `/plain` neither.
 */
function documentServer(exchanges: Exchange[]): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url!.split('?')[0];
    const socket = req.socket;
    const start = socket.bytesWritten;
    const exchange: Exchange = { path, headers: req.headers, status: 0, bodyBytes: 0, wireBytes: 0 };
    exchanges.push(exchange);
    res.on('finish', () => {
      exchange.wireBytes = socket.bytesWritten - start;
    });
    const validators: Record<string, string> = path === '/doc' ? { ETag: ETAG, 'Last-Modified': LAST_MODIFIED } : path === '/dated' ? { 'Last-Modified': LAST_MODIFIED } : {};
    if (path !== '/doc' && path !== '/dated' && path !== '/plain') {
      exchange.status = 404;
      return res.writeHead(404).end();
    }
    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    const notModified = inm !== undefined
      ? validators.ETag !== undefined && inm.split(',').map((t) => t.trim()).includes(validators.ETag)
      : ims !== undefined && validators['Last-Modified'] !== undefined && Date.parse(validators['Last-Modified']) <= Date.parse(ims);
    if (notModified) {
      exchange.status = 304;
      // As most servers do, the 304 repeats the ETag (RFC 9110 §15.4.5) but no Last-Modified.
      return res.writeHead(304, validators.ETag ? { ETag: validators.ETag } : {}).end();
    }
    exchange.status = 200;
    exchange.bodyBytes = BODY.length;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(BODY.length), ...validators });
    res.end(BODY);
  });
}

describe('FetchHttp conditional requests from the fetch history', () => {
  let server: Server;
  let port: number;
  const exchanges: Exchange[] = [];
  let cache: MemoryServerCache;
  const started: FetchHttp[] = [];
  let dir: string;
  let cleanup: () => Promise<void>;
  let store: LevelStateStore;
  let histories: FetchHistoryStore;

  before(async () => {
    server = documentServer(exchanges);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });

  after(() => {
    server.closeAllConnections();
    server.close();
  });

  beforeEach(async () => {
    exchanges.length = 0;
    cache = new MemoryServerCache({});
    cache.host('site.test').ip = '127.0.0.1';
    ({ dir, cleanup } = await tempDir());
    store = levelStore(join(dir, 'state'));
    await store.start();
    histories = new FetchHistoryStore({
      deltaCrawl: true, historyLength: 2, deleteAfterGoneCount: 1, maxDeletePercent: 20, dryRunDeletes: false,
      withheldListPath: join(dir, 'withheld.txt'), stateStore: store, loggerModule: undefined,
    });
    await histories.start();
  });

  afterEach(async () => {
    await Promise.all(started.splice(0).map((f) => f.stop()));
    await store.stop();
    await cleanup();
  });

  const url = (path: string): string => `http://site.test:${port}${path}`;

  function fetcher(over: Partial<FetchHttpConfig> = {}): FetchHttp {
    const defaults = Object.fromEntries(Object.entries(fetchHttpComponent.props).map(([k, spec]) => [k, spec.default]));
    const f = new FetchHttp({ ...defaults, serverCache: cache, metadata, shouldFetchBodyRule: undefined, ...over } as FetchHttpConfig);
    f.start();
    started.push(f);
    return f;
  }

  /** Fetches `path` with `history` loaded, as PersistLoadProcessor leaves a URI. */
  async function fetch(path: string, history: FetchHistoryRecord | undefined, over: Partial<FetchHttpConfig> = {}): Promise<CrawlUri> {
    const curi = new CrawlUri(url(path), { hopsPath: 'L', via: url('/') });
    curi.history = history;
    await fetcher(over).process(curi);
    return curi;
  }

  /** Records the fetch in the history store (PersistStoreProcessor), commits, and reads the record back. */
  async function remember(curi: CrawlUri): Promise<FetchHistoryRecord> {
    histories.record(curi);
    await store.commit();
    return (await histories.load(curi.uri))!;
  }

  /** The history after a first, unconditional fetch of `path`. */
  async function firstRun(path: string): Promise<FetchHistoryRecord> {
    const first = await fetch(path, undefined);
    expect(first.fetchStatus).to.equal(200);
    return remember(first);
  }

  const conditionals = (e: Exchange): Array<string | undefined> => [e.headers['if-none-match'], e.headers['if-modified-since']];

  it('sends If-None-Match and If-Modified-Since with the ETag and Last-Modified the history holds', async () => {
    const history = await firstRun('/doc');
    expect(history.fetches[0]).to.deep.include({ status: 200, etag: ETAG, lastModified: LAST_MODIFIED });
    const curi = await fetch('/doc', history);
    expect(exchanges.map(conditionals)).to.deep.equal([[undefined, undefined], [ETAG, LAST_MODIFIED]]);
    // The request as recorded for the WARC request record says the same.
    expect(curi.requestHead).to.contain(`\r\nIf-None-Match: ${ETAG}\r\n`).and.contain(`\r\nIf-Modified-Since: ${LAST_MODIFIED}\r\n`);
    expect(curi.fetchStatus).to.equal(304);
  });

  it('leaves out If-None-Match with sendIfNoneMatch=false, and the server answers by the date', async () => {
    const history = await firstRun('/doc');
    const curi = await fetch('/doc', history, { sendIfNoneMatch: false });
    expect(conditionals(exchanges[1])).to.deep.equal([undefined, LAST_MODIFIED]);
    expect(exchanges[1].headers).to.not.have.property('if-none-match');
    expect(curi.requestHead).to.not.match(/If-None-Match/i);
    expect(curi.fetchStatus).to.equal(304);
  });

  it('leaves out If-Modified-Since with sendIfModifiedSince=false, and the server answers by the ETag', async () => {
    const history = await firstRun('/doc');
    const curi = await fetch('/doc', history, { sendIfModifiedSince: false });
    expect(conditionals(exchanges[1])).to.deep.equal([ETAG, undefined]);
    expect(exchanges[1].headers).to.not.have.property('if-modified-since');
    expect(curi.requestHead).to.not.match(/If-Modified-Since/i);
    expect(curi.fetchStatus).to.equal(304);
  });

  it('sends neither with both switched off, and the whole body comes again', async () => {
    const history = await firstRun('/doc');
    const curi = await fetch('/doc', history, { sendIfNoneMatch: false, sendIfModifiedSince: false });
    expect(exchanges[1].headers).to.not.have.any.keys('if-none-match', 'if-modified-since');
    expect([curi.fetchStatus, curi.contentSize, exchanges[1].bodyBytes]).to.deep.equal([200, BODY.length, BODY.length]);
  });

  it('a 304 costs no body: the server sends only the head, and the URI has status 304, not modified, with no content', async () => {
    const history = await firstRun('/doc');
    const curi = await fetch('/doc', history);
    const [full, conditional] = exchanges;
    expect([full.status, full.bodyBytes]).to.deep.equal([200, BODY.length]);
    expect(full.wireBytes).to.be.greaterThan(BODY.length);
    expect([conditional.status, conditional.bodyBytes]).to.deep.equal([304, 0]);
    expect(conditional.wireBytes).to.be.greaterThan(0).and.below(full.wireBytes - BODY.length + 100);
    expect([curi.fetchStatus, curi.response!.statusCode, curi.response!.statusText]).to.deep.equal([304, 304, 'Not Modified']);
    expect([curi.contentSize, curi.response!.rawBody.length, curi.response!.body.length]).to.deep.equal([0, 0, 0]);
    expect(curi.response!.headers.etag).to.equal(ETAG);

    // FetchHistoryProcessor, next in the fetch chain, calls it an unchanged document.
    const { enabled, useChecksum, useETag, useLastModified, changeCondition, historyLength } = fetchHistoryProcessorComponent.props;
    const judge = new FetchHistoryProcessor({
      enabled: enabled.default, useChecksum: useChecksum.default, useETag: useETag.default, useLastModified: useLastModified.default,
      changeCondition: changeCondition.default, historyLength: historyLength.default, shouldProcessRule: undefined, fetchHistory: histories,
    });
    expect(await judge.process(curi)).to.equal('PROCEED');
    expect(curi.delta).to.equal('unchanged');
    expect(curi.annotations, 'Heritrix\'s revisit annotation, then the delta verdict as an annotation of its ' +
      'own').to.deep.equal(['duplicate:server-not-modified', 'delta:unchanged']);
    // Heritrix's sizes: what came over the wire (head included) in the extra info, and for the
    // reports that plus the body the 304 confirms.
    expect(curi.extraInfo.contentSize).to.equal(conditional.wireBytes);
    expect(curi.recordedSize).to.equal(conditional.wireBytes + BODY.length);
  });

  it('after a recorded 304, still sends the validators of the last fetch with content', async () => {
    const history = await firstRun('/doc');
    const notModified = await fetch('/doc', history);
    expect(notModified.fetchStatus).to.equal(304);
    const after304 = await remember(notModified);
    expect(after304.fetches.map((f) => [f.status, f.lastModified])).to.deep.equal([[304, undefined], [200, LAST_MODIFIED]]);
    const third = await fetch('/doc', after304);
    expect(conditionals(exchanges[2])).to.deep.equal([ETAG, LAST_MODIFIED]);
    expect(third.fetchStatus).to.equal(304);
  });

  it('sends only the validators the server gave: If-Modified-Since alone for a document without an ETag', async () => {
    const history = await firstRun('/dated');
    expect(history.fetches[0].etag).to.equal(undefined);
    const curi = await fetch('/dated', history);
    expect(exchanges[1].headers).to.not.have.property('if-none-match');
    expect(exchanges[1].headers['if-modified-since']).to.equal(LAST_MODIFIED);
    expect([curi.fetchStatus, exchanges[1].bodyBytes]).to.deep.equal([304, 0]);
  });

  it('sends no conditional header without history, without validators, or for a URI that is no longer a document', async () => {
    await fetch('/doc', undefined);
    const plain = await firstRun('/plain');
    await fetch('/plain', plain);
    const doc = await firstRun('/doc');
    await fetch('/doc', { ...doc, document: false });
    expect(exchanges.map((e) => [e.path, ...conditionals(e)])).to.deep.equal([
      ['/doc', undefined, undefined],
      ['/plain', undefined, undefined], ['/plain', undefined, undefined],
      ['/doc', undefined, undefined], ['/doc', undefined, undefined],
    ]);
    expect(exchanges.map((e) => e.status)).to.deep.equal([200, 200, 200, 200, 200]);
  });
});
