import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { UriUniqFilter } from '../../model/frontier.js';
import type { StateSublevel } from '../../model/state-store.js';
import { FingerprintSet, fingerprint } from '../../util/fingerprint-set.js';
import type { levelUriUniqFilterComponent } from './level-uri-uniq-filter.descriptor.js';

/** Canonical keys as 53-bit fingerprints, in memory and persisted in batches to the state store. */
export class LevelUriUniqFilter implements UriUniqFilter {
  readonly #seen = new FingerprintSet();
  #store?: StateSublevel;
  #pending: Array<{ type: 'put'; key: string; value: string }> = [];
  #writing: Promise<void> = Promise.resolve();

  constructor(readonly config: ConfigOf<typeof levelUriUniqFilterComponent>) {}

  async start(): Promise<void> {
    // Each run starts from the seeds with an empty filter; resuming an interrupted run comes with crash safety.
    this.#store = this.config.stateStore.sublevel('uniq');
    await this.#store.clear();
  }

  add(key: string): boolean {
    const fp = fingerprint(key);
    if (!this.#seen.addFingerprint(fp)) return false;
    // The fingerprint, not the key, is stored: a tenth of the bytes, and all a reload needs.
    this.#pending.push({ type: 'put', key: fp.toString(36), value: '' });
    if (this.#pending.length >= this.config.batchSize) this.#flush();
    return true;
  }

  get count(): number {
    return this.#seen.size;
  }

  #flush(): Promise<void> {
    const ops = this.#pending;
    this.#pending = [];
    const store = this.#store;
    if (ops.length && store) this.#writing = this.#writing.then(() => store.batch(ops));
    return this.#writing;
  }

  async stop(): Promise<void> {
    await this.#flush();
  }
}
