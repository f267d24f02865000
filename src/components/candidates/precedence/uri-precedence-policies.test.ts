import { expect } from 'chai';
import { CrawlUri } from '../../../model/crawl-uri.js';
import { URI_PRECEDENCE_COMPONENTS } from './uri-precedence-components.js';
import { QUEUE_PRECEDENCE_COMPONENTS } from '../../frontier/precedence/queue-precedence-components.js';
import { BaseUriPrecedencePolicy } from './base-uri-precedence-policy.js';
import { CostUriPrecedencePolicy } from './cost-uri-precedence-policy.js';
import { HopsUriPrecedencePolicy } from './hops-uri-precedence-policy.js';
import { PreloadedUriPrecedencePolicy } from './preloaded-uri-precedence-policy.js';

function curi(hopsPath = 'L', cost = 1): CrawlUri {
  const c = new CrawlUri('http://example.org/x', { hopsPath, via: 'http://example.org/' });
  c.cost = cost;
  return c;
}

function precedenceUnder(policy: { uriScheduled(c: CrawlUri): void }, c: CrawlUri): number {
  policy.uriScheduled(c);
  return c.precedence;
}

describe('URI precedence policies', () => {
  it('are registered under Heritrix\'s names and classes, with Heritrix\'s defaults', () => {
    const all = [...URI_PRECEDENCE_COMPONENTS, ...QUEUE_PRECEDENCE_COMPONENTS];
    const byName = new Map(all.map((d) => [d.name, d]));
    for (const d of all) expect(d.aliases).to.deep.equal([`org.archive.crawler.frontier.precedence.${d.name}`]);
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
});
