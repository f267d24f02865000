import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { fixedMetadata, type CrawlMetadataInfo } from '../../model/crawl-metadata-info.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { FetchHttp, type FetchHttpConfig } from './fetch-http.js';
import { fetchHttpComponent } from './fetch-http.descriptor.js';
import { MemoryServerCache } from './memory-server-cache.js';

const UA = 'Mozilla/5.0 (compatible; beancrawl/0.1.0 +https://example.org/contact)';
const metadata: CrawlMetadataInfo = fixedMetadata({
  operatorContactUrl: 'https://example.org/contact', operatorFrom: 'crawl@example.org', jobName: 'test', robotsPolicyName: 'obey',
  userAgent: UA,
});

/** A self-signed certificate for site.test, valid until 2126. */
const TLS = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg+o/TP0u1ukY3zv3l
y+fMeHuNEZFAQPajZlDGM3xMsduhRANCAAQR3ud2ir8gnUozCFXfhBjNJePcGLrx
V1AiGXEp5iXOZkdB81hB9vEsqoBS6XDewWrKZuQiT0Y0dxbAF/Rpcdnc
-----END PRIVATE KEY-----`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBlTCCATugAwIBAgIUT/uXMGDrf0fZb1Psf+pFCKqjTKswCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJc2l0ZS50ZXN0MCAXDTI2MTEyMjAzMTIzOVoYDzIxMjYxMDI5
MDMxMjM5WjAUMRIwEAYDVQQDDAlzaXRlLnRlc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQR3ud2ir8gnUozCFXfhBjNJePcGLrxV1AiGXEp5iXOZkdB81hB9vEs
qoBS6XDewWrKZuQiT0Y0dxbAF/Rpcdnco2kwZzAdBgNVHQ4EFgQU4MPRorKndK9h
aw6DaexMMnrvhGYwHwYDVR0jBBgwFoAU4MPRorKndK9haw6DaexMMnrvhGYwDwYD
VR0TAQH/BAUwAwEB/zAUBgNVHREEDTALgglzaXRlLnRlc3QwCgYIKoZIzj0EAwID
SAAwRQIgE6OsOd4ZYYsYT1Rfmj3pVakl97+5wJZG6k1LLMbjdjsCIQC2XCRMl+Xx
NK8Ogn6BNboUZ78XA2nB94twbr/GrVS22g==
-----END CERTIFICATE-----`,
};

type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** Requests each connection answered (/closes-kept), and requests dropped unanswered. */
const answeredOn = new WeakMap<object, number>();
let dropped = 0;

const ROUTES: Record<string, Route> = {
  '/hello': (_req, res) => {
    res.writeHead(200, 'Fine', [['X-Zeta', '1'], ['Content-Type', 'text/plain; ' +
      'Charset="UTF-8"'], ['X-Alpha', '2'], ['Set-Cookie', 'a=1'], ['Set-Cookie', 'b=2']]);
    res.end('hello world');
  },
  '/peer': (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(req.socket.remoteAddress?.replace(/^::ffff:/, ''));
  },
  '/echo': (req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(req.headers));
  },
  '/gzip': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
    res.end(gzipSync('<p>gzipped</p>'));
  },
  '/br': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'br' });
    res.end(brotliCompressSync('<p>brotli</p>'));
  },
  '/bad-gzip': (_req, res) => {
    res.writeHead(200, { 'Content-Encoding': 'gzip' });
    res.end('not gzip at all');
  },
  '/big': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    res.write(Buffer.alloc(4000, 'a'));
    setTimeout(() => res.end(Buffer.alloc(6000, 'b')), 20);
  },
  '/silent': () => {},
  '/stall-body': (_req, res) => {
    res.writeHead(200, { 'Content-Length': '100' });
    res.write('partial');
  },
  '/trickle': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    const timer = setInterval(() => res.write('.'), 100);
    res.on('close', () => clearInterval(timer));
  },
  '/reset': (req, res) => {
    res.writeHead(200, { 'Content-Length': '1000' });
    res.write('some of it', () => setTimeout(() => req.socket.destroy(), 20));
  },
  // A server that closes a kept-alive connection as the next request arrives on it (its idle timeout
  // ran out as the request was written): the request is never answered.
  '/closes-kept': (req, res) => {
    const answered = answeredOn.get(req.socket) ?? 0;
    if (answered > 0) {
      dropped++;
      req.socket.destroy();
      return;
    }
    answeredOn.set(req.socket, answered + 1);
    res.end('fresh connection');
  },
  // A server that closes every connection at its first request, unanswered.
  '/drops': (req) => {
    dropped++;
    req.socket.destroy();
  },
  '/busy': (_req, res) => {
    res.writeHead(503, { 'Retry-After': '120' });
    res.end('later');
  },
  '/slow-down': (_req, res) => {
    res.writeHead(429, { 'Retry-After': new Date(Date.now() + 60_000).toUTCString() });
    res.end();
  },
  '/missing': (_req, res) => {
    res.writeHead(404, 'Nothing Here', { 'Content-Type': 'text/html' });
    res.end('<h1>no</h1>');
  },
  '/moved': (_req, res) => {
    res.writeHead(301, { Location: '/hello' });
    res.end();
  },
};

describe('FetchHttp', () => {
  let server: Server;
  let port: number;
  const connections: Socket[] = [];
  let cache: MemoryServerCache;
  const started: FetchHttp[] = [];

  before(async () => {
    server = createServer((req, res) => (ROUTES[req.url!.split('?')[0]] ?? ROUTES['/missing'])(req, res));
    server.on('connection', (socket) => connections.push(socket));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });

  after(async () => {
    server.closeAllConnections();
    server.close();
  });

  beforeEach(() => {
    cache = new MemoryServerCache({});
    cache.host('site.test').ip = '127.0.0.1';
  });

  afterEach(async () => {
    await Promise.all(started.splice(0).map((f) => f.stop()));
  });

  function fetcher(over: Partial<FetchHttpConfig> = {}): FetchHttp {
    const defaults = Object.fromEntries(Object.entries(fetchHttpComponent.props).map(([k, spec]) => [k, spec.default]));
    const f = new FetchHttp({ ...defaults, serverCache: cache, metadata, shouldFetchBodyRule: undefined, ...over } as FetchHttpConfig);
    f.start();
    started.push(f);
    return f;
  }

  async function fetch(path: string, over: Partial<FetchHttpConfig> = {}, init: ConstructorParameters<typeof CrawlUri>[1] = {}): Promise<CrawlUri> {
    const curi = new CrawlUri(path.includes('://') ? path : `http://site.test:${port}${path}`, init);
    await fetcher(over).process(curi);
    return curi;
  }

  it('fetches from the address the server cache holds, keeping status line, raw headers in order and the body', async () => {
    const curi = await fetch('/hello');
    const r = curi.response!;
    expect(curi.fetchStatus).to.equal(200);
    expect([r.statusCode, r.statusText, r.httpVersion, r.ipAddress]).to.deep.equal([200, 'Fine', '1.1', '127.0.0.1']);
    const names = r.rawHeaders.filter((_, i) => i % 2 === 0);
    expect(names.slice(0, 5)).to.deep.equal(['X-Zeta', 'Content-Type', 'X-Alpha', 'Set-Cookie', 'Set-Cookie']);
    expect(r.headers['set-cookie']).to.equal('a=1, b=2');
    expect(r.body.toString()).to.equal('hello world');
    expect(r.body).to.equal(r.rawBody);
    // Node's server chunks it: the size is the entity as received, framing included, as Heritrix's.
    expect([curi.contentType, curi.contentCharset, curi.contentSize, curi.defaultEncoding]).to.deep.equal(['text/plain; ' +
      'Charset="UTF-8"', 'utf-8', 21, 'ISO-8859-1']);
    const received = r.asReceived!;
    expect(received.bytes.subarray(received.headLength).toString('latin1')).to.equal('b\r\nhello world\r\n0\r\n\r\n');
    expect(received.bytes.subarray(0, 21).toString('latin1')).to.equal('HTTP/1.1 200 Fine\r\nX-');
    expect(curi.contentDigest).to.equal('sha1:FKXGYNOJJ7H3IFO35FPUBC445EPOQRXN');
    expect(curi.fetchBeginTime).to.be.greaterThan(0);
    expect(curi.fetchDurationMs).to.be.at.least(0);
  });

  it('sends User-Agent with the contact URL, From, Accept, Accept-Encoding, Referer and keep-alive', async () => {
    const curi = await fetch('/echo', {}, { via: 'http://example.org/page', hopsPath: 'L' });
    const sent = JSON.parse(curi.response!.body.toString());
    expect(sent['user-agent']).to.equal(UA);
    expect(sent.from).to.equal('crawl@example.org');
    expect(sent.accept).to.equal('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    expect(sent['accept-encoding']).to.equal('gzip, deflate, br');
    expect(sent.referer).to.equal('http://example.org/page');
    expect(sent.connection).to.equal('keep-alive');
    expect(sent.host).to.equal(`site.test:${port}`);
  });

  it('leaves out Referer for prerequisites and https pages, and honours the switches', async () => {
    const prereq = await fetch('/echo', {}, { via: 'http://example.org/', viaContext: '=PREREQ_MISC', hopsPath: 'P' });
    expect(JSON.parse(prereq.response!.body.toString())).to.not.have.property('referer');
    const fromHttps = await fetch('/echo', {}, { via: 'https://example.org/', hopsPath: 'L' });
    expect(JSON.parse(fromHttps.response!.body.toString())).to.not.have.property('referer');
    const plain = await fetch('/echo', { acceptCompression: false, sendReferer: false, sendConnectionClose: true, sendRange: true, maxLengthBytes: 500, acceptHeaders: ['Accept-Language: en'] }, { via: 'http://example.org/' });
    const sent = JSON.parse(plain.response!.body.toString());
    expect(sent).to.not.have.any.keys('accept-encoding', 'referer', 'accept');
    expect([sent.connection, sent.range, sent['accept-language']]).to.deep.equal(['close', 'bytes=0-499', 'en']);
  });

  it('connects from httpBindAddress (Heritrix\'s), when set', async () => {
    const curi = await fetch('/peer', { httpBindAddress: '127.0.0.2' });
    expect(curi.response!.body.toString()).to.equal('127.0.0.2');
  });

  it('reuses one kept-alive connection for a server', async () => {
    const before = connections.length;
    const f = fetcher();
    for (let i = 0; i < 3; i++) await f.process(new CrawlUri(`http://site.test:${port}/hello`));
    expect(connections.length - before).to.equal(1);
  });

  it('decodes gzip and br bodies, keeping the raw body compressed and digesting the raw body', async () => {
    for (const [path, text, compressed] of [['/gzip', '<p>gzipped</p>', gzipSync('<p>gzipped</p>')], ['/br', '<p>brotli</p>', brotliCompressSync('<p>brotli</p>')]] as const) {
      const curi = await fetch(path);
      expect(curi.response!.body.toString()).to.equal(text);
      expect(curi.response!.rawBody.subarray(0, 2)).to.deep.equal(compressed.subarray(0, 2));
      const received = curi.response!.asReceived!;
      expect(curi.contentSize).to.equal(received.bytes.length - received.headLength);
      const { createHash } = await import('node:crypto');
      const { base32 } = await import('../../util/base32.js');
      expect(curi.contentDigest).to.equal(`sha1:${base32(createHash('sha1').update(curi.response!.rawBody).digest())}`);
    }
  });

  it('keeps an undecodable body as it came and says so', async () => {
    const curi = await fetch('/bad-gzip');
    expect(curi.fetchStatus).to.equal(200);
    expect(curi.response!.body.toString()).to.equal('not gzip at all');
    expect(curi.annotations).to.include('unsatisfiableContentEncoding:gzip');
  });

  it('stops reading at maxLengthBytes (lenTrunc)', async () => {
    const curi = await fetch('/big', { maxLengthBytes: 5000 });
    expect(curi.fetchStatus).to.equal(200);
    // Counted as Heritrix's recorder counts: status line and headers included.
    const received = curi.response!.asReceived!;
    expect([received.bytes.length, curi.recordedSize]).to.deep.equal([5000, 5000]);
    expect(curi.response!.rawBody.length).to.be.within(4000, 5000 - received.headLength);
    expect(curi.response!.truncated).to.equal('length');
    expect(curi.annotations).to.include('lenTrunc');
    const whole = await fetch('/big');
    expect([whole.response!.rawBody.length, whole.response!.truncated]).to.deep.equal([10000, undefined]);
  });

  it('times out with -4 when the server stays silent, before or during the body', async () => {
    const t0 = Date.now();
    const silent = await fetch('/silent', { soTimeoutMs: 150 });
    expect(silent.fetchStatus).to.equal(FetchStatus.TIMEOUT);
    expect(silent.annotations).to.deep.equal(['err:BEANCRAWL_TIMEOUT']);
    expect(Date.now() - t0).to.be.below(1000);
    const stalled = await fetch('/stall-body', { soTimeoutMs: 150 });
    expect(stalled.fetchStatus).to.equal(FetchStatus.TIMEOUT);
    expect(stalled.annotations).to.deep.equal(['err:BEANCRAWL_TIMEOUT']);
  });

  it('cuts a body still arriving after timeoutSeconds (timeTrunc)', async () => {
    const curi = await fetch('/trickle', { timeoutSeconds: 1 });
    expect(curi.fetchStatus).to.equal(200);
    expect(curi.response!.truncated).to.equal('time');
    expect(curi.annotations).to.include('timeTrunc');
    expect(curi.response!.rawBody.length).to.be.within(3, 12);
  });

  it('fails with -2 when the connection is refused', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const deadPort = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const curi = await fetch(`http://127.0.0.1:${deadPort}/`);
    expect(curi.fetchStatus).to.equal(FetchStatus.CONNECT_FAILED);
    expect(curi.annotations).to.deep.equal(['err:ECONNREFUSED']);
  });

  it('says a server that cannot be connected to in alerts.log at once, naming it and why, once a reason', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const deadPort = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const alerts: string[] = [];
    const loggerModule = { crawled: () => undefined, uriError: () => undefined, runtimeError: () => undefined, alert: (_s: string, m: string) => void alerts.push(m) };
    const f = fetcher({ loggerModule } as Partial<FetchHttpConfig>);
    for (const path of ['/robots.txt', '/', '/again']) await f.process(new CrawlUri(`http://127.0.0.1:${deadPort}${path}`));
    expect(alerts).to.deep.equal([`host 127.0.0.1:${deadPort}: no connection could be made: connection refused (ECONNREFUSED), fetching ` +
      `http://127.0.0.1:${deadPort}/robots.txt; its URIs wait to be retried (frontier retryDelaySeconds, maxRetries)`]);
    // A connection that breaks after the server answered is no server out of reach.
    await f.process(new CrawlUri(`http://site.test:${port}/reset`));
    expect(alerts).to.have.length(1);
  });

  it('fails with -3 when the connection is reset in the middle of the body', async () => {
    const curi = await fetch('/reset');
    expect(curi.fetchStatus).to.equal(FetchStatus.CONNECT_LOST);
    expect(curi.annotations).to.deep.equal(['err:UND_ERR_SOCKET']);
    expect(curi.response).to.equal(undefined);
  });

  it('sends a request once more on a new connection when its kept-alive one was closed by the server as it went out, once', async () => {
    const f = fetcher();
    const first = new CrawlUri(`http://site.test:${port}/closes-kept`);
    await f.process(first);
    expect(first.fetchStatus).to.equal(200);
    const before = dropped;
    const second = new CrawlUri(`http://site.test:${port}/closes-kept`);
    await f.process(second);
    expect(dropped - before, 'the request on the kept connection was dropped').to.equal(1);
    expect(second.fetchStatus, second.annotations.join(' ')).to.equal(200);
    expect(second.response!.body.toString()).to.equal('fresh connection');
    expect(f.reportLines()).to.deep.equal(['  1 requests sent again on a new connection (a kept-alive one closed by its server)']);
    // A server that drops every request: sent again once, then the failure stands.
    const third = new CrawlUri(`http://site.test:${port}/drops`);
    const droppedBefore = dropped;
    await f.process(third);
    expect(third.fetchStatus).to.equal(FetchStatus.CONNECT_LOST);
    expect(dropped - droppedBefore, 'once on the kept connection, once on a new one').to.equal(2);
  });

  it('does not send again a request whose new connection was closed unanswered', async () => {
    const before = dropped;
    const curi = await fetch('/drops');
    expect(curi.fetchStatus).to.equal(FetchStatus.CONNECT_LOST);
    expect(dropped - before).to.equal(1);
  });

  it('fails with -6 when the server cache has no address for the host', async () => {
    const curi = await fetch(`http://unknown.test:${port}/hello`);
    expect(curi.fetchStatus).to.equal(FetchStatus.DOMAIN_PREREQUISITE_FAILURE);
  });

  it('passes Retry-After of a 503 or 429 on as requestedDelayMs', async () => {
    const busy = await fetch('/busy');
    expect([busy.fetchStatus, busy.requestedDelayMs]).to.deep.equal([503, 120_000]);
    const slow = await fetch('/slow-down');
    expect(slow.fetchStatus).to.equal(429);
    expect(slow.requestedDelayMs).to.be.within(55_000, 60_000);
  });

  it('records error statuses with their status text and does not follow redirects', async () => {
    const missing = await fetch('/missing');
    expect([missing.fetchStatus, missing.response!.statusText, missing.response!.body.toString()]).to.deep.equal([404, 'Nothing Here', '<h1>no</h1>']);
    const moved = await fetch('/moved');
    expect([moved.fetchStatus, moved.response!.headers.location]).to.deep.equal([301, '/hello']);
  });

  it('stops after the headers when shouldFetchBodyRule rejects (midFetchAbort), never for prerequisites', async () => {
    const seen: string[] = [];
    const rule = { decisionFor: (c: CrawlUri) => (seen.push(`${c.fetchStatus} ${c.contentType}`), DecideResult.REJECT) };
    const curi = await fetch('/big', { shouldFetchBodyRule: rule });
    expect(seen).to.deep.equal(['200 application/octet-stream']);
    expect([curi.fetchStatus, curi.contentSize]).to.deep.equal([200, 0]);
    expect(curi.annotations).to.deep.equal(['midFetchAbort']);
    const prereq = await fetch('/big', { shouldFetchBodyRule: rule }, { hopsPath: 'P' });
    expect(prereq.response!.rawBody.length).to.equal(10000);
  });

  it('fetches https, trusting any certificate at OPEN and only valid ones otherwise (-2)', async () => {
    const tls = createHttpsServer(TLS, ROUTES['/hello']);
    tls.listen(0, '127.0.0.1');
    await once(tls, 'listening');
    try {
      const url = `https://site.test:${(tls.address() as AddressInfo).port}/hello`;
      const open = await fetch(url);
      expect([open.fetchStatus, open.response!.body.toString()]).to.deep.equal([200, 'hello world']);
      const strict = await fetch(url, { sslTrustLevel: 'NORMAL' });
      expect([strict.fetchStatus, strict.annotations]).to.deep.equal([FetchStatus.CONNECT_FAILED, ['err:DEPTH_ZERO_SELF_SIGNED_CERT']]);
    } finally {
      tls.closeAllConnections();
      tls.close();
    }
  });

  it('passes other schemes on untouched', async () => {
    const curi = new CrawlUri('dns:example.org');
    expect(await fetcher().process(curi)).to.equal('PROCEED');
    expect(curi.fetchStatus).to.equal(0);
  });
});
