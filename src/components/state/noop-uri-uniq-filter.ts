import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import type { UriUniqFilter } from '../../model/frontier.js';

export const noopUriUniqFilterComponent = defineComponent({
  name: 'NoopUriUniqFilter',
  aliases: ['org.archive.crawler.util.NoopUriUniqFilter'],
  description:
    'Heritrix\'s pass-through "seen before?" filter: every URI offered is taken as new, so a URI found twice is queued ' +
    'and fetched twice. For crawls that bound themselves otherwise (hops, a list of URIs); on a site with cycles it ' +
    'crawls without end unless a limit stops it.',
  kinds: ['UriUniqFilter'],
  props: {},
  load: async (): Promise<ComponentClass> => NoopUriUniqFilter,
});

/** Takes every key as new (Heritrix's NoopUriUniqFilter). */
export class NoopUriUniqFilter implements UriUniqFilter {
  #count = 0;

  constructor(readonly config: object = {}) {}

  add(_key: string): boolean {
    this.#count++;
    return true;
  }

  get count(): number {
    return this.#count;
  }
}
