import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';

export const acceptDecideRuleComponent = defineComponent({
  name: 'AcceptDecideRule',
  aliases: ['org.archive.modules.deciderules.AcceptDecideRule'],
  description: 'Accepts every URI (unless disabled).',
  kinds: ['DecideRule'],
  props: DECIDE_RULE_PROPS,
  load: async (): Promise<ComponentClass> => AcceptDecideRule,
});

export const rejectDecideRuleComponent = defineComponent({
  name: 'RejectDecideRule',
  aliases: ['org.archive.modules.deciderules.RejectDecideRule'],
  description: 'Rejects every URI (unless disabled); the usual first rule of a scope.',
  kinds: ['DecideRule'],
  props: DECIDE_RULE_PROPS,
  load: async (): Promise<ComponentClass> => RejectDecideRule,
});

/** A rule that always gives one decision, or NONE when disabled. */
abstract class ConstantDecideRule extends Configurable<typeof acceptDecideRuleComponent> implements DecideRule {
  protected abstract readonly decision: DecideResult;

  decisionFor(curi: CrawlUri): DecideResult {
    return this.configFor(curi).enabled ? this.decision : DecideResult.NONE;
  }

  onlyDecision(): DecideResult {
    return this.decision;
  }
}

export class AcceptDecideRule extends ConstantDecideRule {
  protected readonly decision = DecideResult.ACCEPT;
}

export class RejectDecideRule extends ConstantDecideRule {
  protected readonly decision = DecideResult.REJECT;
}
