import type { UriUniqFilter } from '../../model/frontier.js';
import { FingerprintSet } from '../../util/fingerprint-set.js';

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
