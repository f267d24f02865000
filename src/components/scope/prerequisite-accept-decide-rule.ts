import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import type { prerequisiteAcceptDecideRuleComponent } from './prerequisite-accept-decide-rule.descriptor.js';

/** Heritrix's PrerequisiteAcceptDecideRule: ACCEPT when the last hop is P, else NONE. */
export class PrerequisiteAcceptDecideRule implements DecideRule {
  /** The bean id (set by the container), for sheets. */
  beanName = '';

  constructor(readonly config: ConfigOf<typeof prerequisiteAcceptDecideRuleComponent>) {}

  decisionFor(curi: CrawlUri): DecideResult {
    return (curi.overlay ? curi.configFor(this.beanName, this.config).enabled : this.config.enabled) && curi.isPrerequisite ? DecideResult.ACCEPT : DecideResult.NONE;
  }

  onlyDecision(): DecideResult {
    return DecideResult.ACCEPT;
  }
}
