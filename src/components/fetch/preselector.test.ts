import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { Preselector, type PreselectorConfig } from './preselector.js';
import { preselectorComponent } from './preselector.js';

function preselector(over: Partial<PreselectorConfig> = {}): Preselector {
  return new Preselector({ enabled: true, shouldProcessRule: undefined, recheckScope: false, blockAll: false, blockByRegex: '', allowByRegex: '', scope: undefined, ...over });
}

function run(p: Preselector, uri = 'http://example.org/a'): [string, number] {
  const curi = new CrawlUri(uri);
  return [p.process(curi) as string, curi.fetchStatus];
}

const rule = (d: DecideResult): DecideRule => ({ decisionFor: () => d });

describe('Preselector', () => {
  it('passes everything by default', () => {
    expect(run(preselector())).to.deep.equal(['PROCEED', 0]);
  });

  it('blockAll blocks with -5001', () => {
    expect(run(preselector({ blockAll: true }))).to.deep.equal(['FINISH', FetchStatus.BLOCKED_BY_USER]);
  });

  it('matches its expressions against the whole URI, as Java\'s matches() does', () => {
    const allow = preselector({ allowByRegex: 'http://example\\.org/.*' });
    expect(run(allow, 'http://example.org/x')).to.deep.equal(['PROCEED', 0]);
    expect(run(allow, 'http://other.org/http://example.org/x')).to.deep.equal(['FINISH', -5001]);
    const block = preselector({ blockByRegex: '.*\\.pdf' });
    expect(run(block, 'http://example.org/a.pdf')).to.deep.equal(['FINISH', -5001]);
    expect(run(block, 'http://example.org/a.pdf?x')).to.deep.equal(['PROCEED', 0]);
  });

  it('rechecks the scope only when asked: anything but ACCEPT is -5000', () => {
    expect(run(preselector({ scope: rule(DecideResult.REJECT) }))).to.deep.equal(['PROCEED', 0]);
    expect(run(preselector({ recheckScope: true, scope: rule(DecideResult.NONE) }))).to.deep.equal(['FINISH', FetchStatus.OUT_OF_SCOPE]);
    expect(run(preselector({ recheckScope: true, scope: rule(DecideResult.ACCEPT) }))).to.deep.equal(['PROCEED', 0]);
  });

  it('validate: reports bad expressions and a recheck without a scope', () => {
    const view = { id: 'preselector', className: 'Preselector', config: { blockByRegex: '(', allowByRegex: '', recheckScope: true }, locationOf: () => ({ file: 'f', line: 1, column: 1 }), refs: () => [] };
    const issues = preselectorComponent.validate!(view as never) as { property: string }[];
    expect(issues.map((i) => i.property)).to.deep.equal(['blockByRegex', 'recheckScope']);
  });
});
