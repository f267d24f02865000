import { Configurable } from '../../model/configurable.js';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import type { prerequisiteAcceptDecideRuleComponent } from './prerequisite-accept-decide-rule.descriptor.js';

/** Heritrix's PrerequisiteAcceptDecideRule: ACCEPT when the last hop is P, else NONE. */
export class PrerequisiteAcceptDecideRule extends Configurable<typeof prerequisiteAcceptDecideRuleComponent> implements DecideRule {
  decisionFor(curi: CrawlUri): DecideResult {
    return curi.isPrerequisite && this.configFor(curi).enabled ? DecideResult.ACCEPT : DecideResult.NONE;
  }

  onlyDecision(): DecideResult {
    return DecideResult.ACCEPT;
  }
}
