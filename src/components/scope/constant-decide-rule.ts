import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';

interface RuleConfig {
  readonly enabled: boolean;
}

/** A rule that always gives one decision, or NONE when disabled. */
abstract class ConstantDecideRule implements DecideRule {
  protected abstract readonly decision: DecideResult;
  beanName = '';

  constructor(readonly config: RuleConfig) {}

  decisionFor(curi: CrawlUri): DecideResult {
    const enabled = curi.overlay ? curi.configFor(this.beanName, this.config).enabled : this.config.enabled;
    return enabled ? this.decision : DecideResult.NONE;
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
