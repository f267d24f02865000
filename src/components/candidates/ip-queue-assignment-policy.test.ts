import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { HostState, ServerCache } from '../../model/server-cache.js';
import { IpQueueAssignmentPolicy } from './ip-queue-assignment-policy.js';

/** A ServerCache holding what the fetch chain would have recorded. */
function cacheOf(entries: Record<string, HostState>): ServerCache {
  const hosts = new Map(Object.entries(entries));
  return { host: (key) => hosts.get(key) ?? (hosts.set(key, {}), hosts.get(key)!) };
}

const contacted = (ip: string): HostState => ({ ip, ipFetchedAt: 1, robotsFetchedAt: 1 });

function policy(serverCache: ServerCache, over: Partial<ConstructorParameters<typeof IpQueueAssignmentPolicy>[0]> = {}): IpQueueAssignmentPolicy {
  return new IpQueueAssignmentPolicy({ parallelQueues: 1, forceQueueAssignment: '', deferToPrevious: true, serverCache, ...over });
}

describe('IpQueueAssignmentPolicy', () => {
  const cache = cacheOf({
    'www.example.org': contacted('93.184.215.14'),
    'example.org': contacted('93.184.215.14'),
    'example.org:8080': { robotsFetchedAt: 1 },
    'looked-up.org': { ip: '10.0.0.8', ipFetchedAt: 1 },
    'unresolvable.org': { ipFetchedAt: 1 },
    '[::1]': { ip: '::1', ipFetchedAt: 1 },
    '[::1]:8080': { robotsFetchedAt: 1 },
  });

  describe('.queueKey()', () => {
    const table: [string, string, string | undefined, string, string][] = [
      ['a contacted host: its address', 'http://www.example.org/a', undefined, 'L', '93.184.215.14'],
      ['another host on that address shares its queue', 'https://example.org/b', undefined, 'L', '93.184.215.14'],
      ['a server whose robots.txt was fetched, on another port', 'http://example.org:8080/', undefined, 'L', '93.184.215.14'],
      ['an IPv6 server', 'http://[::1]:8080/x', undefined, 'L', '::1'],
      ['a host never looked up: hostname#port', 'http://new.example.org:81/', undefined, 'L', 'new.example.org#81'],
      ['a host looked up, robots.txt not fetched yet', 'http://looked-up.org/', undefined, 'L', 'looked-up.org'],
      ['a host DNS could not resolve', 'https://unresolvable.org/', undefined, 'L', 'unresolvable.org#443'],
      ['the dns: lookup of a new host: its trigger\'s queue', 'dns:new.example.org', 'http://new.example.org/', 'P', 'new.example.org'],
      ['the robots.txt of a host just looked up: its trigger\'s queue', 'http://looked-up.org/robots.txt', 'http://looked-up.org/page', 'LP', 'looked-up.org'],
      ['a dns: refresh of a contacted host: its trigger\'s queue', 'dns:www.example.org', 'http://www.example.org/a', 'LP', '93.184.215.14'],
      ['a whois: URI', 'whois://whois.iana.org/example.org', undefined, 'L', 'whois...'],
      ['a URI without authority', 'mailto:a@example.org', undefined, 'L', 'default...'],
    ];
    for (const [what, uri, via, hopsPath, expected] of table) {
      it(`${expected} for ${what}: ${uri}`, () => expect(policy(cache).queueKey(new CrawlUri(uri, { via, hopsPath }))).to.equal(expected));
    }
  });

  it('moves a host to its address\'s queue once DNS has answered and robots.txt is fetched', () => {
    const live = cacheOf({});
    const p = policy(live);
    const uri = () => p.queueKey(new CrawlUri('http://site.org/page', { hopsPath: 'L' }));
    expect(uri()).to.equal('site.org');
    Object.assign(live.host('site.org'), { ip: '10.1.1.1', ipFetchedAt: 1 });
    expect(uri()).to.equal('site.org');
    live.host('site.org').robotsFetchedAt = 2;
    expect(uri()).to.equal('10.1.1.1');
  });

  it('keeps a key the URI already has, and honours forceQueueAssignment', () => {
    expect(policy(cache).queueKey(new CrawlUri('http://www.example.org/', { queueKey: 'www.example.org' }))).to.equal('www.example.org');
    expect(policy(cache, { deferToPrevious: false }).queueKey(new CrawlUri('http://www.example.org/', { queueKey: 'x' }))).to.equal('93.184.215.14');
    expect(policy(cache, { forceQueueAssignment: 'one' }).queueKey(new CrawlUri('http://www.example.org/'))).to.equal('one');
  });

  it('splits only the fallback keys over parallelQueues', () => {
    const p = policy(cache, { parallelQueues: 4 });
    const keys = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((s) => p.queueKey(new CrawlUri(`http://new.example.org/${s}/x`))));
    expect(keys.size).to.be.greaterThan(1);
    expect(p.queueKey(new CrawlUri('http://www.example.org/a/x'))).to.equal('93.184.215.14');
  });
});
