import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { CandidateScoper } from './candidate-scoper.js';

function always(decision: DecideResult): DecideRule {
  return { decisionFor: () => decision };
}

function scoper(scope: DecideRule, over: { enabled?: boolean; shouldProcessRule?: DecideRule } = {}): CandidateScoper {
  return new CandidateScoper({ enabled: over.enabled ?? true, shouldProcessRule: over.shouldProcessRule, scope });
}

describe('CandidateScoper', () => {
  describe('.process()', () => {
    const table: [DecideResult, string, number][] = [
      [DecideResult.ACCEPT, 'PROCEED', 0],
      [DecideResult.REJECT, 'FINISH', FetchStatus.OUT_OF_SCOPE],
      [DecideResult.NONE, 'FINISH', FetchStatus.OUT_OF_SCOPE],
    ];
    for (const [decision, result, status] of table) {
      it(`${result}s with fetch status ${status} when the scope says ${decision}`, () => {
        const curi = new CrawlUri('http://example.org/', { hopsPath: 'L' });
        expect(scoper(always(decision)).process(curi)).to.equal(result);
        expect(curi.fetchStatus).to.equal(status);
      });
    }
  });

  it('hands the URI itself to the scope', () => {
    const seen: string[] = [];
    const scope: DecideRule = { decisionFor: (c) => (seen.push(`${c.uri} ${c.hopsPath}`), DecideResult.ACCEPT) };
    scoper(scope).process(new CrawlUri('http://example.org/x', { hopsPath: 'LE' }));
    expect(seen).to.deep.equal(['http://example.org/x LE']);
  });

  it('lets every URI through untouched when disabled or not selected by shouldProcessRule', () => {
    const curi = new CrawlUri('http://other.org/');
    expect(scoper(always(DecideResult.REJECT), { enabled: false }).process(curi)).to.equal('PROCEED');
    expect(scoper(always(DecideResult.REJECT), { shouldProcessRule: always(DecideResult.REJECT) }).process(curi)).to.equal('PROCEED');
    expect(curi.fetchStatus).to.equal(0);
  });
});
