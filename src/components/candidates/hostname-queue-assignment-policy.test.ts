import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { hostnameKey, HostnameQueueAssignmentPolicy } from './hostname-queue-assignment-policy.js';

const DEFAULTS = { parallelQueues: 1, forceQueueAssignment: '', deferToPrevious: true };

function policy(over: Partial<ConstructorParameters<typeof HostnameQueueAssignmentPolicy>[0]> = {}): HostnameQueueAssignmentPolicy {
  return new HostnameQueueAssignmentPolicy({ ...DEFAULTS, ...over });
}

describe('HostnameQueueAssignmentPolicy', () => {
  describe('hostnameKey(): hostname#port', () => {
    const table: [string, string | undefined][] = [
      ['http://www.archive.org/movies/movies.php', 'www.archive.org'],
      ['http://WWW.Archive.org:80/', 'www.archive.org'],
      ['http://www.archive.org:8080/movies', 'www.archive.org#8080'],
      ['https://www.archive.org/', 'www.archive.org#443'],
      ['https://www.archive.org:443/', 'www.archive.org#443'],
      ['https://www.archive.org:8443/', 'www.archive.org#8443'],
      ['http://user:pass@example.org:81/', 'example.org#81'],
      ['http://127.0.0.1:7777/ten', '127.0.0.1#7777'],
      ['mailto:someone@example.org', undefined],
    ];
    for (const [uri, key] of table) it(`${uri} → ${key}`, () => expect(hostnameKey(uri)).to.equal(key));
  });

  describe('.queueKey() with the defaults', () => {
    const table: [string, string, string | undefined, string, string][] = [
      ['a host', 'http://www.example.org/a', undefined, 'L', 'www.example.org'],
      ['a host and port', 'http://www.example.org:8080/a', undefined, 'L', 'www.example.org#8080'],
      ['https', 'https://www.example.org/a', undefined, 'L', 'www.example.org#443'],
      ['a dns: prerequisite, from its trigger', 'dns:www.example.org', 'http://www.example.org:8080/', 'P', 'www.example.org#8080'],
      ['a robots.txt prerequisite, from its trigger', 'https://example.org/robots.txt', 'https://example.org/a', 'LP', 'example.org#443'],
      ['a dns: URI without a via, from its host', 'dns:example.org', undefined, '', 'example.org'],
      ['a whois: URI, in the shared whois queue', 'whois://whois.iana.org/example.org', undefined, 'L', 'whois...'],
      ['a URI without authority', 'mailto:someone@example.org', undefined, 'L', 'default...'],
    ];
    for (const [what, uri, via, hopsPath, expected] of table) {
      it(`${expected} for ${what}: ${uri}`, () => expect(policy().queueKey(new CrawlUri(uri, { via, hopsPath }))).to.equal(expected));
    }
  });

  it('keeps a key the URI already has when deferToPrevious, and puts everything in forceQueueAssignment', () => {
    const curi = new CrawlUri('http://other.org/', { queueKey: 'example.org' });
    expect(policy().queueKey(curi)).to.equal('example.org');
    expect(policy({ deferToPrevious: false }).queueKey(curi)).to.equal('other.org');
    expect(policy({ forceQueueAssignment: 'all' }).queueKey(new CrawlUri('http://example.org/'))).to.equal('all');
  });

  it('spreads a host over parallelQueues by first path segment, stably', () => {
    const p = policy({ parallelQueues: 4 });
    const keyOf = (path: string) => p.queueKey(new CrawlUri(`http://example.org:8080${path}`));
    const keys = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((s) => keyOf(`/${s}/x`)));
    expect(keys.size).to.be.greaterThan(1);
    for (const key of keys) expect(key).to.match(/^example\.org#8080(\+[123])?$/);
    expect(keyOf('/a/x')).to.equal(keyOf('/a/y/z'));
    expect(keyOf('/')).to.equal('example.org#8080');
  });
});
