import { expect } from 'chai';
import { CrawlUri } from '../../../model/crawl-uri.js';
import type { PrecedenceQueue } from '../../../model/precedence-policies.js';
import { PRECEDENCE_COMPONENTS } from './precedence-components.js';
import { BaseQueuePrecedencePolicy } from './base-queue-precedence-policy.js';
import { BaseUriPrecedencePolicy } from './base-uri-precedence-policy.js';
import { CostUriPrecedencePolicy } from './cost-uri-precedence-policy.js';
import { HighestUriQueuePrecedencePolicy } from './highest-uri-queue-precedence-policy.js';
import { HopsUriPrecedencePolicy } from './hops-uri-precedence-policy.js';
import { PreloadedUriPrecedencePolicy } from './preloaded-uri-precedence-policy.js';
import { bumps, SuccessCountsQueuePrecedencePolicy } from './success-counts-queue-precedence-policy.js';

function curi(hopsPath = 'L', cost = 1): CrawlUri {
  const c = new CrawlUri('http://example.org/x', { hopsPath, via: 'http://example.org/' });
  c.cost = cost;
  return c;
}

function precedenceUnder(policy: { uriScheduled(c: CrawlUri): void }, c: CrawlUri): number {
  policy.uriScheduled(c);
  return c.precedence;
}

const queue = (successes: number, lowest?: number): PrecedenceQueue => ({ successes, lowestUriPrecedence: () => lowest });

describe('precedence policies', () => {
  it('are registered under Heritrix\'s names and classes, with Heritrix\'s defaults', () => {
    const byName = new Map(PRECEDENCE_COMPONENTS.map((d) => [d.name, d]));
    for (const d of PRECEDENCE_COMPONENTS) expect(d.aliases).to.deep.equal([`org.archive.crawler.frontier.precedence.${d.name}`]);
    expect(byName.get('BaseUriPrecedencePolicy')!.props.basePrecedence.default).to.equal(1);
    expect(byName.get('HopsUriPrecedencePolicy')!.props.basePrecedence.default).to.equal(1);
    expect(byName.get('HopsUriPrecedencePolicy')!.props.navlinksOnly.default).to.equal(true);
    expect(byName.get('BaseQueuePrecedencePolicy')!.props.basePrecedence.default).to.equal(3);
    expect(byName.get('HighestUriQueuePrecedencePolicy')!.props.basePrecedence.default).to.equal(3);
    expect(byName.get('SuccessCountsQueuePrecedencePolicy')!.props.incrementCounts.default).to.equal('100,1000');
  });

  describe('URI precedence', () => {
    it('CostUriPrecedencePolicy: the URI\'s cost', () => {
      expect(precedenceUnder(new CostUriPrecedencePolicy(), curi('L', 1))).to.equal(1);
      expect(precedenceUnder(new CostUriPrecedencePolicy(), curi('L', 23))).to.equal(23);
    });

    it('BaseUriPrecedencePolicy: basePrecedence for every URI', () => {
      expect(precedenceUnder(new BaseUriPrecedencePolicy(), curi('LLLL', 9))).to.equal(1);
      expect(precedenceUnder(new BaseUriPrecedencePolicy({ basePrecedence: 4 }), curi())).to.equal(4);
    });

    it('HopsUriPrecedencePolicy: basePrecedence plus link hops (navlinksOnly) or every hop', () => {
      expect(precedenceUnder(new HopsUriPrecedencePolicy({ basePrecedence: 1, navlinksOnly: true }), curi('LELRE'))).to.equal(3);
      expect(precedenceUnder(new HopsUriPrecedencePolicy({ basePrecedence: 1, navlinksOnly: false }), curi('LELRE'))).to.equal(6);
      expect(precedenceUnder(new HopsUriPrecedencePolicy({ basePrecedence: 10, navlinksOnly: true }), curi(''))).to.equal(10);
    });

    it('PreloadedUriPrecedencePolicy: with no preloaded values, its defaultUriPrecedencePolicy (BaseUriPrecedencePolicy when none)', () => {
      expect(precedenceUnder(new PreloadedUriPrecedencePolicy({ defaultUriPrecedencePolicy: undefined }), curi('L', 5))).to.equal(1);
      expect(precedenceUnder(new PreloadedUriPrecedencePolicy({ defaultUriPrecedencePolicy: new CostUriPrecedencePolicy() }), curi('L', 5))).to.equal(5);
    });
  });

  describe('queue precedence', () => {
    it('BaseQueuePrecedencePolicy: basePrecedence for every queue, with or without a URI', () => {
      expect(new BaseQueuePrecedencePolicy().precedenceOf(queue(500, 1), curi())).to.equal(3);
      expect(new BaseQueuePrecedencePolicy({ basePrecedence: 7 }).precedenceOf(queue(0), undefined)).to.equal(7);
      expect(new BaseQueuePrecedencePolicy().tracksUriPrecedences).to.equal(false);
    });

    it('HighestUriQueuePrecedencePolicy: basePrecedence plus the lowest precedence of a waiting URI (0 with none)', () => {
      const policy = new HighestUriQueuePrecedencePolicy({ basePrecedence: 3 });
      expect(policy.tracksUriPrecedences).to.equal(true);
      expect(policy.precedenceOf(queue(0, 2), curi())).to.equal(5);
      expect(policy.precedenceOf(queue(0, undefined), curi())).to.equal(3);
    });

    it('SuccessCountsQueuePrecedencePolicy: one more at each success count of incrementCounts, the last repeating', () => {
      const policy = new SuccessCountsQueuePrecedencePolicy({ basePrecedence: 3, incrementCounts: '100,1000' });
      // As Heritrix's loop: 0-99 → base, 100-1099 → +1, 1100-2099 → +2, ...
      expect([0, 99, 100, 1099, 1100, 2100].map((n) => policy.precedenceOf(queue(n), curi()))).to.deep.equal([3, 3, 4, 4, 5, 6]);
      expect(bumps(10, [5])).to.equal(2);
      expect(new SuccessCountsQueuePrecedencePolicy({ basePrecedence: 1, incrementCounts: ' 2 , 3 ' }).precedenceOf(queue(5), undefined)).to.equal(3);
    });
  });
});
