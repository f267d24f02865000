import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { UriUniqFilter } from '../../model/frontier.js';
import type { StateSublevel } from '../../model/state-store.js';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fingerprint } from '../../util/fingerprint-set.js';
import { removeLeftFiles } from '../../util/remove-left-files.js';
import { SPILL_FILE } from '../../util/spilled-fingerprints.js';
import { TieredFingerprints } from '../../util/tiered-fingerprints.js';

export const levelUriUniqFilterComponent = defineComponent({
  name: 'LevelUriUniqFilter',
  aliases: ['BdbUriUniqFilter', 'org.archive.crawler.util.BdbUriUniqFilter'],
  description:
    '"Seen before?" by canonical key: answered exactly from 53-bit fingerprints, the newest `maxFingerprintsInMemory` packed in ' +
    'memory (Rice-coded gaps: about 4.5 bytes a URI), the others in a spill file in `spillDir` (8 bytes a URI on disk, about 1 in ' +
    'memory for its Bloom filter and index; a URI the filter cannot rule out costs one read of 4 KiB). New fingerprints go to the ' +
    'state store with each commit, so a resumed run knows every URI it had seen (the spill file is made again from them). A new run ' +
    'starts it empty.',
  kinds: ['UriUniqFilter'],
  props: {
    batchSize: { type: 'integer', default: 10000, minimum: 1, description: 'At most this many fingerprints are packed into one stored record.' },
    maxFingerprintsInMemory: {
      type: 'integer', default: 4000000, minimum: 0,
      description: 'Fingerprints kept in memory (about 18 MB for 4 million); beyond, the older ones move to the spill file, ' +
        'in the background, and memory holds about a byte for each of them. 0: all stay in memory.',
    },
    spillDir: {
      type: 'string', default: 'scratch', path: true,
      description: 'The folder of the spill file (relative to the job folder). It is removed when the crawl stops; one a killed ' +
        'crawl left is removed when the next starts.',
    },
  },
  refs: {
    stateStore: { kind: 'StateStore', required: true, autowire: true, description: 'Where the keys are kept.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'alerts.log: a spill file that cannot be written.' },
  },
  load: async (): Promise<ComponentClass> => LevelUriUniqFilter,
});

/**
 * Canonical keys as 53-bit fingerprints, the newest in memory and the others in a spill file
 * (TieredFingerprints); the fingerprints added since the last commit go into the state store
 * with the next, packed into records of up to `batchSize` (8 bytes each), so that a resumed
 * crawl reloads a million of them from a hundred rows.
 */
export class LevelUriUniqFilter implements UriUniqFilter {
  readonly #seen: TieredFingerprints;
  #store?: StateSublevel;
  /** Fingerprints added since the last commit (the first #freshCount), kept out of the JS heap. */
  #fresh = new Float64Array(1024);
  #freshCount = 0;
  #records = 0;

  constructor(readonly config: ConfigOf<typeof levelUriUniqFilterComponent>) {
    // A job makes spillDir absolute (under the job folder); a filter made without one uses the system's temporary folder.
    const dir = isAbsolute(config.spillDir) ? config.spillDir : join(tmpdir(), 'beancrawl-scratch');
    this.#seen = new TieredFingerprints(config.maxFingerprintsInMemory, dir, (e) =>
      config.loggerModule?.alert?.('WARNING', `uniq filter: fingerprints can no longer move to its spill file in ${dir} (${e.message}); they stay ` +
        `in memory, which grows with every URI found`),
    );
  }

  async start(): Promise<void> {
    if (this.#store) return;
    // The folder is made at the first spill (most crawls never have one); a killed crawl's file goes now.
    if (isAbsolute(this.config.spillDir)) await removeLeftFiles(this.config.spillDir, SPILL_FILE);
    const store = (this.#store = this.config.stateStore.sublevel('uniq'));
    // A slice of records at a time, so that a large filter does not come into memory twice.
    for (let from = ''; ; ) {
      const rows = await store.range(from, '\uffff', 64);
      for (const [key, value] of rows) {
        const packed = Buffer.from(value, 'base64');
        const fps = new Float64Array(packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.length));
        for (const fp of fps) this.#seen.addNew(fp);
        this.#records = Math.max(this.#records, parseInt(key, 36) + 1);
      }
      // A move to the spill file under way: memory does not grow past twice its bound meanwhile.
      if (this.#seen.behind) await this.#seen.settled();
      if (rows.length < 64) break;
      from = rows[rows.length - 1][0] + '\u0000';
    }
    this.config.stateStore.participate({ stage: () => this.#stage() });
  }

  /** Removes the spill file (the state store holds every fingerprint): the filter is not used after. */
  async stop(): Promise<void> {
    await this.#seen.close();
  }

  /** Resolves once no move of fingerprints to the spill file is under way. */
  settled(): Promise<void> {
    return this.#seen.settled();
  }

  add(key: string): boolean | Promise<boolean> {
    const fp = fingerprint(key);
    const fresh = this.#seen.add(fp);
    if (fresh === true) this.#record(fp);
    else if (fresh !== false) {
      return fresh.then((f) => {
        if (f) this.#record(fp);
        return f;
      });
    }
    return fresh;
  }

  #record(fp: number): void {
    if (this.#freshCount === this.#fresh.length) {
      const grown = new Float64Array(this.#fresh.length * 2);
      grown.set(this.#fresh);
      this.#fresh = grown;
    }
    this.#fresh[this.#freshCount++] = fp;
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
