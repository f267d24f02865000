import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { TransclusionDecideRule } from './transclusion-decide-rule.js';

function rule(over: Partial<ConstructorParameters<typeof TransclusionDecideRule>[0]> = {}): TransclusionDecideRule {
  return new TransclusionDecideRule({ enabled: true, comment: '', decision: 'ACCEPT', maxTransHops: 2, maxSpeculativeHops: 1, ...over });
}

describe('TransclusionDecideRule', () => {
  describe('.decisionFor() with the defaults (maxTransHops 2, maxSpeculativeHops 1)', () => {
    const table: [string, string, string][] = [
      ['', 'NONE', 'a seed (no hops)'],
      ['L', 'NONE', 'a link'],
      ['E', 'ACCEPT', 'an embed of a seed'],
      ['LE', 'ACCEPT', 'an embed of a linked page'],
      ['LEE', 'ACCEPT', 'two trailing embeds'],
      ['LEEE', 'NONE', 'three trailing embeds'],
      ['LEL', 'NONE', 'a link after an embed'],
      ['LR', 'ACCEPT', 'a redirect of a link'],
      ['LRRRE', 'ACCEPT', 'redirects do not count toward the limit'],
      ['LRERE', 'ACCEPT', 'two embeds among redirects'],
      ['LRERER', 'ACCEPT', 'two embeds among redirects, ending in one'],
      ['LEREE', 'NONE', 'three embeds among redirects'],
      ['LX', 'ACCEPT', 'one speculative hop'],
      ['LXX', 'NONE', 'two speculative hops'],
      ['LXE', 'ACCEPT', 'a speculative hop and an embed'],
      ['LP', 'ACCEPT', 'a prerequisite of a link'],
      ['LEP', 'ACCEPT', 'a prerequisite of an embed'],
      ['ME', 'ACCEPT', 'an embed counted back to a sitemap hop'],
      ['EMEE', 'ACCEPT', 'M ends the count as L does'],
      ['EEM', 'NONE', 'a sitemap hop is not transcluded'],
      ['SE', 'ACCEPT', 'an embed of a form submission'],
      ['EES', 'NONE', 'a form submission is not transcluded'],
      ['EE', 'ACCEPT', 'counting back to the seed'],
      ['EEE', 'NONE', 'three embeds from the seed'],
      ['R', 'ACCEPT', 'a redirect of a seed'],
    ];
    for (const [hopsPath, expected, what] of table) {
      it(`${expected} for "${hopsPath}": ${what}`, () => {
        expect(rule().decisionFor(new CrawlUri('http://other.org/x', { hopsPath }))).to.equal(expected);
      });
    }
  });

  it('follows maxTransHops and maxSpeculativeHops', () => {
    const uri = (hopsPath: string) => new CrawlUri('http://other.org/x', { hopsPath });
    expect(rule({ maxTransHops: 3 }).decisionFor(uri('LEEE'))).to.equal('ACCEPT');
    expect(rule({ maxTransHops: 0 }).decisionFor(uri('LE'))).to.equal('NONE');
    expect(rule({ maxTransHops: 0 }).decisionFor(uri('LR'))).to.equal('ACCEPT');
    expect(rule({ maxSpeculativeHops: 0 }).decisionFor(uri('LX'))).to.equal('NONE');
    expect(rule({ maxSpeculativeHops: 2 }).decisionFor(uri('LXX'))).to.equal('ACCEPT');
  });

  it('gives its configured decision, and NONE when disabled', () => {
    const uri = new CrawlUri('http://other.org/x', { hopsPath: 'LE' });
    expect(rule({ decision: 'REJECT' }).decisionFor(uri)).to.equal('REJECT');
    expect(rule({ decision: 'REJECT' }).onlyDecision(new CrawlUri('http://example.org/'))).to.equal('REJECT');
    expect(rule({ enabled: false }).decisionFor(uri)).to.equal('NONE');
  });
});
