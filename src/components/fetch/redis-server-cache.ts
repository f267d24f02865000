import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { HostState, ServerCache } from '../../model/server-cache.js';
import type { SharedCrawlStore, SharedTable } from '../../model/shared-crawl.js';
import { StoredHost, type ChangeNotes, type HostRow } from './stored-host.js';

export const redisServerCacheComponent = defineComponent({
  name: 'RedisServerCache',
  description:
    'What the workers of a shared crawl know of each host and server (the address DNS gave, robots.txt), kept in Redis: a worker ' +
    'that meets a host another worker already looked up, or whose robots.txt another read, takes that answer instead of asking again. ' +
    'Held in memory too; a change goes to Redis before the URI that caused it is completed, so the next worker at that queue finds it.',
  kinds: ['ServerCache'],
  props: {},
  refs: {
    redis: { kind: 'RedisConnection', required: true, autowire: true, description: 'The Redis the answers are kept in (table `hosts` of the run).' },
  },
  load: async (): Promise<ComponentClass> => RedisServerCache,
});

/**
 * The ServerCache of a shared crawl: entries in memory (StoredHost, noting their changes), the
 * changes written to the run's `hosts` table once the code that made them has run (the store's
 * `settled()` covers the write, so the frontier completes the URI only after it), and keys this
 * worker does not know read from there before the precondition enforcer judges them.
 */
export class RedisServerCache implements ServerCache {
  beanName = '';
  readonly #hosts = new Map<string, StoredHost>();
  readonly #changed = new Set<StoredHost>();
  /** Where entries note their changes: the set, and a write soon. */
  readonly #notes: ChangeNotes = {
    add: (host) => {
      this.#changed.add(host);
      this.#writeSoon();
    },
  };
  #writeQueued = false;
  readonly #store: SharedCrawlStore;
  #table?: SharedTable;

  constructor(readonly config: ConfigOf<typeof redisServerCacheComponent>) {
    this.#store = config.redis as unknown as SharedCrawlStore;
  }

  /** The crawl is joined before any host is looked up (the launch of a worker has joined it already). */
  async start(): Promise<void> {
    await this.#store.join();
  }

  peek(key: string): HostState | undefined {
    return this.#hosts.get(key);
  }

  host(key: string): HostState {
    let state = this.#hosts.get(key);
    if (state === undefined) this.#hosts.set(key, (state = new StoredHost(key, this.#notes)));
    return state;
  }

  learn(...keys: string[]): Promise<void> | undefined {
    // A key known here (looked up, or its robots.txt read) needs nothing: its validity is the enforcer's to judge.
    const unknown = keys.filter((k, i) => keys.indexOf(k) === i && !known(this.#hosts.get(k)));
    if (unknown.length === 0) return undefined;
    return this.#hostsTable().read(unknown).then((rows) => {
      rows.forEach((row, i) => {
        const key = unknown[i];
        // An entry learnt here meanwhile is newer than the row.
        if (row === undefined || known(this.#hosts.get(key))) return;
        this.#hosts.set(key, StoredHost.fromRow(key, JSON.parse(row) as HostRow, this.#notes));
      });
    });
  }

  get size(): number {
    return this.#hosts.size;
  }

  #hostsTable(): SharedTable {
    return (this.#table ??= this.#store.table('hosts'));
  }

  /** Changes go together, once the code that made them has run (a robots policy and its text). */
  #writeSoon(): void {
    if (this.#writeQueued) return;
    this.#writeQueued = true;
    queueMicrotask(() => {
      this.#writeQueued = false;
      if (this.#changed.size === 0) return;
      const entries = [...this.#changed].map((h) => [h.key, JSON.stringify(h.row())] as const);
      this.#changed.clear();
      this.#hostsTable().write(entries);
    });
  }
}

/** Whether what this worker holds of a key came from a lookup or a fetch of robots.txt (its own or another's). */
function known(host: StoredHost | undefined): boolean {
  return host !== undefined && (host.ipFetchedAt !== undefined || host.robotsFetchedAt !== undefined);
}
