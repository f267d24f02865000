import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { SOURCES, SURT_RULE_PROPS, SURT_RULE_REFS } from './surt-variant-decide-rules-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.js';
import { SurtPrefixedDecideRule } from './surt-prefixed-decide-rule.js';

export const onDomainsDecideRuleComponent = defineComponent({
  name: 'OnDomainsDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.OnDomainsDecideRule'],
  description:
    `Gives its decision to URIs on the domains of its SURT prefixes, subdomains included: each prefix loses its path and ` +
    `closing \`)\`, then a last \`www,\` label (a seed \`http://www.example.org/a/\` covers every host under example.org). ${SOURCES}.`,
  kinds: ['DecideRule'],
  props: SURT_RULE_PROPS,
  refs: SURT_RULE_REFS,
  load: async (): Promise<ComponentClass> => OnDomainsDecideRule,
});

export const notOnDomainsDecideRuleComponent = defineComponent({
  name: 'NotOnDomainsDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.NotOnDomainsDecideRule'],
  description: `Gives its decision to URIs on none of the domains OnDomainsDecideRule would derive from its SURT prefixes. ${SOURCES}.`,
  kinds: ['DecideRule'],
  props: SURT_RULE_PROPS,
  refs: SURT_RULE_REFS,
  load: async (): Promise<ComponentClass> => NotOnDomainsDecideRule,
});

/**
 * Heritrix's SurtPrefixSet.convertPrefixToDomain: a prefix opened to its host's subdomains:
 * everything from `)` goes, then a last `www,` label (`http://(org,example,www,)/a/` →
 * `http://(org,example,`).
 */
export function domainPrefixOf(prefix: string): string {
  const close = prefix.indexOf(')');
  const open = close >= 0 ? prefix.slice(0, close) : prefix;
  return open.endsWith('www,') ? open.slice(0, -4) : open;
}

/** Heritrix's OnDomainsDecideRule: its decision for URIs on the domains (subdomains included) of its SURT prefixes. */
export class OnDomainsDecideRule extends SurtPrefixedDecideRule {
  protected override convertPrefix(prefix: string): string {
    return domainPrefixOf(prefix);
  }
}

/** Heritrix's NotOnDomainsDecideRule: its decision for URIs on none of those domains. */
export class NotOnDomainsDecideRule extends OnDomainsDecideRule {
  protected override evaluate(curi: CrawlUri, c: ConfigOf<typeof surtPrefixedDecideRuleComponent>): boolean {
    return !super.evaluate(curi, c);
  }
}
