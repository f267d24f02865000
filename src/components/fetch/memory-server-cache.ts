import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { RobotsPolicy } from '../../model/robots-policy.js';
import type { HostState, ServerCache } from '../../model/server-cache.js';
import type { StateSublevel } from '../../model/state-store.js';
import { ALLOW_ALL } from './robots-outcome.js';
import { robotsPolicyOf } from './robots-text.js';

export const serverCacheComponent = defineComponent({
  name: 'ServerCache',
  aliases: ['BdbServerCache', 'org.archive.modules.net.BdbServerCache'],
  description:
    'What the crawl knows of each host and server: the address DNS gave and when, robots.txt and when it was fetched. ' +
    'Held in memory; with a state store, the hosts changed since the last commit go into it with each commit (robots.txt ' +
    'as its text, parsed again on resume), so that a resumed crawl neither looks hosts up nor fetches robots.txt again ' +
    'while what it knew is still valid. A new run starts it empty.',
  kinds: ['ServerCache'],
  props: {},
  refs: {
    stateStore: { kind: 'StateStore', autowire: true, description: 'Where what is known of each host is kept; without one it is held in memory only.' },
  },
  load: async (): Promise<ComponentClass> => MemoryServerCache,
});

/** Sublevel of the state store holding one row per host or server, keyed as the map is. */
export const HOSTS_SUBLEVEL = 'hosts';

/** A host's row in the state store: HostState without the policy object, which `robotsTxt` rebuilds. */
interface HostRow {
  ip?: string;
  ipFetchedAt?: number;
  ipTtlSeconds?: number;
  robotsFetchedAt?: number;
  robotsUnavailable?: boolean;
  /** Present only when `robots` was set and its text known ('' for ALLOW_ALL). */
  robotsTxt?: string;
}

/**
 * Per-host state in a Map. Two kinds of key share it (see host-key-of.ts):
 * - DNS facts (`ip`, `ipFetchedAt`, `ipTtlSeconds`) live under the host name alone, `example.org`
 *   (`dnsKeyOf`; a `dns:` URI names it after the colon), because an address belongs to a name
 *   whatever the port;
 * - robots.txt facts (`robots`, `robotsTxt`, `robotsFetchedAt`, `robotsUnavailable`) live under the server key,
 *   `example.org` or `example.org:8080` (`hostKeyOf`: the port only when it is not the scheme's
 *   default), because each server answers for its own robots.txt.
 * On a default port both are one entry. Keys must come lower-cased, as those helpers give them.
 *
 * With a state store, each entry is a StoredHost whose setters note it as changed (reads cost a
 * getter, `host()` stays one Map lookup), and each commit writes the entries changed since the
 * previous one, a row per key in sublevel `hosts`; start() loads the rows a resumed run left,
 * parsing robots.txt again from the text kept with it. Without a store, entries are plain objects.
 */
export class MemoryServerCache implements ServerCache {
  readonly #hosts = new Map<string, HostState>();
  /** Stored entries changed since the last commit staged them. */
  readonly #changed = new Set<StoredHost>();
  #sublevel?: StateSublevel;

  /** The store is optional here too, so that `new MemoryServerCache({})` is a cache in memory only. */
  constructor(readonly config: Partial<ConfigOf<typeof serverCacheComponent>>) {}

  /** Loads what the run this launch resumes knew of its hosts, and stores changes with every commit from now on. */
  async start(): Promise<void> {
    const store = this.config.stateStore;
    if (!store || this.#sublevel) return;
    const sublevel = (this.#sublevel = store.sublevel(HOSTS_SUBLEVEL));
    for (const [key, value] of await sublevel.range('', '\uffff')) {
      // An entry made before start() is newer than its row.
      if (!this.#hosts.has(key)) this.#hosts.set(key, StoredHost.fromRow(key, JSON.parse(value) as HostRow, this.#changed));
    }
    store.participate({ stage: () => this.#stage() });
  }

  host(key: string): HostState {
    let state = this.#hosts.get(key);
    if (state === undefined) this.#hosts.set(key, (state = this.config.stateStore ? new StoredHost(key, this.#changed) : {}));
    return state;
  }

  /** Hosts and servers known so far. */
  get size(): number {
    return this.#hosts.size;
  }

  #stage(): void {
    const sublevel = this.#sublevel;
    if (!sublevel || this.#changed.size === 0) return;
    for (const host of this.#changed) sublevel.put(host.key, JSON.stringify(host.row()));
    this.#changed.clear();
  }
}

/**
 * A HostState that notes itself in `changed` whenever a field takes a new value. Setting `robots`
 * forgets `robotsTxt`, so that a text is never stored with a policy it did not give (at worst the
 * policy is not stored, and a resumed crawl fetches robots.txt again).
 */
class StoredHost implements HostState {
  #ip?: string;
  #ipFetchedAt?: number;
  #ipTtlSeconds?: number;
  #robots?: RobotsPolicy;
  #robotsTxt?: string;
  #robotsFetchedAt?: number;
  #robotsUnavailable?: boolean;

  readonly #key: string;
  readonly #changed: Set<StoredHost>;

  constructor(key: string, changed: Set<StoredHost>) {
    this.#key = key;
    this.#changed = changed;
  }

  /** The entry's key in the cache and in the store. */
  get key(): string {
    return this.#key;
  }

  /** An entry as a stored row describes it, not noted as changed. */
  static fromRow(key: string, row: HostRow, changed: Set<StoredHost>): StoredHost {
    const host = new StoredHost(key, changed);
    host.#ip = row.ip;
    host.#ipFetchedAt = row.ipFetchedAt;
    host.#ipTtlSeconds = row.ipTtlSeconds;
    host.#robotsFetchedAt = row.robotsFetchedAt;
    host.#robotsUnavailable = row.robotsUnavailable;
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
      robotsFetchedAt: this.#robotsFetchedAt, robotsUnavailable: this.#robotsUnavailable, robotsTxt,
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
}
