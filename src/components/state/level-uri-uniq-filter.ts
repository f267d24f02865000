import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { UriUniqFilter } from '../../model/frontier.js';
import type { StateSublevel } from '../../model/state-store.js';
import { FingerprintSet } from '../../util/fingerprint-set.js';
import type { levelUriUniqFilterComponent } from './level-uri-uniq-filter.descriptor.js';

/** Canonical keys in memory as fingerprints, persisted in batches to the state store. */
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
    if (!this.#seen.add(key)) return false;
    this.#pending.push({ type: 'put', key, value: '' });
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
