import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.descriptor.js';

/** SurtPrefixedDecideRule's properties and references: its variants read their prefixes the same way. */
const { props, refs } = surtPrefixedDecideRuleComponent;
const SOURCES = 'Prefixes come from the seeds, from directive lines of the seed list and from `surtsSource`, as for SurtPrefixedDecideRule';

export const notSurtPrefixedDecideRuleComponent = defineComponent({
  name: 'NotSurtPrefixedDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.NotSurtPrefixedDecideRule'],
  description: `Gives its decision to URIs whose SURT form starts with none of its SURT prefixes (to every URI while it has none). ${SOURCES}.`,
  kinds: ['DecideRule'],
  props,
  refs,
  load: async (): Promise<ComponentClass> => (await import('./not-surt-prefixed-decide-rule.js')).NotSurtPrefixedDecideRule,
});

export const onHostsDecideRuleComponent = defineComponent({
  name: 'OnHostsDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.OnHostsDecideRule'],
  description:
    `Gives its decision to URIs on the hosts of its SURT prefixes: each prefix is cut to its host and port, whatever path it had, ` +
    `and a domain prefix is closed to that exact host (\`http://(org,example,\` covers example.org, not www.example.org). ${SOURCES}.`,
  kinds: ['DecideRule'],
  props,
  refs,
  load: async (): Promise<ComponentClass> => (await import('./on-hosts-decide-rule.js')).OnHostsDecideRule,
});

export const notOnHostsDecideRuleComponent = defineComponent({
  name: 'NotOnHostsDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.NotOnHostsDecideRule'],
  description: `Gives its decision to URIs on none of the hosts OnHostsDecideRule would derive from its SURT prefixes. ${SOURCES}.`,
  kinds: ['DecideRule'],
  props,
  refs,
  load: async (): Promise<ComponentClass> => (await import('./on-hosts-decide-rule.js')).NotOnHostsDecideRule,
});

export const onDomainsDecideRuleComponent = defineComponent({
  name: 'OnDomainsDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.OnDomainsDecideRule'],
  description:
    `Gives its decision to URIs on the domains of its SURT prefixes, subdomains included: each prefix loses its path and ` +
    `closing \`)\`, then a last \`www,\` label (a seed \`http://www.example.org/a/\` covers every host under example.org). ${SOURCES}.`,
  kinds: ['DecideRule'],
  props,
  refs,
  load: async (): Promise<ComponentClass> => (await import('./on-domains-decide-rule.js')).OnDomainsDecideRule,
});

export const notOnDomainsDecideRuleComponent = defineComponent({
  name: 'NotOnDomainsDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.NotOnDomainsDecideRule'],
  description: `Gives its decision to URIs on none of the domains OnDomainsDecideRule would derive from its SURT prefixes. ${SOURCES}.`,
  kinds: ['DecideRule'],
  props,
  refs,
  load: async (): Promise<ComponentClass> => (await import('./on-domains-decide-rule.js')).NotOnDomainsDecideRule,
});

export const viaSurtPrefixedDecideRuleComponent = defineComponent({
  name: 'ViaSurtPrefixedDecideRule',
  aliases: ['org.archive.modules.deciderules.ViaSurtPrefixedDecideRule'],
  description: 'Gives its decision to URIs found on a page (their via) whose SURT form, https read as http, starts with one of `surtPrefixes`.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    surtPrefixes: {
      type: 'array', items: { type: 'string' }, default: [],
      description:
        'SURT prefixes (`http://(org,example,`), taken literally and lower-cased when they hold a `(`; any other entry is a URL or ' +
        'host whose implied prefix is used (`example.org` covers its subdomains); a leading `+`, as in seed lists, is ignored. ' +
        'Heritrix requires it; empty matches nothing.',
      examples: [['http://(org,example,', 'http://www.example.com/news/']],
    },
  },
  load: async (): Promise<ComponentClass> => (await import('./via-surt-prefixed-decide-rule.js')).ViaSurtPrefixedDecideRule,
});
