import { expect } from 'chai';
import { CrawlUri } from '../../../model/crawl-uri.js';
import type { PrecedenceQueue } from '../../../model/precedence-policies.js';
import { BaseQueuePrecedencePolicy } from './base-queue-precedence-policy.js';
import { HighestUriQueuePrecedencePolicy } from './highest-uri-queue-precedence-policy.js';
import { bumps, SuccessCountsQueuePrecedencePolicy } from './success-counts-queue-precedence-policy.js';

const queue = (successes: number, lowest?: number): PrecedenceQueue => ({ successes, lowestUriPrecedence: () => lowest });
const curi = (): CrawlUri => new CrawlUri('http://example.org/x', { hopsPath: 'L' });

describe('queue precedence policies', () => {
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
