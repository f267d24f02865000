import { isIP } from 'node:net';
import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

/** Heritrix's Long.MAX_VALUE defaults, as the largest integer a bean file's number holds exactly. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;
const BODY = 'the body\'s length in bytes as received (before content decoding, as crawl.log\'s size column)';

export const contentLengthDecideRuleComponent = defineComponent({
  name: 'ContentLengthDecideRule',
  aliases: ['org.archive.modules.deciderules.ContentLengthDecideRule'],
  description: `Accepts URIs when ${BODY} is below \`contentLengthThreshold\` and rejects the others; a URI not fetched counts 0 bytes. Typically a processor's \`shouldProcessRule\`.`,
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    contentLengthThreshold: {
      type: 'integer', default: NO_LIMIT, minimum: 0, overlayable: true,
      description: `Bodies of this many bytes or more are rejected. The default (${NO_LIMIT}, for Heritrix's 2^63) accepts everything.`,
    },
  },
  load: async (): Promise<ComponentClass> => (await import('./content-length-decide-rule.js')).ContentLengthDecideRule,
});

export const responseContentLengthDecideRuleComponent = defineComponent({
  name: 'ResponseContentLengthDecideRule',
  aliases: ['org.archive.modules.deciderules.ResponseContentLengthDecideRule'],
  description: `Gives its decision to fetched URIs when ${BODY} lies between \`lowerBound\` and \`upperBound\`, both included; NONE before a fetch.`,
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    lowerBound: { type: 'integer', default: 0, minimum: 0, overlayable: true, description: 'The fewest bytes a body may have for the rule to apply.' },
    upperBound: { type: 'integer', default: NO_LIMIT, minimum: 0, overlayable: true, description: `The most bytes a body may have for the rule to apply; the default (${NO_LIMIT}) has no limit.` },
  },
  validate: (bean) =>
    (bean.config.lowerBound as number) > (bean.config.upperBound as number)
      ? [{ property: 'lowerBound', message: `lowerBound ${String(bean.config.lowerBound)} is above upperBound ${String(bean.config.upperBound)}: the rule could never apply` }]
      : [],
  load: async (): Promise<ComponentClass> => (await import('./response-content-length-decide-rule.js')).ResponseContentLengthDecideRule,
});

export const fetchStatusDecideRuleComponent = defineComponent({
  name: 'FetchStatusDecideRule',
  aliases: ['org.archive.modules.deciderules.FetchStatusDecideRule'],
  description: 'Gives its decision to URIs whose fetch status (an HTTP code, 1 for DNS, or a negative Heritrix code such as -9998) is one of `statusCodes`.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    statusCodes: {
      type: 'array', items: { type: 'integer' }, default: [],
      description: 'The statuses the rule applies to; empty matches nothing.',
      examples: [[404, 410], [-9998]],
    },
  },
  load: async (): Promise<ComponentClass> => (await import('./fetch-status-decide-rule.js')).FetchStatusDecideRule,
});

export const ipAddressSetDecideRuleComponent = defineComponent({
  name: 'IpAddressSetDecideRule',
  aliases: ['org.archive.modules.deciderules.IpAddressSetDecideRule'],
  description:
    'Gives its decision to URIs whose host\'s address is one of `ipAddresses`: the address a fetch connected to, else the one DNS ' +
    'gave (serverCache), else the host itself when written as an address. A host not looked up yet has no address, so in a scope ' +
    'the rule mostly sees URIs of hosts already visited (Heritrix advises `preselector.recheckScope=true`). dns: URIs never match.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    ipAddresses: {
      type: 'array', items: { type: 'string' }, default: [],
      description: 'Addresses as written by the resolver: dotted IPv4 (`127.0.0.1`), compressed IPv6 (`::1`).',
      examples: [['127.0.0.1', '10.0.0.8']],
    },
  },
  refs: {
    serverCache: { kind: 'ServerCache', autowire: true, required: true, description: 'Where the addresses DNS gave are kept.' },
  },
  validate: (bean) => {
    const list = Array.isArray(bean.config.ipAddresses) ? (bean.config.ipAddresses as unknown[]) : [];
    return list.flatMap((a, i) => (isIpAddress(String(a)) ? [] : [{ property: 'ipAddresses', message: `ipAddresses[${i}] "${String(a)}" is not an IP address` }]));
  },
  load: async (): Promise<ComponentClass> => (await import('./ip-address-set-decide-rule.js')).IpAddressSetDecideRule,
});

/** An IPv4 or IPv6 address, brackets allowed. */
function isIpAddress(s: string): boolean {
  return isIP(s.trim().replace(/^\[(.*)\]$/, '$1')) !== 0;
}
