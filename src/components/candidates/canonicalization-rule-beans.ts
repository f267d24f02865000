import { defineComponent, type ComponentClass, type PropSpec, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { CanonicalizationRule } from '../../model/uri-policies.js';
import { FixupQueryString } from '../../util/url/canonicalize/fixup-query-string.js';
import { LowercaseRule } from '../../util/url/canonicalize/lowercase-rule.js';
import { StripSessionCfids } from '../../util/url/canonicalize/strip-session-cfids.js';
import { StripSessionIds } from '../../util/url/canonicalize/strip-session-ids.js';
import { StripUserinfoRule } from '../../util/url/canonicalize/strip-userinfo-rule.js';
import { StripWwwnRule } from '../../util/url/canonicalize/strip-wwwn-rule.js';

/** What every canonicalization rule has (Heritrix's BaseRule). */
const RULE_PROPS = {
  enabled: { type: 'boolean', default: true, overlayable: true, description: 'A disabled rule is skipped.' },
} as const satisfies Record<string, PropSpec>;

const PACKAGE = 'org.archive.modules.canonicalize.';

export const lowercaseRuleComponent = defineComponent({
  name: 'LowercaseRule',
  aliases: [`${PACKAGE}LowercaseRule`],
  description: 'Uniqueness key: lower-cases the whole URI, path and query included.',
  kinds: ['CanonicalizationRule'],
  props: RULE_PROPS,
  load: async (): Promise<ComponentClass> => LowercaseRuleBean,
});

export const stripUserinfoRuleComponent = defineComponent({
  name: 'StripUserinfoRule',
  aliases: [`${PACKAGE}StripUserinfoRule`],
  description: 'Uniqueness key: removes `user:password@` from http(s) and ftp(s) URIs.',
  kinds: ['CanonicalizationRule'],
  props: RULE_PROPS,
  load: async (): Promise<ComponentClass> => StripUserinfoRuleBean,
});

export const stripWwwnRuleComponent = defineComponent({
  name: 'StripWwwnRule',
  aliases: ['StripWWWNRule', `${PACKAGE}StripWWWNRule`],
  description: 'Uniqueness key: removes a leading `www.` or `wwwN.` host label (root pages keep it).',
  kinds: ['CanonicalizationRule'],
  props: RULE_PROPS,
  load: async (): Promise<ComponentClass> => StripWwwnRuleBean,
});

export const stripSessionIdsComponent = defineComponent({
  name: 'StripSessionIds',
  aliases: ['StripSessionIDs', `${PACKAGE}StripSessionIDs`],
  description: 'Uniqueness key: removes jsessionid, phpsessid, sid and ASPSESSIONID session ids.',
  kinds: ['CanonicalizationRule'],
  props: RULE_PROPS,
  load: async (): Promise<ComponentClass> => StripSessionIdsBean,
});

export const stripSessionCfidsComponent = defineComponent({
  name: 'StripSessionCfids',
  aliases: ['StripSessionCFIDs', `${PACKAGE}StripSessionCFIDs`],
  description: 'Uniqueness key: removes ColdFusion `CFID=…&CFTOKEN=…` session ids.',
  kinds: ['CanonicalizationRule'],
  props: RULE_PROPS,
  load: async (): Promise<ComponentClass> => StripSessionCfidsBean,
});

export const fixupQueryStringComponent = defineComponent({
  name: 'FixupQueryString',
  aliases: [`${PACKAGE}FixupQueryString`],
  description: 'Uniqueness key: tidies the query after the other rules (a trailing `?` or `&`, `?&`).',
  kinds: ['CanonicalizationRule'],
  props: RULE_PROPS,
  load: async (): Promise<ComponentClass> => FixupQueryStringBean,
});

export const CANONICALIZATION_RULE_COMPONENTS = [
  lowercaseRuleComponent,
  stripUserinfoRuleComponent,
  stripWwwnRuleComponent,
  stripSessionIdsComponent,
  stripSessionCfidsComponent,
  fixupQueryStringComponent,
];

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
