import { expect } from 'chai';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { field, parseHttpMessage, readWarcFile, sha1Digest, type WarcRecordRead } from '../../../test/support/warc-reader.js';
import type { CrawlLogger } from '../../model/crawl-logger.js';
import { fixedMetadata, type CrawlMetadataInfo } from '../../model/crawl-metadata-info.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { HttpResponse } from '../../model/http-response.js';
import { MetadataRecordBuilder } from './metadata-record-builder.js';
import { DEFAULT_WARC_TEMPLATE } from './warc-file-name.js';
import { WarcWriterProcessor, type WarcWriterConfig } from './warc-writer-processor.js';

const METADATA: CrawlMetadataInfo = fixedMetadata({
  operatorContactUrl: 'https://example.org/contact', operatorFrom: 'crawler@example.org', jobName: 'basic', robotsPolicyName: 'obey',
  userAgent: 'Mozilla/5.0 (compatible; beancrawl/0.1.0 +https://example.org/contact)', description: 'A test crawl', operator: '',
});

const BEGAN = Date.UTC(2024, 0, 2, 3, 4, 5, 678);

/** A URI fetched with a 200 and the given body and raw headers. */
function fetched(uri: string, body: string | Buffer = '<html>hello</html>', response: Partial<HttpResponse> = {}): CrawlUri {
  const curi = new CrawlUri(uri, { hopsPath: 'L', via: 'http://site.test/' });
  const raw = Buffer.from(body);
  curi.fetchStatus = 200;
  curi.fetchBeginTime = BEGAN;
  curi.fetchDurationMs = 12;
  curi.contentType = 'text/html';
  curi.contentDigest = sha1Digest(raw);
  curi.response = {
    statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: ['Content-Type', 'text/html', 'Content-Length', String(raw.length)],
    headers: { 'content-type': 'text/html', 'content-length': String(raw.length) }, rawBody: raw, body: raw, ipAddress: '127.0.0.1', ...response,
  };
  curi.outlinks.push({ uri: 'http://site.test/a', hop: 'L', context: 'a/@href' }, { uri: 'http://site.test/i.png', hop: 'E', context: 'img/@src' });
  return curi;
}

describe(WarcWriterProcessor.name, () => {
  let dir: string;
  const errors: unknown[] = [];
  const logger: CrawlLogger = { crawled: () => undefined, uriError: () => undefined, runtimeError: (_c, e) => void errors.push(e) };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-warc-'));
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

  async function files(sub = 'warcs'): Promise<string[]> {
    return (await readdir(join(dir, sub)).catch(() => [] as string[])).sort();
  }

  async function records(sub = 'warcs'): Promise<WarcRecordRead[]> {
    const all: WarcRecordRead[] = [];
    for (const f of await files(sub)) all.push(...(await readWarcFile(join(dir, sub, f))));
    return all;
  }

  describe('writing one fetched page', () => {
    it('writes warcinfo, then response and metadata linked to it, into a .open file renamed at stop()', async () => {
      const w = writer();
      const curi = fetched('http://site.test/page');
      expect(await w.process(curi)).to.equal('PROCEED');
      const [open] = await files();
      expect(open).to.match(/^WEB-\d{17}-00000-\d+~[^~]+~0\.warc\.gz\.open$/);
      await w.stop();
      const [closed] = await files();
      expect(closed).to.equal(open.replace(/\.open$/, ''));
      const rs = await records();
      expect(rs.map((r) => field(r, 'WARC-Type'))).to.deep.equal(['warcinfo', 'response', 'metadata']);
      expect(field(rs[2], 'WARC-Concurrent-To')).to.equal(field(rs[1], 'WARC-Record-ID'));
      expect(field(rs[1], 'WARC-Concurrent-To')).to.equal(undefined);
      expect(curi.extraInfo).to.deep.equal({ warcFilename: closed, warcFileOffset: rs[1].offset });
      expect(curi.annotations).to.deep.equal([]);
    });

    it('keeps the response as received: status line, headers in order, body bytes; digests over what is stored', async () => {
      const w = writer();
      const rawHeaders = ['Content-Type', 'text/html', 'Set-Cookie', 'a=1', 'set-cookie', 'b=2', 'Content-Length', '18'];
      await w.process(fetched('http://site.test/page', '<html>hello</html>', { statusText: 'Fine', rawHeaders }));
      await w.stop();
      const response = (await records())[1];
      expect(field(response, 'WARC-Target-URI')).to.equal('http://site.test/page');
      expect(field(response, 'WARC-Date')).to.equal('2024-01-02T03:04:05Z');
      expect(field(response, 'WARC-IP-Address')).to.equal('127.0.0.1');
      expect(field(response, 'Content-Type')).to.equal('application/http; msgtype=response');
      expect(response.fields.map(([name]) => name)).to.deep.equal([
        'WARC-Type', 'WARC-Target-URI', 'WARC-Date', 'WARC-Block-Digest', 'WARC-Payload-Digest', 'WARC-IP-Address', 'WARC-Record-ID', 'Content-Type', 'Content-Length',
      ]);
      const http = parseHttpMessage(response.block);
      expect(http.startLine).to.equal('HTTP/1.1 200 Fine');
      expect(http.headers).to.deep.equal([['Content-Type', 'text/html'], ['Set-Cookie', 'a=1'], ['set-cookie', 'b=2'], ['Content-Length', '18']]);
      expect(http.body.toString()).to.equal('<html>hello</html>');
      expect(field(response, 'WARC-Payload-Digest')).to.equal(sha1Digest(http.body));
      expect(field(response, 'WARC-Truncated')).to.equal(undefined);
    });

    it('stores a response\'s bytes as received, chunk framing included, and digests the entity so stored', async () => {
      const w = writer();
      const head = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n';
      const entity = '3;ext=1\r\nabc\r\n3\r\ndef\r\n0\r\nX-Trailer: t\r\n\r\n';
      const bytes = Buffer.from(head + entity, 'latin1');
      const curi = fetched('http://site.test/chunked', 'abcdef', {
        rawHeaders: ['Content-Type', 'text/plain', 'Transfer-Encoding', 'chunked'], headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
        asReceived: { bytes, headLength: head.length },
      });
      curi.payloadDigest = sha1Digest(Buffer.from(entity, 'latin1'));
      await w.process(curi);
      // Made up without its bytes but saying chunked: framed again, as one chunk, so that its head does not lie.
      await w.process(fetched('http://site.test/made-up', 'xyz', { rawHeaders: ['transfer-encoding', 'chunked'], headers: { 'transfer-encoding': 'chunked' } }));
      await w.stop();
      const [, chunked, , madeUp] = await records();
      expect(chunked.block.equals(bytes)).to.equal(true);
      expect(field(chunked, 'Content-Length')).to.equal(String(bytes.length));
      expect(field(chunked, 'WARC-Payload-Digest')).to.equal(sha1Digest(Buffer.from(entity, 'latin1')));
      expect(madeUp.block.toString('latin1')).to.equal('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nxyz\r\n0\r\n\r\n');
      expect(field(madeUp, 'WARC-Payload-Digest')).to.equal(sha1Digest(Buffer.from('3\r\nxyz\r\n0\r\n\r\n', 'latin1')));
    });

    it('marks a cut body with WARC-Truncated', async () => {
      const w = writer();
      await w.process(fetched('http://site.test/long', 'abc', { truncated: 'length' }));
      const aborted = fetched('http://site.test/big', '');
      aborted.annotations.push('midFetchAbort');
      await w.process(aborted);
      await w.stop();
      const responses = (await records()).filter((r) => field(r, 'WARC-Type') === 'response');
      expect(responses.map((r) => field(r, 'WARC-Truncated'))).to.deep.equal(['length', 'unspecified']);
    });

    it('writes the request head as a request record when the fetcher kept it', async () => {
      const w = writer();
      const curi = fetched('http://site.test/page');
      curi.requestHead = 'GET /page HTTP/1.1\r\nHost: site.test\r\nUser-Agent: UA\r\n\r\n';
      await w.process(curi);
      await w.stop();
      const rs = await records();
      expect(rs.map((r) => field(r, 'WARC-Type'))).to.deep.equal(['warcinfo', 'response', 'request', 'metadata']);
      expect(rs[2].block.toString('latin1')).to.equal(curi.requestHead);
      expect(field(rs[2], 'Content-Type')).to.equal('application/http; msgtype=request');
      expect(field(rs[2], 'WARC-Concurrent-To')).to.equal(field(rs[1], 'WARC-Record-ID'));
    });

    it('leaves the request and metadata records out when Heritrix 3.0–3.2\'s writeRequests and writeMetadata are false', async () => {
      const w = writer({ writeRequests: false, writeMetadata: false });
      const curi = fetched('http://site.test/page');
      curi.requestHead = 'GET /page HTTP/1.1\r\nHost: site.test\r\n\r\n';
      await w.process(curi);
      await w.stop();
      expect((await records()).map((r) => field(r, 'WARC-Type'))).to.deep.equal(['warcinfo', 'response']);
    });

    it('writes the metadata record Heritrix writes: via, hopsFromSeed, fetchTimeMs, one outlink line per link; seed: for a seed', async () => {
      const w = writer();
      await w.process(fetched('http://site.test/page'));
      const seed = fetched('http://site.test/');
      seed.isSeed = true;
      seed.outlinks.length = 0;
      await w.process(seed);
      await w.stop();
      const metadata = (await records()).filter((r) => field(r, 'WARC-Type') === 'metadata');
      expect(field(metadata[0], 'Content-Type')).to.equal('application/warc-fields');
      expect(metadata[0].block.toString()).to.equal(
        'via: http://site.test/\r\nhopsFromSeed: L\r\nfetchTimeMs: 12\r\n' +
        'outlink: http://site.test/a L a/@href\r\noutlink: http://site.test/i.png E img/@src\r\n\r\n',
      );
      expect(metadata[1].block.toString()).to.equal('seed:\r\nfetchTimeMs: 12\r\n\r\n');
    });
  });

  describe('the warcinfo record', () => {
    it('heads the file with WARC-Filename and the metadata bean\'s fields', async () => {
      const w = writer();
      await w.process(fetched('http://site.test/page'));
      await w.stop();
      const [name] = await files();
      const info = (await records())[0];
      expect(field(info, 'WARC-Filename')).to.equal(name);
      expect(field(info, 'WARC-Target-URI')).to.equal(undefined);
      expect(field(info, 'Content-Type')).to.equal('application/warc-fields');
      const text = info.block.toString();
      expect(text).to.match(/^software: beancrawl\/[\d.]+\r\n/);
      expect(text).to.match(/\r\nhostname: .+\r\nformat: WARC File Format 1\.0\r\nconformsTo: http:\/\/bibnum\.bnf\.fr\/WARC\/WARC_ISO_28500_version1_latestdraft\.pdf\r\n/);
      expect(text).to.include('\r\nisPartOf: basic\r\ndescription: A test crawl\r\nrobots: obey\r\n');
      expect(text).to.include(`\r\nhttp-header-user-agent: ${METADATA.forNoUri().userAgent}\r\nhttp-header-from: crawler@example.org\r\n\r\n`);
      expect(text).not.to.include('operator:');
    });
  });

  describe('what is not written', () => {
    it('skips a URI whose status is 0 or less, annotating unwritten:status, and creates no file', async () => {
      const w = writer();
      const failed = new CrawlUri('http://site.test/down');
      failed.fetchStatus = -2;
      expect(await w.process(failed)).to.equal('PROCEED');
      await w.stop();
      expect(failed.annotations).to.deep.equal(['unwritten:status']);
      expect(await files()).to.deep.equal([]);
    });

    it('writes a dns: answer as a text/dns response record, alone', async () => {
      const w = writer();
      const dns = new CrawlUri('dns:site.test', { hopsPath: 'P', via: 'http://site.test/' });
      dns.fetchStatus = 1;
      dns.fetchBeginTime = BEGAN;
      dns.contentType = 'text/dns';
      dns.text = '20240102030405\nsite.test.\t21600\tIN\tA\t127.0.0.1\n';
      await w.process(dns);
      await w.stop();
      const rs = await records();
      expect(rs.map((r) => field(r, 'WARC-Type'))).to.deep.equal(['warcinfo', 'response']);
      expect(field(rs[1], 'Content-Type')).to.equal('text/dns');
      expect(field(rs[1], 'WARC-Target-URI')).to.equal('dns:site.test');
      expect(rs[1].block.toString()).to.equal(dns.text);
    });

    it('with skipIdenticalDigests, skips a URI already written with the same digest', async () => {
      const w = writer({ skipIdenticalDigests: true });
      await w.process(fetched('http://site.test/robots.txt'));
      const again = fetched('http://site.test/robots.txt');
      await w.process(again);
      const changed = fetched('http://site.test/robots.txt', 'other');
      await w.process(changed);
      await w.stop();
      expect(again.annotations).to.deep.equal(['unwritten:identicalDigest']);
      expect(changed.annotations).to.deep.equal([]);
      expect((await records()).filter((r) => field(r, 'WARC-Type') === 'response')).to.have.length(2);
    });

    it('writes only what the chain\'s builders make', async () => {
      const w = writer({ chain: [new MetadataRecordBuilder()] });
      await w.process(fetched('http://site.test/page'));
      await w.stop();
      expect((await records()).map((r) => field(r, 'WARC-Type'))).to.deep.equal(['warcinfo', 'metadata']);
    });
  });

  describe('files', () => {
    it('begins a new file, with its own warcinfo and the next serial number, once one reaches maxFileSizeBytes', async () => {
      const w = writer({ maxFileSizeBytes: 1 });
      const uris = ['a', 'b', 'c'].map((p) => fetched(`http://site.test/${p}`));
      for (const curi of uris) await w.process(curi);
      await w.stop();
      const names = await files();
      expect(names.map((n) => n.split('-')[2])).to.deep.equal(['00000', '00001', '00002']);
      for (const [i, name] of names.entries()) {
        const rs = await readWarcFile(join(dir, 'warcs', name));
        expect(rs.map((r) => field(r, 'WARC-Type'))).to.deep.equal(['warcinfo', 'response', 'metadata']);
        expect(uris[i].extraInfo).to.deep.equal({ warcFilename: name, warcFileOffset: rs[1].offset });
      }
    });

    it('writes plain .warc files when compress is false', async () => {
      const w = writer({ compress: false, prefix: 'PLAIN' });
      await w.process(fetched('http://site.test/page'));
      await w.stop();
      const [name] = await files();
      expect(name).to.match(/^PLAIN-.*\.warc$/);
      expect((await records()).map((r) => field(r, 'WARC-Type'))).to.deep.equal(['warcinfo', 'response', 'metadata']);
    });

    it('puts each new file in the next of several storePaths', async () => {
      const w = writer({ storePaths: ['one', join(dir, 'two')], maxFileSizeBytes: 1 });
      await w.process(fetched('http://site.test/a'));
      await w.process(fetched('http://site.test/b'));
      await w.stop();
      expect(await files('one')).to.have.length(1);
      expect(await files('two')).to.have.length(1);
    });

    it('keeps each URI\'s records together when several files are open at once', async () => {
      const w = writer({ poolMaxActive: 3 });
      const uris = Array.from({ length: 12 }, (_, i) => fetched(`http://site.test/p${i}`, 'x'.repeat(1000 * i)));
      await Promise.all(uris.map((u) => w.process(u)));
      await w.stop();
      const names = await files();
      expect(names.length).to.be.within(1, 3);
      for (const name of names) {
        const rs = await readWarcFile(join(dir, 'warcs', name));
        expect(field(rs[0], 'WARC-Type')).to.equal('warcinfo');
        for (let i = 1; i < rs.length; i += 2) {
          expect(field(rs[i + 1], 'WARC-Concurrent-To')).to.equal(field(rs[i], 'WARC-Record-ID'));
          expect(field(rs[i + 1], 'WARC-Target-URI')).to.equal(field(rs[i], 'WARC-Target-URI'));
        }
      }
      expect((await records()).filter((r) => field(r, 'WARC-Type') === 'response')).to.have.length(12);
    });

    it('ends the URI\'s disposition chain once maxTotalBytesToWrite is reached', async () => {
      const w = writer({ maxTotalBytesToWrite: 1 });
      expect(await w.process(fetched('http://site.test/a'))).to.equal('FINISH');
      await w.stop();
    });

    it('logs a write error and lets the URI go on', async () => {
      await writeFile(join(dir, 'blocked'), 'a file where the folder should be');
      const w = writer({ storePaths: ['blocked'] });
      const curi = fetched('http://site.test/page');
      expect(await w.process(curi)).to.equal('PROCEED');
      await w.stop();
      expect(errors).to.have.length(1);
      expect(curi.extraInfo).to.deep.equal({});
    });

    it('logs a failing record builder and lets the URI go on', async () => {
      const broken = { shouldBuildRecord: () => true, buildRecord: () => { throw new Error('broken builder'); } };
      const w = writer({ chain: [broken] });
      expect(await w.process(fetched('http://site.test/page'))).to.equal('PROCEED');
      await w.stop();
      expect(errors.map((e) => (e as Error).message)).to.deep.equal(['broken builder']);
      expect(await files()).to.deep.equal([]);
    });
  });
});
