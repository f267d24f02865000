import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CrawlMetadataInfo } from '../../model/crawl-metadata-info.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import type { Processor } from '../../model/processor.js';
import { FetchDns } from './fetch-dns.js';
import { FetchHttp, type FetchHttpConfig } from './fetch-http.js';
import { fetchHttpComponent } from './fetch-http.descriptor.js';
import { MemoryServerCache } from './memory-server-cache.js';
import { PreconditionEnforcer, type PreconditionEnforcerConfig } from './precondition-enforcer.js';

const UA = 'Mozilla/5.0 (compatible; beancrawl/0.1.0 +https://example.org/contact)';

/** What the test server answers for /robots.txt (and the paths it redirects to). */
let robots: (res: ServerResponse, path: string) => void;
const fetchedRobots: string[] = [];

function answer(status: number, body = '', headers: Record<string, string> = {}) {
  return (res: ServerResponse) => {
    res.writeHead(status, { 'Content-Type': 'text/plain', ...headers });
    res.end(body);
  };
}

describe('PreconditionEnforcer', () => {
  let server: Server;
  let port: number;
  let cache: MemoryServerCache;
  let policy: string;
  let fetchDns: FetchDns;
  let fetchHttp: FetchHttp;
  const identity = () => ({ operatorContactUrl: 'https://example.org/contact', operatorFrom: '', robotsPolicyName: policy, userAgent: UA });
  const metadata: CrawlMetadataInfo = { jobName: 'test', forUri: identity, forNoUri: identity };

  before(async () => {
    server = createServer((req, res) => {
      if (req.url!.includes('robots')) {
        fetchedRobots.push(`${req.headers.host}${req.url}`);
        robots(res, req.url!);
      } else answer(200, 'page')(res);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });

  after(() => {
    server.closeAllConnections();
    server.close();
  });

  beforeEach(() => {
    cache = new MemoryServerCache({});
    policy = 'obey';
    fetchedRobots.length = 0;
    robots = answer(200, 'User-agent: *\nDisallow: /private\nCrawl-delay: 7\n');
    const props = Object.fromEntries(Object.entries(fetchHttpComponent.props).map(([k, spec]) => [k, spec.default]));
    fetchHttp = new FetchHttp({ ...props, serverCache: cache, metadata, shouldFetchBodyRule: undefined } as unknown as FetchHttpConfig);
    fetchHttp.start();
    fetchDns = new FetchDns({
      enabled: true, shouldProcessRule: undefined, resolver: 'system', acceptNonDnsResolves: false, disableJavaDnsResolves: false,
      hostsMap: { 'site.test': '127.0.0.1' }, lookupTimeoutMs: 10000, digestContent: true, digestAlgorithm: 'sha1', serverCache: cache, loggerModule: undefined,
    });
  });

  afterEach(() => fetchHttp.stop());

  function enforcer(over: Partial<PreconditionEnforcerConfig> = {}): PreconditionEnforcer {
    return new PreconditionEnforcer({
      enabled: true, shouldProcessRule: undefined, ipValidityDurationSeconds: 21600, robotsValidityDurationSeconds: 86400,
      robotsRetrySeconds: 60, calculateRobotsOnly: false, serverCache: cache, metadata, credentialStore: undefined, ...over,
    });
  }

  /** Runs a URI through the fetch chain as the engine would: each prerequisite fetched first, then the URI again. */
  async function crawl(uri: string, pe = enforcer()): Promise<{ curi: CrawlUri; trail: string[] }> {
    const curi = new CrawlUri(uri, { hopsPath: 'L' });
    const trail: string[] = [];
    for (let i = 0; i < 5; i++) {
      curi.resetForRetry();
      const result = await runChain(curi, pe);
      trail.push(`${curi.fetchStatus} ${curi.prerequisite?.uri ?? result}`);
      if (curi.fetchStatus !== FetchStatus.DEFERRED) break;
      const link = curi.prerequisite!;
      expect([link.hop, link.context]).to.deep.equal(['P', '=PREREQ_MISC']);
      const prerequisite = curi.child(link);
      await runChain(prerequisite, pe);
      trail.push(`${prerequisite.fetchStatus} ${prerequisite.uri}`);
    }
    return { curi, trail };
  }

  async function runChain(curi: CrawlUri, pe: PreconditionEnforcer): Promise<string> {
    for (const p of [pe, fetchDns, fetchHttp] as Processor[]) {
      const result = await p.process(curi);
      if (result !== 'PROCEED') return String(result);
    }
    return 'PROCEED';
  }

  const site = (path: string) => `http://site.test:${port}${path}`;

  it('defers a URI behind dns:, then behind robots.txt, then lets it through with robots\' Crawl-delay', async () => {
    const { curi, trail } = await crawl(site('/public'));
    expect(trail).to.deep.equal([
      '-50 dns:site.test', '1 dns:site.test',
      `-50 ${site('/robots.txt')}`, `200 ${site('/robots.txt')}`,
      '200 PROCEED',
    ]);
    expect(curi.requestedDelayMs).to.equal(7000);
    expect(cache.host('site.test').ip).to.equal('127.0.0.1');
    expect(cache.host(`site.test:${port}`).robots).to.not.equal(undefined);
    expect(cache.host('site.test').robots).to.equal(undefined);
  });

  it('precludes what robots.txt disallows (-9998, robotExcluded), or only annotates with calculateRobotsOnly', async () => {
    await crawl(site('/public'));
    const { curi, trail } = await crawl(site('/private/x'));
    expect(trail).to.deep.equal([`${FetchStatus.ROBOTS_PRECLUDED} FINISH`]);
    expect(curi.annotations).to.deep.equal(['robotExcluded']);
    const annotated = await crawl(site('/private/y'), enforcer({ calculateRobotsOnly: true }));
    expect(annotated.trail).to.deep.equal(['200 PROCEED']);
    expect(annotated.curi.annotations).to.deep.equal(['robotExcluded']);
  });

  it('with the ignore policy fetches robots.txt but obeys none of it', async () => {
    policy = 'ignore';
    const { curi, trail } = await crawl(site('/private/x'));
    expect(trail.at(-1)).to.equal('200 PROCEED');
    expect(fetchedRobots).to.have.length(1);
    expect(curi.requestedDelayMs).to.equal(undefined);
  });

  it('treats a 4xx robots.txt as allowing everything', async () => {
    robots = answer(404, 'no robots here');
    const { trail } = await crawl(site('/private/x'));
    expect(trail.slice(-2)).to.deep.equal([`404 ${site('/robots.txt')}`, '200 PROCEED']);
  });

  it('fails URIs with -61 while robots.txt answers 5xx, and fetches it again after robotsRetrySeconds', async () => {
    robots = answer(503, 'down');
    const { trail } = await crawl(site('/public'));
    expect(trail.slice(-2)).to.deep.equal([`503 ${site('/robots.txt')}`, `${FetchStatus.ROBOTS_PREREQUISITE_FAILURE} FINISH`]);
    expect((await crawl(site('/other'))).trail).to.deep.equal(['-61 FINISH']);
    robots = answer(200, 'User-agent: *\nDisallow: /private\n');
    cache.host(`site.test:${port}`).robotsFetchedAt! -= 60_000;
    const again = await crawl(site('/public'));
    expect(again.trail).to.deep.equal([`-50 ${site('/robots.txt')}`, `200 ${site('/robots.txt')}`, '200 PROCEED']);
  });

  it('counts a robots.txt that cannot be fetched at all as unavailable', async () => {
    robots = (res) => res.socket!.destroy();
    const { trail } = await crawl(site('/public'));
    expect(trail.slice(-2)).to.deep.equal([`${FetchStatus.CONNECT_LOST} ${site('/robots.txt')}`, '-61 FINISH']);
  });

  it('follows a robots.txt prerequisite\'s redirects, to the same or another host', async () => {
    robots = (res, path) => {
      if (path === '/robots.txt') answer(301, '', { Location: `http://localhost:${port}/moved-robots` })(res);
      else if (path === '/moved-robots') answer(302, '', { Location: '/real-robots' })(res);
      else answer(200, 'User-agent: beancrawl\nDisallow: /x\n')(res);
    };
    const { trail } = await crawl(site('/x/1'));
    expect(trail.slice(-2)).to.deep.equal([`301 ${site('/robots.txt')}`, '-9998 FINISH']);
    expect(fetchedRobots).to.deep.equal([`site.test:${port}/robots.txt`, `localhost:${port}/moved-robots`, `localhost:${port}/real-robots`]);
    expect((await crawl(site('/y'))).trail).to.deep.equal(['200 PROCEED']);
  });

  it('allows everything after more than five robots.txt redirects', async () => {
    robots = (res, path) => answer(302, '', { Location: `${path}x` })(res);
    const { trail } = await crawl(site('/x'));
    expect(trail.at(-1)).to.equal('200 PROCEED');
    expect(fetchedRobots).to.have.length(6);
  });

  it('looks a host up again once its address expires, honouring a longer TTL, and never with validity 0', async () => {
    await crawl(site('/public'));
    const host = cache.host('site.test');
    host.ipFetchedAt = Date.now() - 21601 * 1000;
    expect((await crawl(site('/a'))).trail[0]).to.equal('-50 dns:site.test');
    host.ipFetchedAt = Date.now() - 21601 * 1000;
    host.ipTtlSeconds = 86400;
    expect((await crawl(site('/b'))).trail).to.deep.equal(['200 PROCEED']);
    host.ipTtlSeconds = undefined;
    expect((await crawl(site('/c'), enforcer({ ipValidityDurationSeconds: 0 }))).trail).to.deep.equal(['200 PROCEED']);
  });

  it('fails URIs of a host that did not resolve with -6 until the answer expires', async () => {
    const host = cache.host('gone.invalid');
    Object.assign(host, { ipFetchedAt: Date.now() });
    const curi = new CrawlUri('http://gone.invalid/');
    expect(enforcer().process(curi)).to.equal('FINISH');
    expect(curi.fetchStatus).to.equal(FetchStatus.DOMAIN_PREREQUISITE_FAILURE);
  });

  it('requires a dns: URI for an IP literal too, which then never expires', async () => {
    const { trail } = await crawl(`http://127.0.0.1:${port}/public`);
    expect(trail.slice(0, 2)).to.deep.equal(['-50 dns:127.0.0.1', '1 dns:127.0.0.1']);
    expect(trail.at(-1)).to.equal('200 PROCEED');
    cache.host('127.0.0.1').ipFetchedAt = 0;
    expect((await crawl(`http://127.0.0.1:${port}/again`)).trail).to.deep.equal(['200 PROCEED']);
  });

  it('fetches robots.txt again once it expires; validity 0 never expires', async () => {
    await crawl(site('/public'));
    cache.host(`site.test:${port}`).robotsFetchedAt = Date.now() - 86401 * 1000;
    expect((await crawl(site('/a'), enforcer({ robotsValidityDurationSeconds: 0 }))).trail).to.deep.equal(['200 PROCEED']);
    expect((await crawl(site('/b'))).trail[0]).to.equal(`-50 ${site('/robots.txt')}`);
  });

  it('lets dns: and file: URIs through untouched (no DNS, no robots.txt), and a /robots.txt URI past the robots check', async () => {
    for (const uri of ['dns:site.test', 'file:///srv/documents/a.txt']) {
      const other = new CrawlUri(uri);
      expect(enforcer().process(other), uri).to.equal('PROCEED');
      expect([other.fetchStatus, other.prerequisite], uri).to.deep.equal([0, undefined]);
    }
    Object.assign(cache.host('site.test'), { ip: '127.0.0.1', ipFetchedAt: Date.now() });
    const robotsTxt = new CrawlUri(site('/robots.txt'));
    expect(enforcer().process(robotsTxt)).to.equal('PROCEED');
  });
});
