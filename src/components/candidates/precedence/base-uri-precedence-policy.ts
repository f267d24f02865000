import { defineComponent, type ComponentClass, type ConfigOf } from '../../../beans/registry/component-descriptor.js';
import { Configurable } from '../../../model/configurable.js';
import type { CrawlUri } from '../../../model/crawl-uri.js';
import type { UriPrecedencePolicy } from '../../../model/precedence-policies.js';

export const baseUriPrecedencePolicyComponent = defineComponent({
  name: 'BaseUriPrecedencePolicy',
  aliases: ['org.archive.crawler.frontier.precedence.BaseUriPrecedencePolicy'],
  description: 'Every URI gets the same precedence within its queue (basePrecedence): a sheet raising or lowering it for some URIs moves them ' +
    'after or before the rest.',
  kinds: ['UriPrecedencePolicy'],
  props: {
    basePrecedence: { type: 'integer', default: 1, overlayable: true, description: 'The precedence given to each URI (lower goes first within its queue).' },
  },
  load: async (): Promise<ComponentClass> => BaseUriPrecedencePolicy,
});

export type BaseUriPrecedenceConfig = ConfigOf<typeof baseUriPrecedencePolicyComponent>;

/** Heritrix's BaseUriPrecedencePolicy. */
export class BaseUriPrecedencePolicy extends Configurable<typeof baseUriPrecedencePolicyComponent> implements UriPrecedencePolicy {
  constructor(config: BaseUriPrecedenceConfig = { basePrecedence: 1 }) {
    super(config);
  }

  uriScheduled(curi: CrawlUri): void {
    curi.precedence = this.configFor(curi).basePrecedence;
  }
}
