import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { SURT_AUTHORITY_DEFAULTS, SurtAuthorityQueueAssignmentPolicy } from './surt-authority-queue-assignment-policy.js';

function policy(over: Partial<ConstructorParameters<typeof SurtAuthorityQueueAssignmentPolicy>[0]> = {}): SurtAuthorityQueueAssignmentPolicy {
  return new SurtAuthorityQueueAssignmentPolicy({ ...SURT_AUTHORITY_DEFAULTS, ...over });
}

describe('SurtAuthorityQueueAssignmentPolicy', () => {
  describe('.queueKey() with the defaults', () => {
    const table: [string, string, string | undefined, string, string][] = [
      ['a host', 'http://www.archive.org/movies/movies.php', undefined, '', 'org,archive,www,'],
      ['a host and port', 'http://www.archive.org:8080/movies/movies.php', undefined, '', 'org,archive,www,#8080'],
      ['https, as http', 'https://example.org/a', undefined, 'L', 'org,example,'],
      ['an IP address', 'http://127.0.0.1:7777/ten', undefined, 'L', '127.0.0.1#7777'],
      ['a dns: prerequisite, from its trigger', 'dns:cdn.other.org', 'http://www.example.org:8080/page', 'LP', 'org,example,www,#8080'],
      ['a robots.txt prerequisite, from its trigger', 'http://example.org/robots.txt', 'http://example.org/a/page', 'LP', 'org,example,'],
      ['a prerequisite from another host, from its trigger', 'http://login.other.org/', 'http://example.com/private', 'P', 'com,example,'],
      ['a dns: URI with a via, from the via', 'dns:example.org', 'http://www.example.org/', 'L', 'org,example,www,'],
      ['a dns: URI without a via, from its host', 'dns:example.org', undefined, '', 'org,example,'],
      ['a whois: URI, in the shared whois queue', 'whois://whois.iana.org/example.org', undefined, 'L', 'whois...'],
      ['a whois: prerequisite, still in the whois queue', 'whois:example.org', 'http://example.org/', 'P', 'whois...'],
      ['a URI without authority', 'mailto:someone@example.org', undefined, 'L', 'default...'],
    ];
    for (const [what, uri, via, hopsPath, expected] of table) {
      it(`${expected} for ${what}: ${uri}`, () => {
        expect(policy().queueKey(new CrawlUri(uri, { via, hopsPath }))).to.equal(expected);
      });
    }
  });

  it('keeps a key the URI already has when deferToPrevious (the default)', () => {
    const curi = new CrawlUri('http://other.org/', { queueKey: 'org,example,' });
    expect(policy().queueKey(curi)).to.equal('org,example,');
    expect(policy({ deferToPrevious: false }).queueKey(curi)).to.equal('org,other,');
  });

  it('puts everything in forceQueueAssignment when set', () => {
    expect(policy({ forceQueueAssignment: 'everything' }).queueKey(new CrawlUri('http://example.org/'))).to.equal('everything');
    expect(policy({ forceQueueAssignment: 'everything' }).queueKey(new CrawlUri('dns:x.org', { via: 'http://x.org/', hopsPath: 'P' }))).to.equal('everything');
  });

  it('spreads a host over parallelQueues by first path segment, stably', () => {
    const p = policy({ parallelQueues: 4 });
    const keyOf = (path: string) => p.queueKey(new CrawlUri(`http://example.org${path}`));
    const keys = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((s) => keyOf(`/${s}/x`)));
    expect(keys.size).to.be.greaterThan(1);
    for (const key of keys) expect(key).to.match(/^org,example,(\+[123])?$/);
    expect(keyOf('/a/x')).to.equal(keyOf('/a/y/z'));
    expect(keyOf('/')).to.equal('org,example,');
  });
});
