import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { CostAssignmentPolicy } from '../../model/uri-policies.js';
import { AntiCalendarCostAssignmentPolicy } from './anti-calendar-cost-assignment-policy.js';
import { FrontierPreparer } from './frontier-preparer.js';
import { UnitCostAssignmentPolicy } from './unit-cost-assignment-policy.js';
import { WagCostAssignmentPolicy } from './wag-cost-assignment-policy.js';
import { ZeroCostAssignmentPolicy } from './zero-cost-assignment-policy.js';

const preparer = (costAssignmentPolicy?: CostAssignmentPolicy) => new FrontierPreparer({
  enabled: true, preferenceDepthHops: -1, preferenceEmbedHops: 1, shouldProcessRule: undefined,
  canonicalizationPolicy: undefined, queueAssignmentPolicy: undefined, costAssignmentPolicy, uriPrecedencePolicy: undefined,
});
const uri = (u: string, via?: string) => new CrawlUri(u, { via, hopsPath: via ? 'L' : '' });

describe('cost assignment policies (Heritrix\'s costs)', () => {
  it('UnitCostAssignmentPolicy: every URI costs 1, whatever it looks like', () => {
    for (const u of ['http://example.org/', 'http://example.org/calendar?year=2024', 'dns:example.org']) {
      expect(new UnitCostAssignmentPolicy().costOf(), u).to.equal(1);
    }
  });

  it('ZeroCostAssignmentPolicy: every URI costs 0', () => {
    expect(new ZeroCostAssignmentPolicy().costOf()).to.equal(0);
  });

  describe('WagCostAssignmentPolicy: 1, +1 for a query, +1 more when the via starts with the part before the query', () => {
    const table: [string, string | undefined, number][] = [
      ['http://example.org/a', undefined, 1],
      ['http://example.org/a', 'http://example.org/a?x=1', 1],
      ['http://example.org/a?x=1', undefined, 2],
      ['http://example.org/a?x=1', 'http://example.org/b', 2],
      ['http://example.org/a?x=2', 'http://example.org/a?x=1', 3],
      ['http://example.org/a?x=1', 'http://example.org/a', 3],
      // A text comparison, as Heritrix's: a via that merely extends the path still counts.
      ['http://example.org/a?x=1', 'http://example.org/abc', 3],
      ['http://example.org/?', 'http://example.org/', 3],
    ];
    for (const [u, via, cost] of table) {
      it(`${u} via ${via ?? '(none)'} costs ${cost}`, () => expect(new WagCostAssignmentPolicy().costOf(uri(u, via))).to.equal(cost));
    }
  });

  describe('AntiCalendarCostAssignmentPolicy: 1, +1 for a calendarish URI', () => {
    const table: [string, number][] = [
      ['http://example.org/', 1],
      ['http://example.org/news/article', 1],
      ['http://example.org/calendar/', 2],
      ['http://example.org/CALENDAR/', 2],
      ['http://example.org/events', 2],
      ['http://example.org/x?yr=3', 2],
      ['http://example.org/Today', 2],
      ['http://example.org/viewcal.php', 2],
      ['http://example.org/calendrier/jour', 2],
      ['http://example.org/archive/1999/', 2],
      ['http://example.org/archive/2024/05/', 2],
      // A year needs a non-digit on both sides: at the very end, or inside a longer number, it is not one.
      ['http://example.org/archive/2024', 1],
      ['http://example.org/id/120245/', 1],
      ['http://example.org/p?id=1999', 1],
    ];
    for (const [u, cost] of table) {
      it(`${u} costs ${cost}`, () => expect(new AntiCalendarCostAssignmentPolicy().costOf(uri(u))).to.equal(cost));
    }
  });

  describe('FrontierPreparer sets each URI\'s cost', () => {
    it('1 without a policy (UnitCostAssignmentPolicy is the default)', () => {
      const curi = uri('http://example.org/a?x=1', 'http://example.org/a');
      preparer().prepare(curi);
      expect(curi.cost).to.equal(1);
    });

    it('its policy\'s cost, kept when the URI is queued and taken again', () => {
      const curi = uri('http://example.org/a?x=1', 'http://example.org/a');
      preparer(new WagCostAssignmentPolicy()).prepare(curi);
      expect(curi.cost).to.equal(3);
      expect(CrawlUri.fromQueued(JSON.parse(JSON.stringify(curi.toQueued()))).cost).to.equal(3);
    });
  });
});
