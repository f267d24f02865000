import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { FetchDns, type FetchDnsConfig } from './fetch-dns.js';
import { MemoryServerCache } from './memory-server-cache.js';

describe('FetchDns', () => {
  let cache: MemoryServerCache;

  beforeEach(() => {
    cache = new MemoryServerCache({});
  });

  function fetchDns(over: Partial<FetchDnsConfig> = {}): FetchDns {
    const f = new FetchDns({
      enabled: true, shouldProcessRule: undefined, resolver: 'system', acceptNonDnsResolves: false, disableJavaDnsResolves: false,
      hostsMap: { 'site.test': '127.0.0.1' }, lookupTimeoutMs: 10000, digestContent: true, digestAlgorithm: 'sha1', serverCache: cache, loggerModule: undefined, ...over,
    });
    f.start();
    return f;
  }

  async function lookUp(uri: string, over: Partial<FetchDnsConfig> = {}): Promise<CrawlUri> {
    const curi = new CrawlUri(uri, { hopsPath: 'P' });
    const f = fetchDns(over);
    await f.process(curi);
    f.stop();
    return curi;
  }

  it('answers from hostsMap and records the address, its time and a text/dns record', async () => {
    const before = Date.now();
    const curi = await lookUp('dns:site.test');
    expect(curi.fetchStatus).to.equal(FetchStatus.DNS_SUCCESS);
    const host = cache.host('site.test');
    expect(host.ip).to.equal('127.0.0.1');
    expect(host.ipFetchedAt).to.be.within(before, Date.now());
    expect(host.ipTtlSeconds).to.equal(undefined);
    expect(curi.contentType).to.equal('text/dns');
    expect(curi.text).to.match(/^\d{14}\nsite\.test\.\t21600\tIN\tA\t127\.0\.0\.1\n$/);
    expect(curi.contentSize).to.equal(Buffer.byteLength(curi.text!));
    expect(curi.contentDigest).to.match(/^sha1:[A-Z2-7]{32}$/);
  });

  it('answers an IP literal at once with that address', async () => {
    const curi = await lookUp('dns:10.1.2.3');
    expect(curi.fetchStatus).to.equal(FetchStatus.DNS_SUCCESS);
    expect(cache.host('10.1.2.3').ip).to.equal('10.1.2.3');
    const v6 = await lookUp('dns:[::1]');
    expect(cache.host('[::1]').ip).to.equal('::1');
    expect(v6.text).to.match(/\n::1\.\t21600\tIN\tAAAA\t::1\n$/);
  });

  it('asks the operating system by default (localhost)', async () => {
    const curi = await lookUp('dns:localhost');
    expect(curi.fetchStatus).to.equal(FetchStatus.DNS_SUCCESS);
    expect(cache.host('localhost').ip).to.equal('127.0.0.1');
  });

  it('fails with -1 quickly for a name that does not resolve, clearing the address', async () => {
    cache.host('nothing-here.invalid').ip = '10.0.0.1';
    const t0 = Date.now();
    const curi = await lookUp('dns:nothing-here.invalid');
    expect(curi.fetchStatus).to.equal(FetchStatus.DOMAIN_UNRESOLVABLE);
    expect(Date.now() - t0).to.be.below(5000);
    const host = cache.host('nothing-here.invalid');
    expect(host.ip).to.equal(undefined);
    expect(host.ipFetchedAt).to.be.a('number');
    expect(curi.contentDigest).to.equal(undefined);
  });

  it('says once in alerts.log that a host does not exist, naming it and the resolver\'s answer, and annotates each try', async () => {
    const alerts: string[] = [];
    const loggerModule = { crawled: () => undefined, uriError: () => undefined, runtimeError: () => undefined, alert: (_s: string, m: string) => void alerts.push(m) };
    const first = await lookUp('dns:nothing-here.invalid', { loggerModule });
    const second = await lookUp('dns:nothing-here.invalid', { loggerModule });
    expect(alerts).to.have.length(1);
    expect(alerts[0]).to.match(/^host nothing-here\.invalid does not exist \(DNS: E?[A-Z_]+\); its URIs wait to be retried/);
    expect(first.annotations.concat(second.annotations).every((a) => /^dns:E?[A-Z_]+$/.test(a))).to.equal(true);
    // Once it resolves, a later failure is said again.
    cache.host('nothing-here.invalid').unresolvable = undefined;
    await lookUp('dns:nothing-here.invalid', { loggerModule });
    expect(alerts).to.have.length(2);
  });

  it('with resolver "dns" fails for what DNS does not know, and falls back to the system for localhost', async () => {
    const unknown = await lookUp('dns:nothing-here.invalid', { resolver: 'dns' });
    expect(unknown.fetchStatus).to.equal(FetchStatus.DOMAIN_UNRESOLVABLE);
    const local = await lookUp('dns:localhost', { resolver: 'dns' });
    expect(local.fetchStatus).to.equal(FetchStatus.DNS_SUCCESS);
  });

  it('leaves other schemes alone and refuses an empty name', async () => {
    const http = new CrawlUri('http://site.test/');
    expect(await fetchDns().process(http)).to.equal('PROCEED');
    expect(http.fetchStatus).to.equal(0);
    const empty = await lookUp('dns:');
    expect(empty.fetchStatus).to.equal(FetchStatus.UNFETCHABLE_URI);
  });
});
