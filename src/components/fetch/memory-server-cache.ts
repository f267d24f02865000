import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { HostState, ServerCache } from '../../model/server-cache.js';
import type { StateSublevel } from '../../model/state-store.js';
import { StoredHost, type HostRow } from './stored-host.js';

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

  peek(key: string): HostState | undefined {
    return this.#hosts.get(key);
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
