import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { SOURCES, SURT_RULE_PROPS, SURT_RULE_REFS } from './surt-variant-decide-rules-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.js';
import { SurtPrefixedDecideRule } from './surt-prefixed-decide-rule.js';

export const onHostsDecideRuleComponent = defineComponent({
  name: 'OnHostsDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.OnHostsDecideRule'],
  description:
    `Gives its decision to URIs on the hosts of its SURT prefixes: each prefix is cut to its host and port, whatever path it had, ` +
    `and a domain prefix is closed to that exact host (\`http://(org,example,\` covers example.org, not www.example.org). ${SOURCES}.`,
  kinds: ['DecideRule'],
  props: SURT_RULE_PROPS,
  refs: SURT_RULE_REFS,
  load: async (): Promise<ComponentClass> => OnHostsDecideRule,
});

export const notOnHostsDecideRuleComponent = defineComponent({
  name: 'NotOnHostsDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.NotOnHostsDecideRule'],
  description: `Gives its decision to URIs on none of the hosts OnHostsDecideRule would derive from its SURT prefixes. ${SOURCES}.`,
  kinds: ['DecideRule'],
  props: SURT_RULE_PROPS,
  refs: SURT_RULE_REFS,
  load: async (): Promise<ComponentClass> => NotOnHostsDecideRule,
});

/**
 * Heritrix's SurtPrefixSet.convertPrefixToHost: a prefix reduced to exactly its host (and port):
 * the path after `)` goes, and an open domain prefix is closed (`http://(org,example,` →
 * `http://(org,example,)`).
 */
export function hostPrefixOf(prefix: string): string {
  if (prefix.endsWith(')')) return prefix;
  const close = prefix.indexOf(')');
  if (close >= 0) return prefix.slice(0, close + 1);
  return (prefix.endsWith(',') ? prefix : prefix + ',') + ')';
}

/** Heritrix's OnHostsDecideRule: its decision for URIs on the hosts (exactly, any path) of its SURT prefixes. */
export class OnHostsDecideRule extends SurtPrefixedDecideRule {
  protected override convertPrefix(prefix: string): string {
    return hostPrefixOf(prefix);
  }
}

/** Heritrix's NotOnHostsDecideRule: its decision for URIs on none of those hosts. */
export class NotOnHostsDecideRule extends OnHostsDecideRule {
  protected override evaluate(curi: CrawlUri, c: ConfigOf<typeof surtPrefixedDecideRuleComponent>): boolean {
    return !super.evaluate(curi, c);
  }
}
