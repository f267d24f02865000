import { expect } from 'chai';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CDXIndexer, WARCParser } from 'warcio';
import { field, httpHeader, parseHttpMessage, readWarcFile, sha1Digest, type WarcRecordRead } from '../../../test/support/warc-reader.js';
import { checkBlockDigests } from '../../../test/support/warcio-block-digests.js';
import type { CrawlLogger } from '../../model/crawl-logger.js';
import { fixedMetadata, type CrawlMetadataInfo } from '../../model/crawl-metadata-info.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { DeltaKind, FetchHistoryEntry, FetchHistoryRecord } from '../../model/fetch-history.js';
import type { HttpResponse } from '../../model/http-response.js';
import { HttpResponseRecordBuilder } from './http-response-record-builder.js';
import { PROFILE_IDENTICAL_PAYLOAD_DIGEST, PROFILE_SERVER_NOT_MODIFIED, RevisitRecordBuilder, revisitOf } from './revisit-record-builder.js';
import { DEFAULT_WARC_TEMPLATE } from './warc-file-name.js';
import { WARC_RECORD_BUILDERS } from './warc-record-builders.descriptor.js';
import { defaultRecordBuilders, WarcWriterProcessor, type WarcWriterConfig } from './warc-writer-processor.js';

const METADATA: CrawlMetadataInfo = fixedMetadata({
  operatorContactUrl: 'https://example.org/contact', operatorFrom: 'crawler@example.org', jobName: 'delta', robotsPolicyName: 'obey',
  userAgent: 'Mozilla/5.0 (compatible; beancrawl/0.1.0 +https://example.org/contact)', description: 'A delta crawl', operator: '',
});

const RUN1 = Date.UTC(2024, 0, 1, 10, 0, 0, 250);
const RUN2 = Date.UTC(2024, 0, 8, 10, 0, 0, 500);
const RUN3 = Date.UTC(2024, 0, 15, 10, 0, 0, 750);
const BODY = '<html>hello</html>';
const LAST_MODIFIED = 'Mon, 01 Jan 2024 09:00:00 GMT';
const REQUEST_HEAD = 'GET /page HTTP/1.1\r\nHost: site.test\r\nUser-Agent: UA\r\n\r\n';

/** A URI fetched at `began` with a 200 and the given body, as the HTTP fetcher leaves it. */
function fetched(uri: string, began: number, body: string = BODY, response: Partial<HttpResponse> = {}): CrawlUri {
  const curi = new CrawlUri(uri, { hopsPath: 'L', via: 'http://site.test/' });
  const raw = Buffer.from(body);
  curi.fetchStatus = 200;
  curi.fetchBeginTime = began;
  curi.fetchDurationMs = 12;
  curi.contentType = 'text/html';
  curi.contentSize = raw.length;
  curi.contentDigest = sha1Digest(raw);
  curi.requestHead = REQUEST_HEAD;
  const rawHeaders = ['Content-Type', 'text/html', 'ETag', '"v1"', 'Last-Modified', LAST_MODIFIED, 'Content-Length', String(raw.length)];
  curi.response = {
    statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders, headers: headersOf(rawHeaders), rawBody: raw, body: raw, ipAddress: '127.0.0.1',
    ...response,
  };
  curi.outlinks.push({ uri: 'http://site.test/a', hop: 'L', context: 'a/@href' });
  return curi;
}

/** A URI that answered a conditional request with 304 Not Modified at `began` (no body: the digest of nothing). */
function notModified(uri: string, began: number): CrawlUri {
  const curi = new CrawlUri(uri, { hopsPath: 'L', via: 'http://site.test/' });
  curi.fetchStatus = 304;
  curi.fetchBeginTime = began;
  curi.fetchDurationMs = 3;
  curi.contentSize = 0;
  curi.contentDigest = sha1Digest(Buffer.alloc(0));
  curi.requestHead = REQUEST_HEAD.replace('\r\n\r\n', '\r\nIf-None-Match: "v1"\r\n\r\n');
  const rawHeaders = ['Date', 'Mon, 08 Jan 2024 10:00:00 GMT', 'ETag', '"v1"', 'Last-Modified', LAST_MODIFIED];
  curi.response = {
    statusCode: 304, statusText: 'Not Modified', httpVersion: '1.1', rawHeaders, headers: headersOf(rawHeaders),
    rawBody: Buffer.alloc(0), body: Buffer.alloc(0), ipAddress: '127.0.0.2',
  };
  return curi;
}

function headersOf(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) headers[raw[i].toLowerCase()] = raw[i + 1];
  return headers;
}

/** What the history holds of a fetch. */
function entry(status: number, fetchTime: number, body?: string): FetchHistoryEntry {
  return body === undefined
    ? { status, fetchTime, digest: sha1Digest(Buffer.alloc(0)), size: 0, etag: '"v1"' }
    : { status, fetchTime, digest: sha1Digest(Buffer.from(body)), size: Buffer.byteLength(body), mimeType: 'text/html', etag: '"v1"', lastModified: LAST_MODIFIED };
}

/** Sets what the history processor would have: the record before this fetch (fetches latest first) and the delta. */
function judged(curi: CrawlUri, delta: DeltaKind | undefined, ...fetches: FetchHistoryEntry[]): CrawlUri {
  if (fetches.length) {
    const history: FetchHistoryRecord = { fetches, document: true, lastSeenRun: 1, lastTriedRun: 1, firstSeenRun: 1, goneCount: 0 };
    curi.history = history;
  }
  curi.delta = delta;
  return curi;
}

const types = (rs: readonly WarcRecordRead[]): Array<string | undefined> => rs.map((r) => field(r, 'WARC-Type'));

describe(RevisitRecordBuilder.name, () => {
  let dir: string;
  const errors: unknown[] = [];
  const logger: CrawlLogger = { crawled: () => undefined, uriError: () => undefined, runtimeError: (_c, e) => void errors.push(e) };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-revisit-'));
    errors.length = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  function writer(over: Partial<WarcWriterConfig> = {}): WarcWriterProcessor {
    const w = new WarcWriterProcessor({
      enabled: true, shouldProcessRule: undefined, compress: true, prefix: 'WEB', maxFileSizeBytes: 1000000000, writeRequests: true, writeMetadata: true, directory: dir,
      storePaths: ['warcs'], template: DEFAULT_WARC_TEMPLATE, skipIdenticalDigests: false, maxTotalBytesToWrite: 0, poolMaxActive: 1,
      maxWaitForIdleMs: 500, startNewFilesOnCheckpoint: true, chain: [], metadata: METADATA, loggerModule: logger, stateStore: undefined, ...over,
    });
    w.beanName = 'warcWriter';
    w.start();
    return w;
  }

  /** Writes the URIs with a writer of the default chain (or `over`), stops it, and returns the one file's path. */
  async function write(curis: readonly CrawlUri[], over: Partial<WarcWriterConfig> = {}): Promise<string> {
    const w = writer(over);
    for (const curi of curis) expect(await w.process(curi)).to.equal('PROCEED');
    await w.stop();
    expect(errors).to.deep.equal([]);
    const names = await readdir(join(dir, 'warcs'));
    expect(names).to.have.length(1);
    // Every record, revisits of either profile included, with a block digest warcio verifies.
    expect((await checkBlockDigests(join(dir, 'warcs', names[0]))).problems).to.deep.equal([]);
    return join(dir, 'warcs', names[0]);
  }

  describe('an unchanged URI that answered 304 Not Modified', () => {
    it('is written as a server-not-modified revisit of the last 2xx, in place of the response, with request and metadata linked to it', async () => {
      const curi = judged(notModified('http://site.test/page', RUN2), 'unchanged', entry(200, RUN1, BODY));
      const rs = await readWarcFile(await write([curi]));
      expect(types(rs)).to.deep.equal(['warcinfo', 'revisit', 'request', 'metadata']);
      const [, revisit, request, metadata] = rs;
      expect(revisit.fields.map(([name]) => name)).to.deep.equal([
        'WARC-Type', 'WARC-Target-URI', 'WARC-Date', 'WARC-Block-Digest', 'WARC-Payload-Digest', 'WARC-IP-Address', 'WARC-Profile', 'WARC-Truncated', 'WARC-Refers-To-Target-URI',
        'WARC-Refers-To-Date', 'WARC-Etag', 'WARC-Last-Modified', 'WARC-Record-ID', 'Content-Type', 'Content-Length',
      ]);
      expect(field(revisit, 'WARC-Profile')).to.equal(PROFILE_SERVER_NOT_MODIFIED);
      expect(field(revisit, 'WARC-Target-URI')).to.equal('http://site.test/page');
      expect(field(revisit, 'WARC-Date')).to.equal('2024-01-08T10:00:00Z');
      expect(field(revisit, 'WARC-Refers-To-Target-URI')).to.equal('http://site.test/page');
      expect(field(revisit, 'WARC-Refers-To-Date')).to.equal('2024-01-01T10:00:00Z');
      expect(field(revisit, 'WARC-Payload-Digest')).to.equal(sha1Digest(Buffer.from(BODY)));
      expect(field(revisit, 'WARC-IP-Address')).to.equal('127.0.0.2');
      expect(field(revisit, 'WARC-Etag')).to.equal('"v1"');
      expect(field(revisit, 'WARC-Last-Modified')).to.equal(LAST_MODIFIED);
      // As Heritrix's RevisitRecordBuilder for a 304: everything left out by length, the head too (an empty block).
      expect(field(revisit, 'WARC-Truncated')).to.equal('length');
      expect(field(revisit, 'Content-Type')).to.equal('application/http; msgtype=response');
      expect(field(revisit, 'Content-Length')).to.equal('0');
      expect(revisit.block.length).to.equal(0);
      expect(request.block.toString('latin1')).to.equal(curi.requestHead);
      for (const r of [request, metadata]) expect(field(r, 'WARC-Concurrent-To')).to.equal(field(revisit, 'WARC-Record-ID'));
      expect(field(revisit, 'WARC-Concurrent-To')).to.equal(undefined);
      expect(curi.extraInfo.warcFileOffset).to.equal(revisit.offset);
    });

    it('refers to the last 2xx past later 304s and failures; without one it has no Refers-To-Date nor payload digest', async () => {
      const past304 = judged(notModified('http://site.test/a', RUN3), 'unchanged', entry(304, RUN2), entry(503, RUN2 - 1000), entry(200, RUN1, BODY));
      const bare = judged(notModified('http://site.test/b', RUN3), 'unchanged', entry(304, RUN2));
      const noHistory = judged(notModified('http://site.test/c', RUN3), 'unchanged');
      const [, a, , , b, , , c] = await readWarcFile(await write([past304, bare, noHistory]));
      expect(field(a, 'WARC-Refers-To-Date')).to.equal('2024-01-01T10:00:00Z');
      expect(field(a, 'WARC-Payload-Digest')).to.equal(sha1Digest(Buffer.from(BODY)));
      for (const [r, uri] of [[b, 'http://site.test/b'], [c, 'http://site.test/c']] as const) {
        expect(field(r, 'WARC-Type')).to.equal('revisit');
        expect(field(r, 'WARC-Profile')).to.equal(PROFILE_SERVER_NOT_MODIFIED);
        expect(field(r, 'WARC-Refers-To-Target-URI')).to.equal(uri);
        expect(field(r, 'WARC-Refers-To-Date')).to.equal(undefined);
        expect(field(r, 'WARC-Payload-Digest')).to.equal(undefined);
      }
    });

    it('carries the digest the earlier response record holds: over the chunked entity as received, when the history kept it apart', async () => {
      const framed = 'sha1:FRAMEDFRAMEDFRAMEDFRAMEDFRAMEDFR';
      const curi = judged(notModified('http://site.test/page', RUN2), 'unchanged', { ...entry(200, RUN1, BODY), payloadDigest: framed });
      const [, revisit] = await readWarcFile(await write([curi]));
      expect(field(revisit, 'WARC-Payload-Digest')).to.equal(framed);
      expect(field(revisit, 'WARC-Refers-To-Date')).to.equal('2024-01-01T10:00:00Z');
    });

    it('leaves out a payload digest the history keeps in an algorithm other than the response record\'s sha1', async () => {
      const curi = judged(notModified('http://site.test/page', RUN2), 'unchanged', { ...entry(200, RUN1, BODY), digest: 'sha256:AAAA' });
      const [, revisit] = await readWarcFile(await write([curi]));
      expect(field(revisit, 'WARC-Payload-Digest')).to.equal(undefined);
      expect(field(revisit, 'WARC-Refers-To-Date')).to.equal('2024-01-01T10:00:00Z');
    });
  });

  describe('an unchanged URI that answered 2xx with the same digest', () => {
    it('is written as an identical-payload-digest revisit: the response head without the payload', async () => {
      const curi = judged(fetched('http://site.test/page', RUN2), 'unchanged', entry(200, RUN1, BODY));
      const rs = await readWarcFile(await write([curi]));
      expect(types(rs)).to.deep.equal(['warcinfo', 'revisit', 'request', 'metadata']);
      const revisit = rs[1];
      expect(revisit.fields.map(([name]) => name)).to.deep.equal([
        'WARC-Type', 'WARC-Target-URI', 'WARC-Date', 'WARC-Block-Digest', 'WARC-Payload-Digest', 'WARC-IP-Address', 'WARC-Profile', 'WARC-Truncated', 'WARC-Refers-To-Target-URI',
        'WARC-Refers-To-Date', 'WARC-Record-ID', 'Content-Type', 'Content-Length',
      ]);
      expect(field(revisit, 'WARC-Profile')).to.equal(PROFILE_IDENTICAL_PAYLOAD_DIGEST);
      expect(field(revisit, 'WARC-Payload-Digest')).to.equal(sha1Digest(Buffer.from(BODY)));
      expect(field(revisit, 'WARC-Refers-To-Target-URI')).to.equal('http://site.test/page');
      expect(field(revisit, 'WARC-Refers-To-Date')).to.equal('2024-01-01T10:00:00Z');
      // As Heritrix's RevisitRecordBuilder: the payload is left out by length.
      expect(field(revisit, 'WARC-Truncated')).to.equal('length');
      const http = parseHttpMessage(revisit.block);
      expect(http.startLine).to.equal('HTTP/1.1 200 OK');
      expect(httpHeader(http, 'Content-Length')).to.equal(String(BODY.length));
      expect(http.body.length).to.equal(0);
      for (const r of rs.slice(2)) expect(field(r, 'WARC-Concurrent-To')).to.equal(field(revisit, 'WARC-Record-ID'));
    });

    it('refers to the fetch whose response holds the payload: the oldest 2xx with that digest since one with another', async () => {
      const curi = judged(fetched('http://site.test/page', RUN3 + 1000), 'unchanged',
        entry(200, RUN3, BODY), entry(304, RUN2 + 1000), entry(200, RUN2, BODY), entry(200, RUN1, 'older'));
      const [, revisit] = await readWarcFile(await write([curi]));
      expect(field(revisit, 'WARC-Refers-To-Date')).to.equal('2024-01-08T10:00:00Z');
    });

    it('gives the sha1 payload digest the response record had when the crawl digests with another algorithm', async () => {
      const curi = judged(fetched('http://site.test/page', RUN2), 'unchanged', { ...entry(200, RUN1, BODY), digest: 'sha256:SAME' });
      curi.contentDigest = 'sha256:SAME';
      const [, revisit] = await readWarcFile(await write([curi]));
      expect(field(revisit, 'WARC-Profile')).to.equal(PROFILE_IDENTICAL_PAYLOAD_DIGEST);
      expect(field(revisit, 'WARC-Payload-Digest')).to.equal(sha1Digest(Buffer.from(BODY)));
    });
  });

  describe('a 2xx with the payload of the last capture, whatever the delta verdict', () => {
    it('is an identical-payload-digest revisit when judged changed by other signals (a new ETag) or not judged at all', async () => {
      const etagMoved = judged(fetched('http://site.test/etag', RUN2, BODY, {}), 'changed', { ...entry(200, RUN1, BODY), etag: '"v0"' });
      const notJudged = judged(fetched('http://site.test/plain', RUN2), undefined, entry(200, RUN1, BODY));
      const rs = await readWarcFile(await write([etagMoved, notJudged]));
      const revisits = rs.filter((r) => field(r, 'WARC-Type') === 'revisit');
      expect(revisits.map((r) => field(r, 'WARC-Target-URI')), 'the same payload twice is written once, as Heritrix ' +
        'does').to.deep.equal([etagMoved.uri, notJudged.uri]);
      for (const r of revisits) {
        expect(field(r, 'WARC-Profile')).to.equal(PROFILE_IDENTICAL_PAYLOAD_DIGEST);
        expect(field(r, 'WARC-Truncated')).to.equal('length');
        expect(field(r, 'WARC-Refers-To-Date')).to.equal('2024-01-01T10:00:00Z');
      }
      expect(rs.filter((r) => field(r, 'WARC-Type') === 'response')).to.deep.equal([]);
    });
  });

  describe('other URIs', () => {
    it('are written as responses: new, changed, a first capture without delta (a 304 too), and an unchanged 2xx whose digest differs from the ' +
      'history\'s', async () => {
      const curis = [
        judged(fetched('http://site.test/new', RUN2), 'new'),
        judged(fetched('http://site.test/changed', RUN2, 'changed'), 'changed', entry(200, RUN1, BODY)),
        judged(fetched('http://site.test/plain', RUN2), undefined),
        judged(notModified('http://site.test/304', RUN2), undefined),
        judged(fetched('http://site.test/odd', RUN2, 'other'), 'unchanged', entry(200, RUN1, BODY)),
        judged(fetched('http://site.test/nodigest', RUN2), 'unchanged', entry(200, RUN1, BODY)),
      ];
      curis[5].contentDigest = undefined;
      for (const curi of curis) expect(revisitOf(curi), curi.uri).to.equal(undefined);
      const rs = await readWarcFile(await write(curis));
      expect(rs.filter((r) => field(r, 'WARC-Type') === 'revisit')).to.deep.equal([]);
      const responses = rs.filter((r) => field(r, 'WARC-Type') === 'response');
      expect(responses.map((r) => field(r, 'WARC-Target-URI'))).to.deep.equal(curis.map((c) => c.uri));
      expect(parseHttpMessage(responses[3].block).startLine).to.equal('HTTP/1.1 304 Not Modified');
      expect(field(responses[4], 'WARC-Payload-Digest')).to.equal(sha1Digest(Buffer.from('other')));
    });

    it('are left to the response builder alone: a dns: lookup, a 304 judged unchanged without a response', () => {
      const dns = judged(new CrawlUri('dns:site.test'), 'unchanged', entry(200, RUN1, BODY));
      dns.fetchStatus = 1;
      dns.content = Buffer.from('site.test.\t300\tIN\tA\t127.0.0.1\n');
      const bodiless = judged(notModified('http://site.test/page', RUN2), 'unchanged', entry(200, RUN1, BODY));
      bodiless.response = undefined;
      const revisits = new RevisitRecordBuilder();
      for (const curi of [dns, bodiless]) expect(revisits.shouldBuildRecord(curi), curi.uri).to.equal(false);
      expect(new HttpResponseRecordBuilder().shouldBuildRecord(judged(notModified('http://site.test/page', RUN2), 'unchanged'))).to.equal(false);
    });
  });

  describe('the chain', () => {
    it('by default is Heritrix\'s order, with the revisit builder after the response builder (and beancrawl\'s mail and rendered page builders last)', () => {
      expect(defaultRecordBuilders().map((b) => b.constructor.name)).to.deep.equal([
        'DnsResponseRecordBuilder', 'HttpResponseRecordBuilder', 'RevisitRecordBuilder', 'HttpRequestRecordBuilder', 'MetadataRecordBuilder',
        'MailResourceRecordBuilder', 'ScreenshotRecordBuilder', 'RenderedDomRecordBuilder',
      ]);
    });

    it('takes the bean RevisitRecordBuilder (and its Heritrix class name) as this builder', async () => {
      const descriptor = WARC_RECORD_BUILDERS.find((d) => d.name === 'RevisitRecordBuilder')!;
      expect(descriptor.aliases).to.deep.equal(['org.archive.modules.warc.RevisitRecordBuilder']);
      expect(descriptor.kinds).to.deep.equal(['WarcRecordBuilder']);
      expect(await descriptor.load!()).to.equal(RevisitRecordBuilder);
    });

    it('writes what a Heritrix-ordered chain of the same builders writes', async () => {
      const curi = judged(notModified('http://site.test/page', RUN2), 'unchanged', entry(200, RUN1, BODY));
      const chain = defaultRecordBuilders();
      const rs = await readWarcFile(await write([curi], { chain: [chain[0], chain[1], new RevisitRecordBuilder(), chain[3], chain[4]] }));
      expect(types(rs)).to.deep.equal(['warcinfo', 'revisit', 'request', 'metadata']);
    });
  });

  describe('read by warcio', () => {
    it('parses the revisits (an identical payload with its HTTP head, a 304 with an empty block), and indexes them (CDX) as warc/revisit with the ' +
      'original\'s digest and date', async () => {
      const first = judged(fetched('http://site.test/page', RUN1), 'new');
      const again = judged(fetched('http://site.test/page', RUN2), 'unchanged', entry(200, RUN1, BODY));
      const notModifiedNow = judged(notModified('http://site.test/page', RUN3), 'unchanged', entry(200, RUN2, BODY), entry(200, RUN1, BODY));
      const path = await write([first, again, notModifiedNow]);

      const parsed: Array<{ type?: string; profile?: string | null; refersToDate?: string | null; digest?: string | null; status?: number; payload: number }> = [];
      for await (const record of new WARCParser(createReadStream(path))) {
        const payload = await record.readFully(false);
        parsed.push({
          type: record.warcType, profile: record.warcHeader('WARC-Profile'), refersToDate: record.warcRefersToDate, digest: record.warcPayloadDigest,
          status: record.httpHeaders ? Number(record.httpHeaders.statusCode) : undefined, payload: payload.length,
        });
      }
      const original = parsed[1];
      expect(parsed.map((p) => p.type)).to.deep.equal(['warcinfo', 'response', 'request', 'metadata', 'revisit', 'request', 'metadata', 'revisit', 'request', 'metadata']);
      expect(original).to.include({ status: 200, payload: BODY.length, digest: sha1Digest(Buffer.from(BODY)) });
      expect(parsed[4]).to.deep.equal({
        type: 'revisit', profile: PROFILE_IDENTICAL_PAYLOAD_DIGEST, refersToDate: '2024-01-01T10:00:00Z', digest: original.digest, status: 200, payload: 0,
      });
      expect(parsed[7]).to.deep.equal({
        type: 'revisit', profile: PROFILE_SERVER_NOT_MODIFIED, refersToDate: '2024-01-01T10:00:00Z', digest: original.digest, status: undefined, payload: 0,
      });

      const cdx: Array<Record<string, unknown>> = [];
      for await (const line of new CDXIndexer({}).iterIndex([{ filename: 'f.warc.gz', reader: createReadStream(path) }])) cdx.push(line);
      const digest = sha1Digest(Buffer.from(BODY)).slice('sha1:'.length);
      expect(cdx.map(({ timestamp, mime, status, digest: d }) => ({ timestamp, mime, status, digest: d }))).to.deep.equal([
        { timestamp: '20240101100000', mime: 'text/html', status: 200, digest },
        { timestamp: '20240108100000', mime: 'warc/revisit', status: 200, digest },
        { timestamp: '20240115100000', mime: 'warc/revisit', status: undefined, digest },
      ]);
    });
  });
});
