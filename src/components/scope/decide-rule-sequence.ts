import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import type { decideRuleSequenceComponent } from './decide-rule-sequence.descriptor.js';

/** Heritrix's DecideRuleSequence: last non-NONE decision wins; a rule that can only repeat the current decision is skipped. */
export class DecideRuleSequence extends Configurable<typeof decideRuleSequenceComponent> implements DecideRule {
  readonly #rules: readonly DecideRule[];

  constructor(config: ConfigOf<typeof decideRuleSequenceComponent>) {
    super(config);
    this.#rules = config.rules;
  }

  /** The rules, in order. */
  get rules(): readonly DecideRule[] {
    return this.#rules;
  }

  decisionFor(uri: CrawlUri): DecideResult {
    if (!this.configFor(uri).enabled) return DecideResult.NONE;
    let result: DecideResult = DecideResult.NONE;
    const rules = this.#rules;
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i];
      if (result !== DecideResult.NONE && rule.onlyDecision?.(uri) === result) continue;
      const d = rule.decisionFor(uri);
      if (d !== DecideResult.NONE) result = d;
    }
    return result;
  }
}
