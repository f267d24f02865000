import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const resultFilterDecideRuleComponent = defineComponent({
  name: 'ResultFilterDecideRule',
  description:
    'SAP xcrawler\'s result filters ("Resource Filters (Result)"): meant as the `shouldProcessRule` of a writer or receiver, it decides ' +
    'which fetched documents reach the outputs without narrowing the crawl (links are still followed; for scope use the ' +
    'scope\'s rules). It accepts a URI that passes every filter configured and rejects the others. A filter left empty (or -1) ' +
    'is not applied; within one filter, any pattern may match. Wildcards: `*` any run of characters, `?` one character.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    contentLengthMin: {
      type: 'integer', default: -1, minimum: -1,
      description: 'The fewest body bytes (as received) a document may have; -1 sets no minimum. A URI not fetched fails any length bound.',
    },
    contentLengthMax: { type: 'integer', default: -1, minimum: -1, description: 'The most body bytes (as received) a document may have; -1 sets no maximum.' },
    mimeTypes: {
      type: 'array', items: { type: 'string' }, default: [],
      description: 'Wildcards matched, in any case, against the MIME type of the Content-Type without its parameters (`text/*`, `application/pdf`).',
      examples: [['text/*', 'application/pdf']],
    },
    names: {
      type: 'array', items: { type: 'string' }, default: [],
      description: 'Wildcards matched against the resource name: the last segment of the URI\'s path, percent-decoded (`*.pdf`, `report-????.html`); a path ending in `/` has the name "".',
      examples: [['*.pdf', '*.doc?']],
    },
    urls: {
      type: 'array', items: { type: 'string' }, default: [],
      description: 'Wildcards matched against the whole URI (`https://www.example.org/docs/*`).',
      examples: [['http://*.example.org/*']],
    },
    ignoreCase: { type: 'boolean', default: true, description: 'Match `names` and `urls` in any case (MIME types always are).' },
    modifiedWithinDays: {
      type: 'integer', default: -1, minimum: -1,
      description: 'Only documents whose Last-Modified header is at most this many days old; one without a readable Last-Modified fails. -1 does not look at dates.',
    },
  },
  validate: (bean) => {
    const min = bean.config.contentLengthMin as number;
    const max = bean.config.contentLengthMax as number;
    return min >= 0 && max >= 0 && min > max
      ? [{ property: 'contentLengthMin', message: `contentLengthMin ${min} is above contentLengthMax ${max}: no document could pass` }]
      : [];
  },
  load: async (): Promise<ComponentClass> => (await import('./result-filter-decide-rule.js')).ResultFilterDecideRule,
});
