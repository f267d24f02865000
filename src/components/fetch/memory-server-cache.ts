import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { HostState, ServerCache } from '../../model/server-cache.js';
import type { serverCacheComponent } from './server-cache.descriptor.js';

/**
 * Per-host state in a Map. Two kinds of key share it (see host-key-of.ts):
 * - DNS facts (`ip`, `ipFetchedAt`, `ipTtlSeconds`) live under the host name alone, `example.org`
 *   (`dnsKeyOf`; a `dns:` URI names it after the colon), because an address belongs to a name
 *   whatever the port;
 * - robots.txt facts (`robots`, `robotsFetchedAt`, `robotsUnavailable`) live under the server key,
 *   `example.org` or `example.org:8080` (`hostKeyOf`: the port only when it is not the scheme's
 *   default), because each server answers for its own robots.txt.
 * On a default port both are one entry. Keys must come lower-cased, as those helpers give them.
 */
export class MemoryServerCache implements ServerCache {
  readonly #hosts = new Map<string, HostState>();

  constructor(readonly config: ConfigOf<typeof serverCacheComponent>) {}

  host(key: string): HostState {
    let state = this.#hosts.get(key);
    if (state === undefined) this.#hosts.set(key, (state = {}));
    return state;
  }

  /** Hosts and servers known so far. */
  get size(): number {
    return this.#hosts.size;
  }
}
