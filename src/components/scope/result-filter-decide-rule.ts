import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { orderedIssues } from '../../beans/registry/ordered-properties.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import { wildcardRegex } from './wildcard-regex.js';

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
      description: 'Wildcards matched against the resource name: the last segment of the URI\'s path, percent-decoded (`*.pdf`, ' +
        '`report-????.html`); a path ending in `/` has the name "".',
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
      description: 'Only documents whose Last-Modified header is at most this many days old; one without a readable Last-Modified fails. -1 does ' +
        'not look at dates.',
    },
  },
  validate: (bean) => orderedIssues(bean, { property: 'contentLengthMin', off: [-1] }, { property: 'contentLengthMax', off: [-1] }, 'no document could pass'),
  load: async (): Promise<ComponentClass> => ResultFilterDecideRule,
});

const DAY_MS = 86_400_000;

/** The last segment of a URI's path, percent-decoded (`/docs/Annual%20Report.pdf` → `Annual Report.pdf`; '' for `/docs/`). */
export function resourceNameOf(uri: string): string {
  const start = uri.indexOf('://');
  const pathStart = start < 0 ? -1 : uri.indexOf('/', start + 3);
  if (pathStart < 0) return '';
  const end = uri.slice(pathStart).search(/[?#]/);
  const path = end < 0 ? uri.slice(pathStart) : uri.slice(pathStart, pathStart + end);
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * SAP xcrawler's result filters: ACCEPT when the URI passes every configured filter, REJECT
 * otherwise. Within one filter any pattern may match; a filter left empty (or -1) is not applied.
 */
export class ResultFilterDecideRule extends Configurable<typeof resultFilterDecideRuleComponent> implements DecideRule {
  readonly #mimeTypes: readonly RegExp[];
  readonly #names: readonly RegExp[];
  readonly #urls: readonly RegExp[];

  constructor(config: ConfigOf<typeof resultFilterDecideRuleComponent>) {
    super(config);
    this.#mimeTypes = config.mimeTypes.map((p) => wildcardRegex(p.trim(), true));
    this.#names = config.names.map((p) => wildcardRegex(p, config.ignoreCase));
    this.#urls = config.urls.map((p) => wildcardRegex(p, config.ignoreCase));
  }

  decisionFor(curi: CrawlUri): DecideResult {
    if (!this.configFor(curi).enabled) return DecideResult.NONE;
    return this.passes(curi) ? DecideResult.ACCEPT : DecideResult.REJECT;
  }

  /** Every configured filter passes. */
  passes(curi: CrawlUri): boolean {
    return this.#lengthPasses(curi) && anyMatches(this.#mimeTypes, () => curi.mimeType) &&
      anyMatches(this.#names, () => resourceNameOf(curi.uri)) && anyMatches(this.#urls, () => curi.uri) && this.#modifiedPasses(curi);
  }

  #lengthPasses(curi: CrawlUri): boolean {
    const { contentLengthMin: min, contentLengthMax: max } = this.config;
    if (min < 0 && max < 0) return true;
    const size = curi.contentSize;
    return size >= 0 && (min < 0 || size >= min) && (max < 0 || size <= max);
  }

  /** Last-Modified no older than `modifiedWithinDays` days; a response without a readable one fails. */
  #modifiedPasses(curi: CrawlUri): boolean {
    const days = this.config.modifiedWithinDays;
    if (days < 0) return true;
    const header = curi.response?.headers['last-modified'];
    const modified = header === undefined ? NaN : Date.parse(header);
    return !Number.isNaN(modified) && modified >= Date.now() - days * DAY_MS;
  }
}

function anyMatches(patterns: readonly RegExp[], subject: () => string): boolean {
  if (patterns.length === 0) return true;
  const s = subject();
  return patterns.some((p) => p.test(s));
}
