import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { CanonicalizationPolicy, QueueAssignmentPolicy } from '../../model/uri-policies.js';
import { FrontierPreparer, schedulingDirective } from './frontier-preparer.js';

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

describe('FrontierPreparer scheduling directives (Heritrix\'s getSchedulingDirective)', () => {
  const HIGH = 1;
  const MEDIUM = 2;
  const NORMAL = 3;
  const directive = (hopsPath: string, preferenceDepthHops: number, preferenceEmbedHops = 1, start = NORMAL): number => {
    const c = new CrawlUri('http://example.org/x', { hopsPath, via: 'http://example.org/', schedulingDirective: start });
    return schedulingDirective(c, preferenceDepthHops, preferenceEmbedHops);
  };

  it('breadth-first (preferenceDepthHops -1): links NORMAL, embeds within preferenceEmbedHops MEDIUM, redirects MEDIUM', () => {
    expect(['L', 'LL', 'LE', 'LEE', 'LX', 'LR'].map((p) => directive(p, -1))).to.deep.equal([NORMAL, NORMAL, MEDIUM, NORMAL, MEDIUM, MEDIUM]);
    expect(directive('LEE', -1, 2)).to.equal(MEDIUM);
    expect(directive('LE', -1, 0), 'preferenceEmbedHops 0: no embed preference').to.equal(NORMAL);
  });

  it('depth-first (0): every URI HIGH; N: URIs within N hops of the seed HIGH, redirects HIGH', () => {
    expect(['L', 'LLLL', 'LE'].map((p) => directive(p, 0))).to.deep.equal([HIGH, HIGH, HIGH]);
    expect(['L', 'LL', 'LLL', 'LLLR'].map((p) => directive(p, 2))).to.deep.equal([HIGH, HIGH, NORMAL, HIGH]);
  });

  it('keeps a directive set before (a seed\'s MEDIUM) and only promotes NORMAL embeds', () => {
    expect(directive('', -1, 1, MEDIUM)).to.equal(MEDIUM);
    expect(directive('LE', -1, 1, HIGH)).to.equal(HIGH);
  });

  it('sets directive, cost and then precedence through the given uriPrecedencePolicy', () => {
    const p = new FrontierPreparer({
      enabled: true, preferenceDepthHops: -1, preferenceEmbedHops: 1, shouldProcessRule: undefined, canonicalizationPolicy: undefined,
      queueAssignmentPolicy: undefined, costAssignmentPolicy: { costOf: () => 7 }, uriPrecedencePolicy: undefined,
    });
    const c = new CrawlUri('http://example.org/i.png', { hopsPath: 'LE', via: 'http://example.org/' });
    p.process(c);
    expect([c.schedulingDirective, c.cost, c.precedence], 'the default CostUriPrecedencePolicy reads the cost just set').to.deep.equal([MEDIUM, 7, 7]);
  });
});
