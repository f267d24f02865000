import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';

export interface PredicatedRuleConfig {
  readonly enabled: boolean;
  readonly decision: 'ACCEPT' | 'REJECT';
}

/**
 * Heritrix's PredicatedDecideRule: answers its configured decision when `evaluate` holds, NONE
 * otherwise (and NONE when disabled). Its only possible decision lets a sequence skip it.
 */
export abstract class PredicatedDecideRule implements DecideRule {
  /** The bean id (set by the container): sheets address this rule as `<beanName>.enabled`. */
  beanName = '';

  constructor(readonly config: PredicatedRuleConfig) {}

  decisionFor(curi: CrawlUri): DecideResult {
    const config = curi.overlay ? curi.configFor(this.beanName, this.config) : this.config;
    if (!config.enabled || !this.evaluate(curi)) return DecideResult.NONE;
    return config.decision;
  }

  onlyDecision(): DecideResult {
    return this.config.decision;
  }

  protected abstract evaluate(curi: CrawlUri): boolean;
}
