import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { CanonicalizationPolicy, QueueAssignmentPolicy } from '../../model/uri-policies.js';
import { FrontierPreparer } from './frontier-preparer.js';

function preparer(policies: { canonicalizationPolicy?: CanonicalizationPolicy; queueAssignmentPolicy?: QueueAssignmentPolicy } = {}): FrontierPreparer {
  return new FrontierPreparer({
    enabled: true, preferenceDepthHops: -1, preferenceEmbedHops: 1, shouldProcessRule: undefined,
    canonicalizationPolicy: policies.canonicalizationPolicy, queueAssignmentPolicy: policies.queueAssignmentPolicy, costAssignmentPolicy: undefined, uriPrecedencePolicy: undefined,
  });
}

describe('FrontierPreparer', () => {
  describe('.process() with the default policies', () => {
    const table: [string, string, string | undefined, string, string, number][] = [
      ['http://www.Example.org/A?jsessionid=0123456789abcdef0123456789abcdef', 'L', undefined, 'http://example.org/a', 'org,example,www,', 1],
      ['https://example.org/', '', undefined, 'https://example.org/', 'org,example,', 1],
      // as in Heritrix, the SURT authority (hence the queue) keeps the userinfo; the uniqueness key does not
      ['http://user:pw@example.org:8080/x?&', 'LE', undefined, 'http://example.org:8080/x', 'org,example,#8080@user#pw', 1],
      // Prerequisites go first through the frontier's own handling; their precedence is their cost, as any URI's.
      ['dns:cdn.other.org', 'LEP', 'http://www.example.org/page', 'dns:cdn.other.org', 'org,example,www,', 1],
      ['http://example.org/robots.txt', 'LP', 'http://example.org/a', 'http://example.org/robots.txt', 'org,example,', 1],
    ];
    for (const [uri, hopsPath, via, canonicalKey, queueKey, precedence] of table) {
      it(`prepares ${uri} (${hopsPath || 'seed'}): key ${canonicalKey}, queue ${queueKey}, precedence ${precedence}`, () => {
        const curi = new CrawlUri(uri, { hopsPath, via });
        expect(preparer().process(curi)).to.equal('PROCEED');
        expect({ canonicalKey: curi.canonicalKey, queueKey: curi.queueKey, precedence: curi.precedence }).to.deep.equal({ canonicalKey, queueKey, precedence });
      });
    }
  });

  it('uses the policies it is given', () => {
    const p = preparer({ canonicalizationPolicy: { canonicalKey: (u) => `key:${u}` }, queueAssignmentPolicy: { queueKey: (c) => `queue:${c.hopsPath}` } });
    const curi = new CrawlUri('http://example.org/', { hopsPath: 'LL' });
    p.process(curi);
    expect([curi.canonicalKey, curi.queueKey]).to.deep.equal(['key:http://example.org/', 'queue:LL']);
  });

  it('forces the fetch of a redirect whose key equals its via\'s (it would look already seen)', () => {
    const www = new CrawlUri('http://example.org/a', { hopsPath: 'LR', via: 'http://www.example.org/a' });
    preparer().process(www);
    expect(www.forceFetch).to.equal(true);
    const elsewhere = new CrawlUri('http://example.org/b', { hopsPath: 'LR', via: 'http://www.example.org/a' });
    preparer().process(elsewhere);
    expect(elsewhere.forceFetch).to.equal(false);
    const link = new CrawlUri('http://example.org/a', { hopsPath: 'LL', via: 'http://www.example.org/a' });
    preparer().process(link);
    expect(link.forceFetch).to.equal(false);
  });

  it('leaves a URI untouched when disabled', () => {
    const p = new FrontierPreparer({ enabled: false, preferenceDepthHops: -1, preferenceEmbedHops: 1, shouldProcessRule: undefined, canonicalizationPolicy: undefined, queueAssignmentPolicy: undefined, costAssignmentPolicy: undefined, uriPrecedencePolicy: undefined });
    const curi = new CrawlUri('http://example.org/');
    expect(p.process(curi)).to.equal('PROCEED');
    expect([curi.canonicalKey, curi.queueKey]).to.deep.equal(['', '']);
  });
});
