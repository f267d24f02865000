import { fingerprint, FingerprintSet } from './fingerprint-set.js';

/**
 * A set that forgets: it remembers at least the last `capacity` strings added (and at most twice
 * as many), in two generations of fingerprints; when the newer holds `capacity`, the older is
 * dropped. For caches whose misses cost time, never correctness; memory stays bounded.
 */
export class RecentFingerprints {
  #newer = new FingerprintSet();
  #older?: FingerprintSet;

  constructor(readonly capacity: number) {}

  add(s: string): void {
    if (this.capacity <= 0) return;
    this.#newer.addFingerprint(fingerprint(s));
    if (this.#newer.size >= this.capacity) {
      this.#older = this.#newer;
      this.#newer = new FingerprintSet();
    }
  }

  /** One fingerprint of `s`, looked up in both generations. */
  has(s: string): boolean {
    const fp = fingerprint(s);
    return this.#newer.hasFingerprint(fp) || (this.#older?.hasFingerprint(fp) ?? false);
  }
}
