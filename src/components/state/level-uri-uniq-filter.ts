import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { UriUniqFilter } from '../../model/frontier.js';
import type { StateSublevel } from '../../model/state-store.js';
import { FingerprintSet, fingerprint } from '../../util/fingerprint-set.js';

export const levelUriUniqFilterComponent = defineComponent({
  name: 'LevelUriUniqFilter',
  aliases: ['BdbUriUniqFilter', 'org.archive.crawler.util.BdbUriUniqFilter'],
  description:
    '"Seen before?" by canonical key: answered exactly from 53-bit fingerprints packed in memory (Rice-coded gaps: about ' +
    '5 bytes a URI at 5 million, 4.5 at 50 million); new ' +
    'fingerprints go to the state store with each commit, so a resumed run knows every URI it had seen. A new run starts it empty.',
  kinds: ['UriUniqFilter'],
  props: {
    batchSize: { type: 'integer', default: 10000, minimum: 1, description: 'At most this many fingerprints are packed into one stored record.' },
  },
  refs: {
    stateStore: { kind: 'StateStore', required: true, autowire: true, description: 'Where the keys are kept.' },
  },
  load: async (): Promise<ComponentClass> => LevelUriUniqFilter,
});

/**
 * Canonical keys as 53-bit fingerprints, in memory; the fingerprints added since the last commit
 * go into the state store with the next, packed into records of up to `batchSize` (8 bytes each),
 * so that a resumed crawl reloads a million of them from a hundred rows.
 */
export class LevelUriUniqFilter implements UriUniqFilter {
  readonly #seen = new FingerprintSet();
  #store?: StateSublevel;
  /** Fingerprints added since the last commit (the first #freshCount), kept out of the JS heap. */
  #fresh = new Float64Array(1024);
  #freshCount = 0;
  #records = 0;

  constructor(readonly config: ConfigOf<typeof levelUriUniqFilterComponent>) {}

  async start(): Promise<void> {
    if (this.#store) return;
    const store = (this.#store = this.config.stateStore.sublevel('uniq'));
    // A slice of records at a time, so that a large filter does not come into memory twice.
    for (let from = ''; ; ) {
      const rows = await store.range(from, '\uffff', 64);
      for (const [key, value] of rows) {
        const packed = Buffer.from(value, 'base64');
        const fps = new Float64Array(packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.length));
        for (const fp of fps) this.#seen.addFingerprint(fp);
        this.#records = Math.max(this.#records, parseInt(key, 36) + 1);
      }
      if (rows.length < 64) break;
      from = rows[rows.length - 1][0] + '\u0000';
    }
    this.config.stateStore.participate({ stage: () => this.#stage() });
  }

  add(key: string): boolean {
    const fp = fingerprint(key);
    if (!this.#seen.addFingerprint(fp)) return false;
    if (this.#freshCount === this.#fresh.length) {
      const grown = new Float64Array(this.#fresh.length * 2);
      grown.set(this.#fresh);
      this.#fresh = grown;
    }
    this.#fresh[this.#freshCount++] = fp;
    return true;
  }

  get count(): number {
    return this.#seen.size;
  }

  #stage(): void {
    const n = this.#freshCount;
    if (n === 0 || !this.#store) return;
    this.#freshCount = 0;
    const fresh = this.#fresh;
    for (let i = 0; i < n; i += this.config.batchSize) {
      const end = Math.min(n, i + this.config.batchSize);
      const packed = Buffer.from(fresh.buffer, i * 8, (end - i) * 8);
      this.#store.put((this.#records++).toString(36).padStart(8, '0'), packed.toString('base64'));
    }
    // A burst (a resumed crawl's seeds, bulk scheduling) does not keep its buffer.
    if (fresh.length > 65536) this.#fresh = new Float64Array(1024);
  }
}
