import { defineComponent, type ComponentClass, type ConfigOf } from '../../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../../model/crawl-uri.js';
import type { UriPrecedencePolicy } from '../../../model/precedence-policies.js';
import { BaseUriPrecedencePolicy } from './base-uri-precedence-policy.js';

const NO_PRELOAD = 'no precalculated precedences are kept here (Heritrix reads them from its URI-history database, written by an offline tool): ' +
  'every URI takes its precedence from defaultUriPrecedencePolicy';

export const preloadedUriPrecedencePolicyComponent = defineComponent({
  name: 'PreloadedUriPrecedencePolicy',
  aliases: ['org.archive.crawler.frontier.precedence.PreloadedUriPrecedencePolicy'],
  description:
    'Heritrix: basePrecedence plus a precedence precalculated for each URI and stored in the URI-history database, ' +
    'defaultUriPrecedencePolicy for a URI without one. Accepted so that Heritrix bean files load; ' + NO_PRELOAD + '.',
  kinds: ['UriPrecedencePolicy'],
  props: {
    basePrecedence: { type: 'integer', default: 1, ignored: NO_PRELOAD, description: 'Heritrix: added to a preloaded precedence. Ignored: ' +
      '' + NO_PRELOAD + '.' },
  },
  refs: {
    defaultUriPrecedencePolicy: {
      kind: 'UriPrecedencePolicy',
      description: 'The policy for URIs without a preloaded precedence (here: every URI); without one, a BaseUriPrecedencePolicy (precedence 1).',
    },
  },
  load: async (): Promise<ComponentClass> => PreloadedUriPrecedencePolicy,
});

/** Heritrix's PreloadedUriPrecedencePolicy, without preloaded values: its default policy decides. */
export class PreloadedUriPrecedencePolicy implements UriPrecedencePolicy {
  readonly #fallback: UriPrecedencePolicy;

  constructor(config: ConfigOf<typeof preloadedUriPrecedencePolicyComponent>) {
    this.#fallback = config.defaultUriPrecedencePolicy ?? new BaseUriPrecedencePolicy();
  }

  uriScheduled(curi: CrawlUri): void {
    this.#fallback.uriScheduled(curi);
  }
}
