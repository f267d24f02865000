import { expect } from 'chai';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { WARCParser } from 'warcio';
import { crawlJob, fastSets, type CrawlLogEntry } from '../../../test/support/crawl-job.js';
import { RawHttpServer } from '../../../test/support/raw-http-server.js';
import { field, readWarcFile, sha1Digest, type WarcRecordRead } from '../../../test/support/warc-reader.js';

/**
 * A server that answers each request with bytes fixed in advance, written to the socket as they
 * are: chunk sizes, chunk extensions, trailers and odd header spacing that an HTTP library would
 * normalise, so that the WARC record can be compared with what went over the wire, byte for byte.
 */
function rawServer(answers: Record<string, Buffer>): Promise<RawHttpServer> {
  const byPath = new Map(Object.entries(answers));
  return RawHttpServer.start((path, socket) => {
    socket.write(byPath.get(path) ?? Buffer.from('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n', 'latin1'));
  });
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');
const HOME_HTML = '<html><body><h1>home</h1><a href="/gz.html">gz</a> <a href="/big.html">big</a> <a href="/trailer.html">t</a></body></html>';
const TRAILER_HTML = '<html><body>with a trailer</body></html>';
const GZ_HTML = '<html><body><a href="/plain.html">plain</a></body></html>';
const PLAIN_HTML = '<html><body>plain</body></html>';
const LIMIT = 3000;

/** A chunked entity of `data` in pieces of `size`, lower-case hex sizes, an extension on the first chunk, and the trailer lines given. */
function chunked(data: Buffer, size: number, trailer = ''): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += size) {
    const piece = data.subarray(at, at + size);
    parts.push(latin1(`${piece.length.toString(16)}${at === 0 ? ';note=first' : ''}\r\n`), piece, latin1('\r\n'));
  }
  parts.push(latin1(`0\r\n${trailer}\r\n`));
  return Buffer.concat(parts);
}

const HOME_HEAD = 'HTTP/1.1 200 OK\r\nContent-Type:text/html\r\nX-Odd:   spaced  \r\nTransfer-Encoding: chunked\r\n\r\n';
const HOME_ENTITY = chunked(latin1(HOME_HTML), 13);
const GZ_HEAD = 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n';
const GZ_BODY = gzipSync(GZ_HTML);
const GZ_ENTITY = chunked(GZ_BODY, 16);
const BIG_HEAD = 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n';
const BIG_ENTITY = chunked(latin1(`<html><body>${'x'.repeat(20000)}</body></html>`), 1000);
const TRAILER_HEAD = 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTrailer: X-Checksum\r\nTransfer-Encoding: chunked\r\n\r\n';
const TRAILER_ENTITY = chunked(latin1(TRAILER_HTML), 10, 'X-Checksum: abc\r\n');
const PLAIN_HEAD = `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: ${PLAIN_HTML.length}\r\n\r\n`;

describe('responses stored as received: chunked, gzip, cut at maxLengthBytes (golden, integration)', function () {
  this.timeout(30000);
  let server: RawHttpServer;
  let log: CrawlLogEntry[];
  let records: WarcRecordRead[];
  let warcioPayloads: Map<string, { payload: Buffer; length: number; digest: string | null | undefined }>;

  before(async () => {
    server = await rawServer({
      '/robots.txt': latin1('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 24\r\n\r\nUser-agent: *\nDisallow:\n'),
      '/': Buffer.concat([latin1(HOME_HEAD), HOME_ENTITY]),
      '/gz.html': Buffer.concat([latin1(GZ_HEAD), GZ_ENTITY]),
      '/big.html': Buffer.concat([latin1(BIG_HEAD), BIG_ENTITY]),
      '/plain.html': latin1(PLAIN_HEAD + PLAIN_HTML),
      '/trailer.html': Buffer.concat([latin1(TRAILER_HEAD), TRAILER_ENTITY]),
    });
    const outcome = await crawlJob(fastSets([`${server.origin}/`], [`fetchHttp.maxLengthBytes=${LIMIT}`]), {
      inspect: async (run) => {
        const names = (await readdir(join(run, 'warcs'))).filter((n) => n.endsWith('.warc.gz')).sort();
        records = (await Promise.all(names.map((n) => readWarcFile(join(run, 'warcs', n))))).flat();
        warcioPayloads = new Map();
        for (const n of names) {
          for await (const record of new WARCParser(createReadStream(join(run, 'warcs', n)))) {
            if (record.warcType !== 'response' || !record.warcTargetURI?.startsWith('http')) {
              await record.readFully(false);
              continue;
            }
            const payload = Buffer.from(await record.readFully(true));
            warcioPayloads.set(record.warcTargetURI, { payload, length: record.warcContentLength, digest: record.warcPayloadDigest });
          }
        }
      },
    });
    expect(outcome.exitStatus).to.equal('FINISHED');
    log = outcome.log;
  });
  after(() => server.close());

  const response = (path: string) => {
    const r = records.find((x) => field(x, 'WARC-Type') === 'response' && field(x, 'WARC-Target-URI') === `${server.origin}${path}`);
    expect(r, `a response record for ${path}`).to.not.equal(undefined);
    return r!;
  };
  const entry = (path: string) => log.find((e) => e.uri === `${server.origin}${path}`)!;

  it('keeps a chunked response byte for byte: head as sent (odd spacing too), chunk sizes, extension, trailer', () => {
    const r = response('/');
    expect(r.block.equals(Buffer.concat([latin1(HOME_HEAD), HOME_ENTITY]))).to.equal(true);
    expect(field(r, 'Content-Length')).to.equal(String(HOME_HEAD.length + HOME_ENTITY.length));
    expect(field(r, 'WARC-Truncated')).to.equal(undefined);
    // (warcio's de-chunking leaves trailer lines in the payload, so only the bytes are checked here.)
    expect(response('/trailer.html').block.equals(Buffer.concat([latin1(TRAILER_HEAD), TRAILER_ENTITY]))).to.equal(true);
    expect(entry('/trailer.html').digest).to.equal(sha1Digest(TRAILER_ENTITY));
  });

  it('digests the entity as received, chunk framing included (as Heritrix\'s recorder), and crawl.log shows the same digest and size', () => {
    const digest = sha1Digest(HOME_ENTITY);
    expect(field(response('/'), 'WARC-Payload-Digest')).to.equal(digest);
    expect(entry('/').digest).to.equal(digest);
    expect(entry('/').size).to.equal(String(HOME_ENTITY.length));
    // Without a transfer coding the entity is the payload: one digest for both.
    expect(field(response('/plain.html'), 'WARC-Payload-Digest')).to.equal(sha1Digest(latin1(PLAIN_HTML)));
    expect(entry('/plain.html').digest).to.equal(sha1Digest(latin1(PLAIN_HTML)));
    expect(response('/plain.html').block.equals(latin1(PLAIN_HEAD + PLAIN_HTML))).to.equal(true);
  });

  it('is read by warcio, which de-chunks: the payload is the page, the record length the bytes stored', () => {
    const home = warcioPayloads.get(`${server.origin}/`)!;
    expect(home.payload.toString('latin1')).to.equal(HOME_HTML);
    expect(home.length).to.equal(HOME_HEAD.length + HOME_ENTITY.length);
    expect(home.digest).to.equal(sha1Digest(HOME_ENTITY));
    const gz = warcioPayloads.get(`${server.origin}/gz.html`)!.payload;
    // warcio undoes the chunking; whether it also gunzips, the page is what the server compressed.
    expect((gz[0] === 0x1f && gz[1] === 0x8b ? gunzipSync(gz) : gz).toString()).to.equal(GZ_HTML);
  });

  it('keeps a gzip-encoded chunked response as sent, and extracts links from its decoded payload', () => {
    expect(response('/gz.html').block.equals(Buffer.concat([latin1(GZ_HEAD), GZ_ENTITY]))).to.equal(true);
    expect(entry('/gz.html').digest).to.equal(sha1Digest(GZ_ENTITY));
    expect(entry('/plain.html').status).to.equal(200);
    expect(entry('/plain.html').via).to.equal(`${server.origin}/gz.html`);
  });

  it('cuts at maxLengthBytes counting the headers, as Heritrix\'s recorder: the record holds exactly that many bytes (lenTrunc, WARC-Truncated: ' +
    'length)', () => {
    const r = response('/big.html');
    expect(r.block.equals(Buffer.concat([latin1(BIG_HEAD), BIG_ENTITY]).subarray(0, LIMIT))).to.equal(true);
    expect(field(r, 'Content-Length')).to.equal(String(LIMIT));
    expect(field(r, 'WARC-Truncated')).to.equal('length');
    const cutEntity = BIG_ENTITY.subarray(0, LIMIT - BIG_HEAD.length);
    expect(field(r, 'WARC-Payload-Digest')).to.equal(sha1Digest(cutEntity));
    const e = entry('/big.html');
    expect([e.status, e.size, e.digest]).to.deep.equal([200, String(LIMIT - BIG_HEAD.length), sha1Digest(cutEntity)]);
    expect(e.annotations.split(',')).to.include('lenTrunc');
  });
});
