import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { validateRegexes } from './regex-issues.js';

export const urlFilterDecideRuleComponent = defineComponent({
  name: 'UrlFilterDecideRule',
  description:
    'SMILA\'s web crawler filters (`filters.urlPatterns.include`/`exclude`, `filters.maxCrawlDepth`) as one scope rule: it rejects a ' +
    'URI that matches none of `include` (when some are given), matches any of `exclude`, or lies more than `maxCrawlDepth` hops ' +
    'from its seed, and gives no decision otherwise, so it belongs late in a scope. Expressions see the normalised URI ' +
    '(absolute, scheme and host lower-cased, default port and fragment removed, path case kept) and must match all of it. ' +
    'Seeds (SMILA\'s start URL) and prerequisites (dns:, robots.txt) are never rejected by it.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    include: {
      type: 'array', items: { type: 'string' }, default: [],
      description: 'Regular expressions: when any is given, a URI must match at least one. Empty includes everything.',
      examples: [['http://wiki\\.eclipse\\.org/SMILA/.*']],
    },
    exclude: {
      type: 'array', items: { type: 'string' }, default: [],
      description: 'Regular expressions: a URI matching any one is rejected, whatever `include` says.',
      examples: [['.*/private/.*', '.*\\?.*sessionid=.*']],
    },
    maxCrawlDepth: {
      type: 'integer', default: -1, minimum: -1,
      description:
        'The most hops from a seed a URI may be (0: seeds only); redirects and prerequisites add none. -1 has no limit.',
    },
  },
  validate: validateRegexes('include', 'exclude'),
  load: async (): Promise<ComponentClass> => (await import('./url-filter-decide-rule.js')).UrlFilterDecideRule,
});
