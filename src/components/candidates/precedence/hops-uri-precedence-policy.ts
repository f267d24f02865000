import { defineComponent, type ComponentClass, type ConfigOf } from '../../../beans/registry/component-descriptor.js';
import { Configurable } from '../../../model/configurable.js';
import type { CrawlUri } from '../../../model/crawl-uri.js';
import type { UriPrecedencePolicy } from '../../../model/precedence-policies.js';

export const hopsUriPrecedencePolicyComponent = defineComponent({
  name: 'HopsUriPrecedencePolicy',
  aliases: ['org.archive.crawler.frontier.precedence.HopsUriPrecedencePolicy'],
  description:
    'A URI\'s precedence within its queue is basePrecedence plus its hops from the seed: its link hops (`L`) only, ' +
    'or every hop: nearer URIs go first.',
  kinds: ['UriPrecedencePolicy'],
  props: {
    basePrecedence: { type: 'integer', default: 1, overlayable: true, description: 'Added to the hop count.' },
    navlinksOnly: { type: 'boolean', default: true, overlayable: true, description: 'Count only link hops (`L`); false counts every hop of the ' +
      'URI\'s path from its seed.' },
  },
  load: async (): Promise<ComponentClass> => HopsUriPrecedencePolicy,
});

/** Heritrix's HopsUriPrecedencePolicy. */
export class HopsUriPrecedencePolicy extends Configurable<typeof hopsUriPrecedencePolicyComponent> implements UriPrecedencePolicy {
  constructor(config: ConfigOf<typeof hopsUriPrecedencePolicyComponent>) {
    super(config);
  }

  uriScheduled(curi: CrawlUri): void {
    const { basePrecedence, navlinksOnly } = this.configFor(curi);
    curi.precedence = basePrecedence + (navlinksOnly ? linkHops(curi.hopsPath) : curi.hopsPath.length);
  }
}

/** Heritrix's CrawlURI.getLinkHopCount: the `L` hops of a path. */
function linkHops(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 76 /* L */) n++;
  return n;
}
