import type { acceptDecideRuleComponent } from './constant-decide-rules.descriptor.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';

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
