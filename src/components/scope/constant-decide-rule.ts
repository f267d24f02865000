import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';

interface RuleConfig {
  readonly enabled: boolean;
}

/** A rule that always gives one decision, or NONE when disabled. */
abstract class ConstantDecideRule implements DecideRule {
  protected abstract readonly decision: DecideResult;

  constructor(readonly config: RuleConfig) {}

  decisionFor(): DecideResult {
    return this.config.enabled ? this.decision : DecideResult.NONE;
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
