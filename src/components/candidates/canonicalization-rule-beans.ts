import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { CanonicalizationRule } from '../../model/uri-policies.js';
import { FixupQueryString } from '../../util/url/canonicalize/fixup-query-string.js';
import { LowercaseRule } from '../../util/url/canonicalize/lowercase-rule.js';
import { StripSessionCfids } from '../../util/url/canonicalize/strip-session-cfids.js';
import { StripSessionIds } from '../../util/url/canonicalize/strip-session-ids.js';
import { StripUserinfoRule } from '../../util/url/canonicalize/strip-userinfo-rule.js';
import { StripWwwnRule } from '../../util/url/canonicalize/strip-wwwn-rule.js';
import type { lowercaseRuleComponent } from './canonicalization-rules.descriptor.js';

/** What the URL library's rules do: rewrite a URI into (part of) its uniqueness key. */
interface Rewrite {
  canonicalize(uri: string): string;
}

/**
 * A canonicalization rule as a bean (Heritrix's BaseRule): the URL library's rule, switched on or
 * off per URI by `enabled`, which a sheet may set for some sites.
 */
export abstract class CanonicalizationRuleBean extends Configurable<typeof lowercaseRuleComponent> implements CanonicalizationRule {
  protected abstract readonly rule: Rewrite;

  enabledFor(curi: CrawlUri): boolean {
    return this.configFor(curi).enabled;
  }

  canonicalize(uri: string): string {
    return this.rule.canonicalize(uri);
  }
}

type RuleConfig = ConfigOf<typeof lowercaseRuleComponent>;

export class LowercaseRuleBean extends CanonicalizationRuleBean {
  protected readonly rule = new LowercaseRule();
}

export class StripUserinfoRuleBean extends CanonicalizationRuleBean {
  protected readonly rule = new StripUserinfoRule();
}

export class StripWwwnRuleBean extends CanonicalizationRuleBean {
  protected readonly rule = new StripWwwnRule();
}

export class StripSessionIdsBean extends CanonicalizationRuleBean {
  protected readonly rule = new StripSessionIds();
}

export class StripSessionCfidsBean extends CanonicalizationRuleBean {
  protected readonly rule = new StripSessionCfids();
}

export class FixupQueryStringBean extends CanonicalizationRuleBean {
  protected readonly rule = new FixupQueryString();
}

/** Heritrix's six default rules, each on, for a policy given none. */
export function defaultRuleBeans(): CanonicalizationRuleBean[] {
  const on: RuleConfig = { enabled: true };
  return [new LowercaseRuleBean(on), new StripUserinfoRuleBean(on), new StripWwwnRuleBean(on), new StripSessionIdsBean(on), new StripSessionCfidsBean(on), new FixupQueryStringBean(on)];
}
