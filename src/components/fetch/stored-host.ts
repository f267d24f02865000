import type { RobotsPolicy } from '../../model/robots-policy.js';
import type { HostState } from '../../model/server-cache.js';
import { ALLOW_ALL } from './robots-outcome.js';
import { robotsPolicyOf } from './robots-text.js';

/** A host's row in the state store: HostState without the policy object, which `robotsTxt` rebuilds. */
export interface HostRow {
  ip?: string;
  ipFetchedAt?: number;
  ipTtlSeconds?: number;
  robotsFetchedAt?: number;
  robotsUnavailable?: boolean;
  robotsFailure?: string;
  /** Present only when `robots` was set and its text known ('' for ALLOW_ALL). */
  robotsTxt?: string;
}

/** Where a StoredHost notes that it changed (a Set will do). */
export interface ChangeNotes {
  add(host: StoredHost): unknown;
}

/**
 * A HostState that notes itself in `changed` whenever a field takes a new value. Setting `robots`
 * forgets `robotsTxt`, so that a text is never stored with a policy it did not give (at worst the
 * policy is not stored, and a resumed crawl fetches robots.txt again).
 */
export class StoredHost implements HostState {
  #ip?: string;
  #ipFetchedAt?: number;
  #ipTtlSeconds?: number;
  #robots?: RobotsPolicy;
  #robotsTxt?: string;
  #robotsFetchedAt?: number;
  #robotsUnavailable?: boolean;
  #robotsFailure?: string;

  readonly #key: string;
  readonly #changed: ChangeNotes;

  constructor(key: string, changed: ChangeNotes) {
    this.#key = key;
    this.#changed = changed;
  }

  /** The entry's key in the cache and in the store. */
  get key(): string {
    return this.#key;
  }

  /** An entry as a stored row describes it, not noted as changed. */
  static fromRow(key: string, row: HostRow, changed: ChangeNotes): StoredHost {
    const host = new StoredHost(key, changed);
    host.#ip = row.ip;
    host.#ipFetchedAt = row.ipFetchedAt;
    host.#ipTtlSeconds = row.ipTtlSeconds;
    host.#robotsFetchedAt = row.robotsFetchedAt;
    host.#robotsUnavailable = row.robotsUnavailable;
    host.#robotsFailure = row.robotsFailure;
    if (row.robotsTxt !== undefined) {
      host.#robotsTxt = row.robotsTxt;
      host.#robots = row.robotsTxt === '' ? ALLOW_ALL : robotsPolicyOf(row.robotsTxt);
    }
    return host;
  }

  /** What goes into the store; a policy whose text is unknown is left out (robots.txt is fetched again). */
  row(): HostRow {
    const robots = this.#robots;
    const robotsTxt = robots === undefined ? undefined : robots === ALLOW_ALL ? '' : this.#robotsTxt;
    return {
      ip: this.#ip, ipFetchedAt: this.#ipFetchedAt, ipTtlSeconds: this.#ipTtlSeconds,
      robotsFetchedAt: this.#robotsFetchedAt, robotsUnavailable: this.#robotsUnavailable, robotsFailure: this.#robotsFailure, robotsTxt,
    };
  }

  get ip(): string | undefined {
    return this.#ip;
  }
  set ip(value: string | undefined) {
    if (value === this.#ip) return;
    this.#ip = value;
    this.#changed.add(this);
  }

  get ipFetchedAt(): number | undefined {
    return this.#ipFetchedAt;
  }
  set ipFetchedAt(value: number | undefined) {
    if (value === this.#ipFetchedAt) return;
    this.#ipFetchedAt = value;
    this.#changed.add(this);
  }

  get ipTtlSeconds(): number | undefined {
    return this.#ipTtlSeconds;
  }
  set ipTtlSeconds(value: number | undefined) {
    if (value === this.#ipTtlSeconds) return;
    this.#ipTtlSeconds = value;
    this.#changed.add(this);
  }

  get robots(): RobotsPolicy | undefined {
    return this.#robots;
  }
  /** A new policy drops the text of the old one: `robotsTxt` is set after it. */
  set robots(value: RobotsPolicy | undefined) {
    if (value === this.#robots) return;
    this.#robots = value;
    this.#robotsTxt = undefined;
    this.#changed.add(this);
  }

  get robotsTxt(): string | undefined {
    return this.#robotsTxt;
  }
  set robotsTxt(value: string | undefined) {
    if (value === this.#robotsTxt) return;
    this.#robotsTxt = value;
    this.#changed.add(this);
  }

  get robotsFetchedAt(): number | undefined {
    return this.#robotsFetchedAt;
  }
  set robotsFetchedAt(value: number | undefined) {
    if (value === this.#robotsFetchedAt) return;
    this.#robotsFetchedAt = value;
    this.#changed.add(this);
  }

  get robotsUnavailable(): boolean | undefined {
    return this.#robotsUnavailable;
  }
  set robotsUnavailable(value: boolean | undefined) {
    if (value === this.#robotsUnavailable) return;
    this.#robotsUnavailable = value;
    this.#changed.add(this);
  }

  get robotsFailure(): string | undefined {
    return this.#robotsFailure;
  }
  set robotsFailure(value: string | undefined) {
    if (value === this.#robotsFailure) return;
    this.#robotsFailure = value;
    this.#changed.add(this);
  }
}
