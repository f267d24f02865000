import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';

export const decideRuleSequenceComponent = defineComponent({
  name: 'DecideRuleSequence',
  aliases: ['org.archive.modules.deciderules.DecideRuleSequence'],
  description: 'Applies its rules in order; the last decision other than NONE wins. A crawl\'s scope is such a sequence.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    logToFile: {
      type: 'boolean', default: false, ignored: 'the log of every rule\'s decision is not written yet; `beancrawl explain JOB URL` shows each rule\'s verdict',
      description: 'Heritrix logs every decision (rule index, rule, decision, URI) to logs/<beanId>.log. Accepted, not used yet.',
    },
    logExtraInfo: {
      type: 'boolean', default: false, ignored: 'it adds to the logToFile log, which is not written yet',
      description: 'Heritrix adds the hops path, via and seed to each logToFile line. Accepted, not used yet.',
    },
  },
  refs: {
    rules: { kind: 'DecideRule', list: true, description: 'The rules, in order.' },
  },
  load: async (): Promise<ComponentClass> => DecideRuleSequence,
});

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
