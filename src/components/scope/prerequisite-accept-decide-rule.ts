import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';

export const prerequisiteAcceptDecideRuleComponent = defineComponent({
  name: 'PrerequisiteAcceptDecideRule',
  aliases: ['org.archive.modules.deciderules.PrerequisiteAcceptDecideRule'],
  description: 'Accepts prerequisites (last hop P: the dns: lookup and robots.txt a fetch needs), wherever they are.',
  kinds: ['DecideRule'],
  props: DECIDE_RULE_PROPS,
  load: async (): Promise<ComponentClass> => PrerequisiteAcceptDecideRule,
});

/** Heritrix's PrerequisiteAcceptDecideRule: ACCEPT when the last hop is P, else NONE. */
export class PrerequisiteAcceptDecideRule extends Configurable<typeof prerequisiteAcceptDecideRuleComponent> implements DecideRule {
  decisionFor(curi: CrawlUri): DecideResult {
    return curi.isPrerequisite && this.configFor(curi).enabled ? DecideResult.ACCEPT : DecideResult.NONE;
  }

  onlyDecision(): DecideResult {
    return DecideResult.ACCEPT;
  }
}
