import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { TooManyHopsDecideRule } from './too-many-hops-decide-rule.js';

function rule(over: Partial<ConstructorParameters<typeof TooManyHopsDecideRule>[0]> = {}): TooManyHopsDecideRule {
  return new TooManyHopsDecideRule({ enabled: true, comment: '', decision: 'REJECT', maxHops: 20, ...over });
}

describe('TooManyHopsDecideRule', () => {
  const table: [string, number, string][] = [
    ['', 20, 'NONE'],
    ['L'.repeat(20), 20, 'NONE'],
    ['L'.repeat(21), 20, 'REJECT'],
    ['LLEEXRP'.repeat(3), 20, 'REJECT'],
    ['LE', 1, 'REJECT'],
    ['L', 1, 'NONE'],
    ['L', 0, 'REJECT'],
  ];
  for (const [hopsPath, maxHops, expected] of table) {
    it(`${expected} for ${hopsPath.length} hops with maxHops ${maxHops}`, () => {
      expect(rule({ maxHops }).decisionFor(new CrawlUri('http://example.org/', { hopsPath }))).to.equal(expected);
    });
  }

  it('answers REJECT only, and NONE when disabled', () => {
    expect(rule().onlyDecision(new CrawlUri('http://example.org/'))).to.equal('REJECT');
    expect(rule({ enabled: false }).decisionFor(new CrawlUri('http://example.org/', { hopsPath: 'L'.repeat(30) }))).to.equal('NONE');
  });
});
