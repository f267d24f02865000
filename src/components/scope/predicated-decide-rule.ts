import type { ComponentDescriptor, ConfigOf } from '../../beans/registry/component-descriptor.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';

export interface PredicatedRuleConfig {
  readonly enabled: boolean;
  readonly decision: 'ACCEPT' | 'REJECT';
}

/**
 * Heritrix's PredicatedDecideRule: answers its configured decision when `evaluate` holds, NONE
 * otherwise (and NONE when disabled). `evaluate` gets the URI's view of the configuration, so
 * a sheet's value is the one tested. Its only possible decision lets a sequence skip it.
 */
export abstract class PredicatedDecideRule<D extends ComponentDescriptor = ComponentDescriptor> extends Configurable<D> implements DecideRule {
  decisionFor(curi: CrawlUri): DecideResult {
    const c = this.configFor(curi);
    const { enabled, decision } = c as PredicatedRuleConfig;
    if (!enabled || !this.evaluate(curi, c)) return DecideResult.NONE;
    return decision;
  }

  onlyDecision(curi: CrawlUri): DecideResult {
    return (this.configFor(curi) as PredicatedRuleConfig).decision;
  }

  protected abstract evaluate(curi: CrawlUri, c: ConfigOf<D>): boolean;
}
