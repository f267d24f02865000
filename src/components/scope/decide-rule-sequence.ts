import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import type { decideRuleSequenceComponent } from './decide-rule-sequence.descriptor.js';

/** Heritrix's DecideRuleSequence: last non-NONE decision wins; a rule that can only repeat the current decision is skipped. */
export class DecideRuleSequence implements DecideRule {
  readonly #only: Array<DecideResult | undefined>;
  beanName = '';

  constructor(readonly config: ConfigOf<typeof decideRuleSequenceComponent>) {
    this.#only = config.rules.map((r) => r.onlyDecision?.());
  }

  decisionFor(uri: CrawlUri): DecideResult {
    if (!(uri.overlay ? uri.configFor(this.beanName, this.config).enabled : this.config.enabled)) return DecideResult.NONE;
    let result: DecideResult = DecideResult.NONE;
    const rules = this.config.rules;
    for (let i = 0; i < rules.length; i++) {
      if (this.#only[i] !== undefined && this.#only[i] === result) continue;
      const d = rules[i].decisionFor(uri);
      if (d !== DecideResult.NONE) result = d;
    }
    return result;
  }
}
