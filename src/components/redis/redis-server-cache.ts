import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { HostState, ServerCache } from '../../model/server-cache.js';
import { StoredHost, type ChangeNotes, type HostRow } from '../fetch/stored-host.js';
import type { RedisConnection } from './redis-connection.js';
import type { redisServerCacheComponent } from './redis-server-cache.descriptor.js';

/**
 * The ServerCache of a shared crawl: entries in memory (StoredHost, noting their changes), every
 * change written to the run's hosts hash in Redis at once (tracked by the connection, so the
 * frontier completes the URI only after), and keys this worker does not know read from there
 * before the precondition enforcer judges them.
 */
export class RedisServerCache implements ServerCache {
  beanName = '';
  readonly #hosts = new Map<string, StoredHost>();
  readonly #changed = new Set<StoredHost>();
  /** What entries note their changes in: the set, and a flush to Redis. */
  readonly #notes: ChangeNotes = { add: (host) => {
    this.#changed.add(host);
    this.#flushSoon();
  } };
  #flushQueued = false;
  readonly #redis: RedisConnection;

  constructor(readonly config: ConfigOf<typeof redisServerCacheComponent>) {
    this.#redis = config.redis as RedisConnection;
  }

  host(key: string): HostState {
    let state = this.#hosts.get(key);
    if (state === undefined) this.#hosts.set(key, (state = new StoredHost(key, this.#notes)));
    return state;
  }

  learn(...keys: string[]): Promise<void> | undefined {
    // A key known here, looked up or its robots.txt read, needs nothing: its validity is the enforcer's to judge.
    const unknown = keys.filter((k, i) => keys.indexOf(k) === i && !known(this.#hosts.get(k)));
    if (unknown.length === 0) return undefined;
    const crawl = this.#redis.crawl;
    return (crawl.link.command('HMGET', crawl.keys.hosts(crawl.run), ...unknown) as Promise<Array<string | null>>).then((rows) => {
      rows.forEach((row, i) => {
        if (row === null) return;
        const key = unknown[i];
        // An entry changed here meanwhile is newer than the row.
        if (this.#hosts.get(key) && known(this.#hosts.get(key))) return;
        this.#hosts.set(key, StoredHost.fromRow(key, JSON.parse(row) as HostRow, this.#notes));
      });
    });
  }

  get size(): number {
    return this.#hosts.size;
  }

  /** Changes go to Redis together once the code that made them has run (a robots policy and its text). */
  #flushSoon(): void {
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    queueMicrotask(() => {
      this.#flushQueued = false;
      if (this.#changed.size === 0) return;
      const crawl = this.#redis.crawl;
      const args = [...this.#changed].flatMap((h) => [h.key, JSON.stringify(h.row())]);
      this.#changed.clear();
      this.#redis.track(crawl.link.command('HSET', crawl.keys.hosts(crawl.run), ...args));
    });
  }
}

/** Whether what this worker holds of a key came from a lookup or a fetch of robots.txt (its own or another's). */
function known(host: StoredHost | undefined): boolean {
  return host !== undefined && (host.ipFetchedAt !== undefined || host.robotsFetchedAt !== undefined);
}
