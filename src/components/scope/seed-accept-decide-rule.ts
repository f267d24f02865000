import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const seedAcceptDecideRuleComponent = defineComponent({
  name: 'SeedAcceptDecideRule',
  aliases: ['org.archive.modules.deciderules.SeedAcceptDecideRule'],
  description: 'Accepts seeds and gives no decision for anything else. Late in a scope, it keeps other rules from locking out seeds.',
  kinds: ['DecideRule'],
  props: DECIDE_RULE_PROPS,
  load: async (): Promise<ComponentClass> => SeedAcceptDecideRule,
});

interface SeedAcceptConfig {
  readonly enabled: boolean;
}

/** Heritrix's SeedAcceptDecideRule: ACCEPT for seeds (never anything else), so that later rules cannot lock them out. */
export class SeedAcceptDecideRule extends PredicatedDecideRule {
  constructor(config: SeedAcceptConfig) {
    super({ ...config, decision: 'ACCEPT' });
  }

  protected evaluate(curi: CrawlUri): boolean {
    return curi.isSeed;
  }
}
