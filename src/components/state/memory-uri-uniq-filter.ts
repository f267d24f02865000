import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import type { UriUniqFilter } from '../../model/frontier.js';
import { FingerprintSet } from '../../util/fingerprint-set.js';

export const memoryUriUniqFilterComponent = defineComponent({
  name: 'MemoryUriUniqFilter',
  aliases: ['BloomUriUniqFilter', 'org.archive.crawler.util.BloomUriUniqFilter'],
  description:
    '"Seen before?" by canonical key, in memory only: 53-bit fingerprints packed (Rice-coded gaps: about 5 bytes a ' +
    'URI at 5 million, 4.5 at 50 million). Two different keys share a fingerprint with probability about n²/2^54: below one in 18,000 for a million ' +
    'URIs, about even odds of one such collision for a hundred million (that URI is then wrongly taken as seen). Nothing survives the process.',
  kinds: ['UriUniqFilter'],
  props: {},
  load: async (): Promise<ComponentClass> => MemoryUriUniqFilter,
});

/** Canonical keys seen, as fingerprints in memory. */
export class MemoryUriUniqFilter implements UriUniqFilter {
  protected readonly seen = new FingerprintSet();

  constructor(readonly config: object = {}) {}

  add(key: string): boolean {
    return this.seen.add(key);
  }

  get count(): number {
    return this.seen.size;
  }
}
