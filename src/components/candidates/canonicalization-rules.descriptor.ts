import { defineComponent, type ComponentClass, type PropSpec } from '../../beans/registry/component-descriptor.js';

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
  load: async (): Promise<ComponentClass> => (await import('./canonicalization-rule-beans.js')).LowercaseRuleBean,
});

export const stripUserinfoRuleComponent = defineComponent({
  name: 'StripUserinfoRule',
  aliases: [`${PACKAGE}StripUserinfoRule`],
  description: 'Uniqueness key: removes `user:password@` from http(s) and ftp(s) URIs.',
  kinds: ['CanonicalizationRule'],
  props: RULE_PROPS,
  load: async (): Promise<ComponentClass> => (await import('./canonicalization-rule-beans.js')).StripUserinfoRuleBean,
});

export const stripWwwnRuleComponent = defineComponent({
  name: 'StripWwwnRule',
  aliases: ['StripWWWNRule', `${PACKAGE}StripWWWNRule`],
  description: 'Uniqueness key: removes a leading `www.` or `wwwN.` host label (root pages keep it).',
  kinds: ['CanonicalizationRule'],
  props: RULE_PROPS,
  load: async (): Promise<ComponentClass> => (await import('./canonicalization-rule-beans.js')).StripWwwnRuleBean,
});

export const stripSessionIdsComponent = defineComponent({
  name: 'StripSessionIds',
  aliases: ['StripSessionIDs', `${PACKAGE}StripSessionIDs`],
  description: 'Uniqueness key: removes jsessionid, phpsessid, sid and ASPSESSIONID session ids.',
  kinds: ['CanonicalizationRule'],
  props: RULE_PROPS,
  load: async (): Promise<ComponentClass> => (await import('./canonicalization-rule-beans.js')).StripSessionIdsBean,
});

export const stripSessionCfidsComponent = defineComponent({
  name: 'StripSessionCfids',
  aliases: ['StripSessionCFIDs', `${PACKAGE}StripSessionCFIDs`],
  description: 'Uniqueness key: removes ColdFusion `CFID=…&CFTOKEN=…` session ids.',
  kinds: ['CanonicalizationRule'],
  props: RULE_PROPS,
  load: async (): Promise<ComponentClass> => (await import('./canonicalization-rule-beans.js')).StripSessionCfidsBean,
});

export const fixupQueryStringComponent = defineComponent({
  name: 'FixupQueryString',
  aliases: [`${PACKAGE}FixupQueryString`],
  description: 'Uniqueness key: tidies the query after the other rules (a trailing `?` or `&`, `?&`).',
  kinds: ['CanonicalizationRule'],
  props: RULE_PROPS,
  load: async (): Promise<ComponentClass> => (await import('./canonicalization-rule-beans.js')).FixupQueryStringBean,
});

export const CANONICALIZATION_RULE_COMPONENTS = [
  lowercaseRuleComponent,
  stripUserinfoRuleComponent,
  stripWwwnRuleComponent,
  stripSessionIdsComponent,
  stripSessionCfidsComponent,
  fixupQueryStringComponent,
];
