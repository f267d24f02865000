import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { SURT_AUTHORITY_DEFAULTS } from './surt-authority-queue-assignment-policy.js';
import { AssignmentLevelSurtQueueAssignmentPolicy } from './assignment-level-surt-queue-assignment-policy.js';

function policy(over: Partial<typeof SURT_AUTHORITY_DEFAULTS> = {}): AssignmentLevelSurtQueueAssignmentPolicy {
  return new AssignmentLevelSurtQueueAssignmentPolicy({ ...SURT_AUTHORITY_DEFAULTS, ...over });
}

describe('AssignmentLevelSurtQueueAssignmentPolicy', () => {
  describe('.queueKey() with the defaults', () => {
    const table: [string, string, string | undefined, string, string][] = [
      ['a host, reduced to its domain', 'http://www.archive.org/movies/movies.php', undefined, '', 'org,archive,'],
      ['a host and port, the port dropped as Heritrix does', 'http://www.archive.org:8080/movies', undefined, '', 'org,archive,'],
      ['a domain of a two-label suffix', 'https://shop.example.co.uk/a', undefined, 'L', 'uk,co,example,'],
      ['a private suffix\'s site, its own domain', 'http://news.someone.blogspot.com/', undefined, 'L', 'com,blogspot,someone,'],
      ['an IP address, its authority key kept', 'http://127.0.0.1:7777/ten', undefined, 'L', '127.0.0.1#7777'],
      ['a host with no known suffix, kept', 'http://intranet:8080/', undefined, 'L', 'intranet,#8080'],
      ['a dns: prerequisite, from its trigger', 'dns:cdn.other.org', 'http://www.example.org:8080/page', 'LP', 'org,example,'],
      ['a robots.txt prerequisite', 'http://a.b.example.org/robots.txt', 'http://a.b.example.org/page', 'LP', 'org,example,'],
      ['a whois: URI, in the shared whois queue', 'whois://whois.iana.org/example.org', undefined, 'L', 'whois...'],
      ['a URI without authority', 'mailto:someone@example.org', undefined, 'L', 'default...'],
    ];
    for (const [what, uri, via, hopsPath, expected] of table) {
      it(`${expected} for ${what}: ${uri}`, () => {
        expect(policy().queueKey(new CrawlUri(uri, { via, hopsPath }))).to.equal(expected);
      });
    }
  });

  it('puts hosts of one domain in one queue and other domains apart', () => {
    const key = (uri: string) => policy().queueKey(new CrawlUri(uri));
    expect(new Set(['http://a.example.com/', 'http://b.example.com:81/', 'http://example.com/x'].map(key))).to.have.property('size', 1);
    expect(key('http://example.net/')).to.not.equal(key('http://example.com/'));
  });

  it('keeps a previous key when deferToPrevious, and forceQueueAssignment wins over the domain but not over whois', () => {
    expect(policy().queueKey(new CrawlUri('http://other.org/', { queueKey: 'org,example,' }))).to.equal('org,example,');
    expect(policy({ deferToPrevious: false }).queueKey(new CrawlUri('http://www.other.org/', { queueKey: 'org,example,' }))).to.equal('org,other,');
    expect(policy({ forceQueueAssignment: 'all' }).queueKey(new CrawlUri('http://www.example.org/'))).to.equal('all');
    expect(policy({ forceQueueAssignment: 'all' }).queueKey(new CrawlUri('whois:example.org'))).to.equal('whois...');
  });

  it('adds the parallelQueues suffix after reducing, as Heritrix does', () => {
    const keys = new Set(['/a/1', '/b/1', '/c/1', '/d/1', '/e/1', '/f/1'].map((p) => policy({ parallelQueues: 3 }).queueKey(new CrawlUri(`http://www.example.org${p}`))));
    for (const k of keys) expect(k).to.match(/^org,example,(\+[12])?$/);
    expect(keys.size).to.be.greaterThan(1);
  });
});
