import { expect } from 'chai';
import { once } from 'node:events';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixedMetadata, type CrawlMetadataInfo } from '../../model/crawl-metadata-info.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { parseChallenges } from './auth-challenge.js';
import { FetchHttp, type FetchHttpConfig } from './fetch-http.js';
import { fetchHttpComponent } from './fetch-http.descriptor.js';
import { HttpAuthenticationCredential } from './http-authentication-credential.js';
import { MapCredentialStore } from './map-credential-store.js';
import { MemoryCookieStore } from './memory-cookie-store.js';
import { MemoryServerCache } from './memory-server-cache.js';

const metadata: CrawlMetadataInfo = fixedMetadata({
  operatorContactUrl: 'https://example.org/contact', operatorFrom: '', jobName: 'test', robotsPolicyName: 'obey', userAgent: 'test-agent',
});

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A loopback server; `seen` keeps each request's target and headers. */
async function serve(handler: Handler): Promise<{ server: Server; port: number; seen: { url: string; headers: IncomingMessage['headers'] }[] }> {
  const seen: { url: string; headers: IncomingMessage['headers'] }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    handler(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, seen };
}

/** A server that answers with the Cookie header it got, and sets what `?set=` asks for. */
const cookieEcho: Handler = (req, res) => {
  const set = new URL(req.url!, 'http://x').searchParams.getAll('set');
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Set-Cookie': set });
  res.end(req.headers.cookie ?? '');
};

/** Checks RFC 7616 digest answers (MD5, qop auth) for realm "staff", user ann / password pw. */
function digestGuard(realm = 'staff'): Handler {
  const nonce = randomBytes(8).toString('hex');
  const h = (s: string) => createHash('md5').update(s).digest('hex');
  return (req, res) => {
    const header = req.headers.authorization ?? '';
    const f = header.startsWith('Digest ') ? (parseChallenges([header])[0].params as Record<string, string>) : undefined;
    const ok = f !== undefined && f.nonce === nonce && f.uri === req.url && f.response === h(`${h(`${f.username}:${realm}:pw`)}:${nonce}:${f.nc}:${f.cnonce}:auth:${h(`GET:${req.url}`)}`) && f.username === 'ann';
    if (ok) return void res.end(`hello ${f.username}`);
    res.writeHead(401, { 'WWW-Authenticate': [`Basic realm="${realm}"`, `Digest realm="${realm}", qop="auth", nonce="${nonce}", opaque="o"`] });
    res.end('who are you?');
  };
}

/** Accepts `Basic ann:pw` only, in realm "staff". */
const basicGuard: Handler = (req, res) => {
  if (req.headers.authorization === `Basic ${Buffer.from('ann:pw').toString('base64')}`) return void res.end('welcome');
  res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="staff"' });
  res.end('no');
};

describe('FetchHttp sessions: cookies, credentials, proxies', () => {
  const servers: Server[] = [];
  const started: FetchHttp[] = [];
  let cache: MemoryServerCache;

  beforeEach(() => {
    cache = new MemoryServerCache({});
    for (const host of ['site.test', 'www.site.test', 'other.test']) cache.host(host).ip = '127.0.0.1';
  });

  afterEach(async () => {
    await Promise.all(started.splice(0).map((f) => f.stop()));
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      s.close();
    }
  });

  async function site(handler: Handler) {
    const s = await serve(handler);
    servers.push(s.server);
    return s;
  }

  function fetcher(over: Partial<FetchHttpConfig> = {}): FetchHttp {
    const defaults = Object.fromEntries(Object.entries(fetchHttpComponent.props).map(([k, spec]) => [k, spec.default]));
    const f = new FetchHttp({ ...defaults, serverCache: cache, metadata, ...over } as FetchHttpConfig);
    f.start();
    started.push(f);
    return f;
  }

  async function get(f: FetchHttp, uri: string): Promise<CrawlUri> {
    const curi = new CrawlUri(uri);
    await f.process(curi);
    return curi;
  }

  const body = (curi: CrawlUri) => curi.response!.body.toString();

  describe('cookies', () => {
    it('keeps what a response sets and sends it back to that host, also recording it in requestHead', async () => {
      const { port } = await site(cookieEcho);
      const f = fetcher({ cookieStore: new MemoryCookieStore({ cookiesLoadFile: '', cookiesSaveFile: '', stateStore: undefined }) });
      expect(body(await get(f, `http://site.test:${port}/?set=a=1&set=b=2`))).to.equal('');
      const second = await get(f, `http://site.test:${port}/next`);
      expect(body(second)).to.equal('a=1; b=2');
      expect(second.requestHead).to.equal(`GET /next HTTP/1.1\r\nhost: site.test:${port}\r\nconnection: keep-alive\r\nUser-Agent: test-agent\r\n` +
        'Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\nAccept-Encoding: gzip, deflate, br\r\nCookie: a=1; b=2\r\n\r\n');
    });

    it('honours Path and expiry: a cookie goes only under its path, and not once expired or deleted', async () => {
      const { port } = await site(cookieEcho);
      const f = fetcher({ cookieStore: new MemoryCookieStore({ cookiesLoadFile: '', cookiesSaveFile: '', stateStore: undefined }) });
      const past = 'Thu, 01 Jan 2015 00:00:00 GMT';
      await get(f, `http://site.test:${port}/docs/a.html?set=${encodeURIComponent('folder=1')}&set=${encodeURIComponent('old=2; ' +
        'Expires=' + past)}&set=${encodeURIComponent('del=3; Path=/')}`);
      expect(body(await get(f, `http://site.test:${port}/docs/b.html`))).to.equal('folder=1; del=3');
      expect(body(await get(f, `http://site.test:${port}/elsewhere`))).to.equal('del=3');
      await get(f, `http://site.test:${port}/?set=${encodeURIComponent('del=; Max-Age=0; Path=/')}`);
      expect(body(await get(f, `http://site.test:${port}/docs/c.html`))).to.equal('folder=1');
    });

    it('never sends one host\'s cookies to another; a Domain cookie reaches its subdomains only', async () => {
      const { port } = await site(cookieEcho);
      const f = fetcher({ cookieStore: new MemoryCookieStore({ cookiesLoadFile: '', cookiesSaveFile: '', stateStore: undefined }) });
      await get(f, `http://www.site.test:${port}/?set=own=1&set=${encodeURIComponent('wide=2; Domain=site.test')}&set=${encodeURIComponent('bad=3; ' +
        'Domain=other.test')}`);
      expect(body(await get(f, `http://www.site.test:${port}/`))).to.equal('own=1; wide=2');
      expect(body(await get(f, `http://site.test:${port}/`))).to.equal('wide=2');
      expect(body(await get(f, `http://other.test:${port}/`))).to.equal('');
    });

    it('handles no cookie with ignoreCookies, nor without a cookie store', async () => {
      const { port } = await site(cookieEcho);
      const store = new MemoryCookieStore({ cookiesLoadFile: '', cookiesSaveFile: '', stateStore: undefined });
      store.storeSetCookies(new URL(`http://site.test:${port}/`), ['pre=1']);
      const ignoring = fetcher({ cookieStore: store, ignoreCookies: true });
      expect(body(await get(ignoring, `http://site.test:${port}/?set=x=1`))).to.equal('');
      expect(store.jar.size).to.equal(1);
      const storeless = fetcher();
      await get(storeless, `http://site.test:${port}/?set=x=1`);
      expect(body(await get(storeless, `http://site.test:${port}/`))).to.equal('');
    });
  });

  describe('credentials', () => {
    const store = (realm: string, port: number, password = 'pw', domain = `site.test:${port}`) =>
      new MapCredentialStore({ credentials: { staff: new HttpAuthenticationCredential({ domain, realm, login: 'ann', password }) } });

    it('answers a basic challenge once with the credential of that server and realm, then sends it up front', async () => {
      const { port, seen } = await site(basicGuard);
      const f = fetcher({ credentialStore: store('staff', port) });
      const first = await get(f, `http://site.test:${port}/a`);
      expect([first.fetchStatus, body(first)]).to.deep.equal([200, 'welcome']);
      expect(first.requestHead).to.contain(`Authorization: Basic ${Buffer.from('ann:pw').toString('base64')}\r\n`);
      expect((await get(f, `http://site.test:${port}/b`)).fetchStatus).to.equal(200);
      expect(seen.map((r) => [r.url, r.headers.authorization !== undefined])).to.deep.equal([['/a', false], ['/a', true], ['/b', true]]);
    });

    it('answers a digest challenge (preferred to basic), and keeps counting the nonce for later requests', async () => {
      const { port, seen } = await site(digestGuard());
      const f = fetcher({ credentialStore: store('', port) });
      const first = await get(f, `http://site.test:${port}/private/a?x=1`);
      expect([first.fetchStatus, body(first)]).to.deep.equal([200, 'hello ann']);
      expect((await get(f, `http://site.test:${port}/private/b`)).fetchStatus).to.equal(200);
      const sent = seen.map((r) => r.headers.authorization?.match(/^(\w+).*nc=(\w+)/)?.slice(1).join(' '));
      expect(sent).to.deep.equal([undefined, 'Digest 00000001', 'Digest 00000002']);
    });

    it('gives up after one try with a wrong password, and never tries without a matching realm or server', async () => {
      const wrong = await site(basicGuard);
      const refused = await get(fetcher({ credentialStore: store('staff', wrong.port, 'nope') }), `http://site.test:${wrong.port}/a`);
      expect([refused.fetchStatus, body(refused)]).to.deep.equal([401, 'no']);
      expect(wrong.seen).to.have.length(2);
      const other = await site(basicGuard);
      expect((await get(fetcher({ credentialStore: store('another realm', other.port) }), `http://site.test:${other.port}/a`)).fetchStatus).to.equal(401);
      expect((await get(fetcher({ credentialStore: store('staff', other.port, 'pw', `other.test:${other.port}`) }), `http://site.test:${other.port}/a`)).fetchStatus).to.equal(401);
      expect(other.seen).to.have.length(2);
    });
  });

  describe('proxy', () => {
    it('sends http requests to httpProxyHost:httpProxyPort in absolute form', async () => {
      const target = await site(cookieEcho);
      const proxy = await site((req, res) => {
        const out = request(req.url!, { method: req.method, headers: req.headers }, (upstream) => {
          res.writeHead(upstream.statusCode!, upstream.headers);
          upstream.pipe(res);
        });
        req.pipe(out);
      });
      const f = fetcher({ httpProxyHost: '127.0.0.1', httpProxyPort: proxy.port, cookieStore: new MemoryCookieStore({ cookiesLoadFile: '', cookiesSaveFile: '', stateStore: undefined }) });
      const curi = await get(f, `http://127.0.0.1:${target.port}/?set=c=1`);
      expect(curi.fetchStatus).to.equal(200);
      expect(body(await get(f, `http://127.0.0.1:${target.port}/x`))).to.equal('c=1');
      expect(proxy.seen.map((r) => r.url)).to.deep.equal([`http://127.0.0.1:${target.port}/?set=c=1`, `http://127.0.0.1:${target.port}/x`]);
      expect(target.seen).to.have.length(2);
      expect(curi.requestHead).to.match(new RegExp(`^GET http://127\\.0\\.0\\.1:${target.port}/\\?set=c=1 HTTP/1\\.1\\r\\n`));
    });
  });
});
