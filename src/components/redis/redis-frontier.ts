import { defineComponent, type ComponentClass, type ConfigOf, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { FRONTIER_PROPS, FRONTIER_REFS } from '../../model/frontier-props.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { Configurable } from '../../model/configurable.js';
import type { Disposition, Frontier, FrontierStats } from '../../model/frontier.js';
import { isDisregarded } from '../../model/fetch-status.js';
import type { SharedCrawl, SharedCrawlStore } from '../../model/shared-crawl.js';
import type { StateStore } from '../../model/state-store.js';
import { RecentFingerprints } from '../../util/recent-fingerprints.js';
import { disposeUri } from '../../model/dispose-uri.js';
import { rankOf } from '../../model/queue-rank.js';
import { decodeQueuedRow, encodeQueuedRow } from '../../model/queued-row.js';
import type { RedisConnection } from './redis-connection.js';
import type { RedisCrawl } from './redis-crawl.js';
import { shardOf } from './redis-keys.js';
import { CLAIM, COMPLETE, FETCHED_ELSEWHERE, RELEASE_LEASE, RELEASE_WORKER, RENEW, SCHEDULE, TAKE } from './redis-scripts.js';
import type { RedisUriUniqFilter } from './redis-uri-uniq-filter.js';
import type { InputOf, ItemOf } from './redis-script.js';
import { ShardCounters } from './shard-counters.js';

/** Beans that keep a fetch history: in a shared crawl it must be the crawl's, in Redis. */
const HISTORY_USERS = ['FetchHistoryStore', 'PersistLoadProcessor', 'PersistStoreProcessor'];

const TURN_BY_TIME = 'queues here take turns by the time their politeness gap ends (Redis\'s clock), not by a balance of URIs';

export const redisFrontierComponent = defineComponent({
  name: 'RedisFrontier',
  description:
    'The work-queue frontier kept in Redis and shared by every worker of the crawl (`beancrawl launch` on several machines): one URI of a queue ' +
    'in flight at a time crawl-wide, leased to its worker (RedisConnection.leaseSeconds, renewed while it is processed, with a fencing token), ' +
    'and the politeness gap between a queue\'s fetches kept by Redis\'s clock whichever worker fetched. The lease is checked (and renewed) once more ' +
    'before anything of a URI is written: a worker that stalled past it discards the URI whole. A worker that dies loses nothing: its ' +
    'leases run out (or are handed back when it restarts with the same id) and those URIs are fetched again. Outlinks are queued before their ' +
    'page is done. The crawl ends for every worker when no queue has a URI waiting and none is in flight (and, in a delta run, once one worker ' +
    'has checked the documents not reached and decided the deletions for all).',
  kinds: ['Frontier'],
  props: {
    ...FRONTIER_PROPS,
    balanceReplenishAmount: {
      ...FRONTIER_PROPS.balanceReplenishAmount, ignored: TURN_BY_TIME,
      description: `Accepted so that a LevelFrontier's file and sheets load unchanged; ignored: ${TURN_BY_TIME}.`,
    },
    precedenceFloor: { ...FRONTIER_PROPS.precedenceFloor, ignored: 'every queue is served; precedences are not kept in Redis yet' },
  },
  refs: {
    ...FRONTIER_REFS,
    queuePrecedencePolicy: { ...FRONTIER_REFS.queuePrecedencePolicy, ignored: 'queues here are served by the time their turn comes; precedences are not kept in Redis yet' },
    redis: { kind: 'RedisConnection', required: true, autowire: true, description: 'The Redis the queues live in, and the crawl they belong to.' },
    stateStore: {
      kind: 'StateStore', autowire: true,
      description: 'This worker\'s state (its output files\' committed lengths): committed before Redis hears a URI is done, so that a worker launched again under its id, which cuts its files back to their last commit, keeps every URI Redis will not hand out again.',
    },
  },
  validate: (bean, ctx) => {
    const filter = bean.refs('uriUniqFilter')[0];
    const issues: ValidationIssue[] = [];
    if (filter && filter.className !== 'RedisUriUniqFilter') {
      issues.push({
        property: 'uriUniqFilter', at: bean.locationOf('uriUniqFilter'),
        message: `a RedisFrontier keeps its seen set in Redis, crawl-wide: its uriUniqFilter must be a RedisUriUniqFilter, not ${filter.className}`,
        hints: ['replace the uriUniqFilter bean by <bean id="uriUniqFilter" class="RedisUriUniqFilter"/>'],
      });
    }
    // A history kept in each worker's state store would be each worker's own: conditional requests and deltas against what that worker happened to fetch.
    const local = HISTORY_USERS.filter((n) => ctx.components?.has(n));
    if (local.length && (ctx.components?.has('FetchHistoryStore') || !ctx.components?.has('RedisFetchHistory'))) {
      issues.push({
        message: `${local.join(', ')} would keep the fetch history in each worker's own state store; a crawl shared through Redis keeps it in Redis, crawl-wide`,
        hints: [ctx.components?.has('FetchHistoryStore')
          ? 'replace the FetchHistoryStore bean by <bean id="fetchHistory" class="RedisFetchHistory"/> (the same properties)'
          : 'add <bean id="fetchHistory" class="RedisFetchHistory"/>: the persist processors then keep their history in it'],
      });
    }
    return issues;
  },
  load: async (): Promise<ComponentClass> => RedisFrontier,
});

type Config = ConfigOf<typeof redisFrontierComponent>;

/** A queue this worker leased: where, and the fencing token its completion must show. */
interface Lease {
  readonly shard: number;
  readonly queue: string;
  readonly token: string;
  /** When the lease runs out, as far as this worker knows (its clock, from its last renewal). */
  expiresAt: number;
  /** Aborted (CrawlUri.leaseSignal) when the lease is about to run out unrenewed: the fetch ends before another worker may take the queue. */
  readonly lost: AbortController;
}

/** At most this many scheduled URIs wait here before they go to Redis (one script call a shard); fewer go at the next turn of the event loop. */
const MAX_BATCH = 500;
/** The longest an idle worker waits before it looks for work again (a queue may have been given URIs by another worker). */
const IDLE_POLL_MS = 250;
/**
 * When to look at a shard again after a TAKE left nothing due there (Redis's times): when its next
 * waiting queue's turn comes or its first lease runs out, and at least every IDLE_POLL_MS.
 */
function nextLook(redisNow: number, nextReady: string, nextExpiry: string): number {
  let wait = IDLE_POLL_MS;
  for (const at of [Number(nextReady), Number(nextExpiry)]) if (at >= 0) wait = Math.min(wait, Math.max(5, at - redisNow));
  return wait;
}

/** How many lease terms a claim (claimElsewhere) is renewed for at most, while its fetchedElsewhere has not come. */
const CLAIM_RENEWALS = 10;

/** How often the crawl-wide counters are read for progress and reports. */
const STATS_MS = 1000;

/**
 * The frontier of a crawl shared by workers through Redis (the description above says what it
 * keeps). This worker batches the URIs it schedules (flushed before any URI of its is
 * completed, so that a kill between the two loses no outlink), leases queues for its toe threads,
 * renews the leases while URIs are processed and completes each URI with its token.
 */
export class RedisFrontier extends Configurable<typeof redisFrontierComponent> implements Frontier {
  readonly #redis: RedisConnection;
  readonly #uniq: RedisUriUniqFilter;
  readonly #store?: StateStore;
  #crawl?: RedisCrawl;
  /** Per shard: the URIs waiting to be sent, as the schedule script's items. */
  #pending: Array<Array<ItemOf<typeof SCHEDULE>>> = [];
  #pendingCount = 0;
  /** Flushes sent and not yet answered. */
  readonly #flushes = new Set<Promise<void>>();
  #flushSoon?: NodeJS.Immediate;
  readonly #leases = new Map<CrawlUri, Lease>();
  #waiters: Array<() => void> = [];
  /** URIs taken for toe threads that asked, not yet handed to one. */
  readonly #taken: CrawlUri[] = [];
  #pumping = false;
  #cursor = 0;
  #ended = false;
  /** How many times the crawl was found drained: a toe thread waiting when it was returns. */
  #drains = 0;
  #closed = false;
  #wake?: () => void;
  readonly #scheduledUris: RecentFingerprints;
  readonly #finalListeners: Array<(curi: CrawlUri, d: Disposition) => void> = [];
  readonly #disposedListeners: Array<(curi: CrawlUri, d: Disposition) => void> = [];
  #counters?: ShardCounters;
  #timers: NodeJS.Timeout[] = [];
  #refused = 0;
  #renewing = false;
  /** Workers of the crawl, this one included, as last counted (once a second). */
  #workers = 1;
  #lastCounts?: Promise<void>;
  /** Per shard: when to look for work there again (this worker's clock; 0 or absent: now). */
  readonly #dueAt: number[] = [];
  /** Shards whose last look found nothing waiting, due or resting, and nothing leased. */
  readonly #quiet = new Set<number>();
  /**
   * URIs this worker claimed (claimElsewhere), not yet fetched elsewhere: their shard and when
   * claimed. Renewed with its leases, for at most CLAIM_RENEWALS terms (a fetch whose end was never
   * told holds no copy back for ever).
   */
  readonly #claims = new Map<string, { readonly shard: number; readonly since: number }>();

  constructor(config: Config) {
    super(config);
    this.#redis = config.redis as RedisConnection;
    this.#uniq = config.uriUniqFilter as unknown as RedisUriUniqFilter;
    this.#store = config.stateStore as StateStore | undefined;
    this.#scheduledUris = new RecentFingerprints(config.recentUrisRemembered);
  }

  /** The crawl this frontier's workers share: the controller follows its pause, unpause and terminate. */
  get sharedCrawl(): SharedCrawl {
    return this.#crawl ?? this.#redis.crawl;
  }

  /** What the workers share besides the queues (tables of the run): the beans of other areas reach it through the frontier (sharedStoreOf). */
  get sharedStore(): SharedCrawlStore {
    return this.#redis;
  }

  /** Completions refused because their lease had run out and gone to another worker. */
  get refusedCompletions(): number {
    return this.#refused;
  }

  async start(): Promise<void> {
    if (this.#crawl) return;
    const crawl = await this.#redis.join();
    this.#crawl = crawl;
    const shards = crawl.layout.shards;
    this.#pending = Array.from({ length: shards }, () => []);
    this.#counters = new ShardCounters(crawl);
    // A worker restarted under its old name takes nothing for granted: what it held is fetched again.
    for (let n = 0; n < shards; n++) await RELEASE_WORKER.run(crawl.link, { keys: crawl.shard(n), args: { worker: crawl.workerId } });
    await this.#counters.refresh();
    crawl.watchState((state) => {
      if (state === 'FINISHED') this.#end();
      // Taken ahead and not handed to a toe thread: back at once, so that the crawl can be PAUSED with nothing in flight.
      if (state === 'PAUSED') for (const curi of this.#taken.splice(0)) void this.handBack(curi).catch(() => undefined);
    });
    const leaseMs = this.#redis.config.leaseSeconds * 1000;
    this.#timers.push(
      setInterval(() => {
        // The figures stay as last read (Redis away: the crawl's alert says so); the next turn reads them again.
        void this.#counters!.refresh().catch(() => undefined);
        void (crawl.link.command('HLEN', crawl.keys.workers) as Promise<number>).then((n) => (this.#workers = Number(n)), () => undefined);
      }, STATS_MS).unref(),
      setInterval(() => {
        void this.#renew(leaseMs);
        this.#abortExpiring(leaseMs);
      }, Math.max(250, leaseMs / 6)).unref(),
    );
  }

  async stop(): Promise<void> {
    this.#closed = true;
    for (const t of this.#timers) clearInterval(t);
    this.#wakeAll();
    const crawl = this.#crawl;
    if (!crawl) return;
    // Scheduled URIs go in; URIs taken and not processed go back at once. URIs that could not be
    // sent are told (thrown) once this worker has let go of its queues.
    const unsent = await this.#flush().then(() => undefined, (e: unknown) => e ?? new Error('the URIs scheduled last could not be sent to Redis'));
    // Queues not released (Redis away) go to another worker when their leases run out.
    for (let n = 0; n < crawl.layout.shards; n++) await RELEASE_WORKER.run(crawl.link, { keys: crawl.shard(n), args: { worker: crawl.workerId } }).catch(() => undefined);
    // Redis away: the crawl stays TERMINATING there (which stops its workers as FINISHED does) until another worker stopping sets it FINISHED.
    if (crawl.state === 'TERMINATING') await crawl.setState('FINISHED', crawl.exitStatus).catch(() => undefined);
    if (unsent !== undefined) throw unsent;
  }

  maxOutlinksFor(curi: CrawlUri): number {
    return this.configFor(curi).maxOutlinks;
  }

  schedule(curi: CrawlUri): void {
    const crawl = this.#crawl ?? this.#redis.crawl;
    const { shards, buckets } = crawl.layout;
    if (this.#pending.length === 0) this.#pending = Array.from({ length: shards }, () => []);
    this.#scheduledUris.add(curi.uri);
    const shard = shardOf(curi.queueKey, shards);
    const [bucket, member] = this.#uniq.place(curi.canonicalKey || curi.uri, Math.max(1, Math.floor(buckets / shards)));
    const record = curi.toQueued();
    this.#pending[shard].push({
      queue: curi.queueKey, seenBucket: bucket, fingerprint: member, rank: curi.isPrerequisite ? 0 : rankOf(record) + 1, record: encodeQueuedRow(record),
      forced: curi.forceFetch ? '1' : '0',
    });
    this.#pendingCount++;
    // A flush that fails puts its URIs back for the next one (#flush): the stop's last flush tells a failure that stays.
    if (this.#pendingCount >= MAX_BATCH) void this.#flush().catch(() => undefined);
    else this.#flushSoon ??= setImmediate(() => {
      this.#flushSoon = undefined;
      // As above: the URIs of a flush that fails go back for the next one.
      void this.#flush().catch(() => undefined);
    });
  }

  wasScheduled(uri: string): boolean {
    return this.#scheduledUris.has(uri);
  }

  async next(signal?: AbortSignal): Promise<CrawlUri | undefined> {
    const drains = this.#drains;
    for (;;) {
      if (signal?.aborted || this.#closed || this.#ended || this.#drains !== drains) {
        // The figures the reports and the summary give are the crawl's as its workers stop, not a second old.
        // Redis away: the figures stay as last read.
        await (this.#lastCounts ??= this.#counters?.refresh().catch(() => undefined));
        return undefined;
      }
      const curi = this.#taken.shift();
      if (curi) return curi;
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        void this.#pump();
      });
    }
  }

  /**
   * The fence before the URI's outputs: its lease is renewed in Redis for a full term, which
   * succeeds only while the lease is still this worker's fencing token's and has not run out. A
   * worker that stalled past its lease (another worker may have the queue, and fetch the URI)
   * learns it here, before anything of the URI leaves it. What remains: a stall longer than the
   * lease's term between this answer and the completion (see docs/guide/distributed.md).
   */
  async stillHeld(curi: CrawlUri): Promise<boolean> {
    const lease = this.#leases.get(curi);
    if (!lease) return false;
    const crawl = this.#crawl!;
    const leaseMs = this.#redis.config.leaseSeconds * 1000;
    const sent = Date.now();
    const [ok] = await RENEW.run(crawl.link, { keys: crawl.shard(lease.shard), args: { leaseMs }, items: [{ queue: lease.queue, token: lease.token }] });
    if (ok !== 1) return false;
    lease.expiresAt = Math.max(lease.expiresAt, sent + leaseMs);
    curi.leaseValidUntil = lease.expiresAt - leaseMs / 6;
    return true;
  }

  /**
   * A URI discarded (nothing of it is written or counted): at the fence (stillHeld said its lease
   * is gone), or by its fetcher, whose lease guard cut the fetch because this worker could no longer
   * vouch for the lease (CrawlUri.leaseSignal, leaseValidUntil) while Redis may still hold it. Its
   * lease, if Redis still has it under this worker's token, is left to run out (not renewed any
   * more; one run out already is given back now): the queue rests meanwhile, as after a request,
   * and the URI is fetched again by whichever worker takes it. Else another worker has it.
   */
  async #letGo(curi: CrawlUri, lease: Lease): Promise<Disposition> {
    const crawl = this.#crawl!;
    const keys = crawl.shard(lease.shard);
    this.#leases.delete(curi);
    const ours = await RELEASE_LEASE.run(crawl.link, { keys, args: { queue: lease.queue, token: lease.token, runOut: '1' } });
    if (ours === 0) {
      await crawl.link.command('HINCRBY', keys.count, 'stale', 1);
      this.#refused++;
      process.emitWarning(`the lease of ${curi.uri} had run out and gone to another worker: this worker discarded its copy, nothing of it written, ` +
        `its completion was refused (${this.#refused} so far)`);
    }
    this.#maybeDue(lease.shard, ours === 2 ? Math.max(0, lease.expiresAt - Date.now()) : 0);
    this.#wakeAll();
    return 'disregarded';
  }

  /**
   * The URI's outlinks go to Redis first, and its writers finish (Processor.writesBehind), before
   * its lease is completed: a kill before then has it fetched again, nothing lost. crawl.log and
   * the counters hear of a URI done before Redis does, and this worker's state is committed
   * between (see stateStore), so a kill between the two logs it twice
   * (once a worker), never not at all.
   */
  async finished(curi: CrawlUri): Promise<Disposition> {
    const lease = this.#leases.get(curi);
    if (!lease) throw new Error(`${curi.uri} was not handed out by this frontier`);
    if (curi.discarded !== undefined) return this.#letGo(curi, lease);
    const cfg = this.configFor(curi);
    const behind = curi.behindDone;
    if (behind) await behind;
    // Its outlinks go first. One server runs a connection's commands in the order they were
    // written, so the completion may follow at once; a cluster's nodes may not: there it waits.
    const flushed = this.#flush();
    if (this.#crawl!.link.isCluster) await flushed;
    const status = curi.fetchStatus;
    const retire = curi.forceRetire;
    const { disposition, cost } = disposeUri(curi, cfg);
    const back = disposition === 'retry' || disposition === 'deferred';
    const document = disposition === 'success' && !curi.uri.startsWith('dns:');
    if (!back) {
      this.#tell(this.#disposedListeners, curi, disposition);
      this.#tell(this.#finalListeners, curi, disposition);
    }
    const restMs = disposition === 'retry' ? cfg.retryDelaySeconds * 1000 : disposition === 'deferred' ? 0 : curi.politenessDelayMs;
    // What this worker wrote of the URI (its crawl.log line, document line, WARC records) is in
    // a commit of its state before Redis hears the URI is done: a worker launched again under its
    // id cuts those files back to their last commit, and Redis will not hand the URI out again.
    // (A commit that fails is the state store's to report; the URI is completed all the same.)
    if (!back && this.#store) await this.#store.commit().catch(() => undefined);
    // What the other beans learnt from it (a robots.txt, an address) and what its disposed
    // listeners added for it (the quotas' counts) is in Redis before the URI is done.
    await this.#redis.settled();
    const crawl = this.#crawl!;
    const keys = crawl.shard(lease.shard);
    const done = await COMPLETE.run(crawl.link, {
      keys,
      args: {
        queuePrefix: keys.queuePrefix, queue: lease.queue, token: lease.token, outcome: disposition, restMs: Math.max(0, Math.round(restMs)), cost,
        totalBudget: cfg.queueTotalBudget, record: back ? encodeQueuedRow(curi.toQueued()) : '', retire: retire ? '1' : '0', status: String(status),
        failed: status <= 0 && !isDisregarded(status) ? '1' : '0',
        // What the controller counts of this worker's own, counted for the whole crawl.
        documents: document ? 1 : 0, bytes: document && curi.contentSize > 0 ? curi.contentSize : 0, seed: curi.isSeed && status > 0 && !back ? 1 : 0,
        delta: curi.delta ?? '',
      },
    });
    await flushed;
    this.#leases.delete(curi);
    // The queue's next turn, which this worker may take: after its rest, whoever comes first. With
    // other workers, which look at each shard every IDLE_POLL_MS, this one looks at a moment drawn in
    // that span, so that the worker that knows the turn exactly does not keep the queue to itself.
    this.#maybeDue(lease.shard, Math.max(0, Math.round(restMs)) + (this.#workers > 1 ? Math.random() * IDLE_POLL_MS : 0));
    if (done !== 1) {
      this.#refused++;
      process.emitWarning(`the lease of ${curi.uri} had run out and gone to another worker: this worker's completion was refused (${this.#refused} so far)`);
    }
    this.#wakeAll();
    return disposition;
  }

  /**
   * A URI fetched outside the queues (a rendered page's request), its outputs written: told to the
   * listeners as any URI done (crawl.log, quotas), this worker's state committed, then in one script
   * its key marked in the crawl's seen set, counted in the crawl's counters, and, when its key had
   * been seen and its queue holds URIs, kept in its shard's `elsewhere` set: whichever worker's TAKE
   * reaches a queued copy passes over it there, without a request. The same order as finished(): a
   * kill before the script has it fetched again at worst, never lost. Resolves to whether its key was new.
   */
  async fetchedElsewhere(curi: CrawlUri): Promise<boolean> {
    const crawl = this.#crawl ?? this.#redis.crawl;
    const { shards, buckets } = crawl.layout;
    // Its outlinks go first, as a leased URI's do.
    const flushed = this.#flush();
    if (crawl.link.isCluster) await flushed;
    const status = curi.fetchStatus;
    const disposition: Disposition = isDisregarded(status) ? 'disregarded' : status > 0 ? 'success' : 'failure';
    const document = disposition === 'success' && !curi.uri.startsWith('dns:');
    this.#tell(this.#disposedListeners, curi, disposition);
    this.#tell(this.#finalListeners, curi, disposition);
    // A commit that fails is the state store's to report (as in finished()); the URI is marked all the same.
    if (this.#store) await this.#store.commit().catch(() => undefined);
    await this.#redis.settled();
    const keys = crawl.shard(shardOf(curi.queueKey, shards));
    const [bucket, member] = this.#uniq.place(curi.canonicalKey || curi.uri, Math.max(1, Math.floor(buckets / shards)));
    // Its claim ends here, or (the script failed) runs out within a lease's term: not renewed any more.
    this.#claims.delete(curi.uri);
    const fresh = await FETCHED_ELSEWHERE.run(crawl.link, {
      keys,
      args: {
        queuePrefix: keys.queuePrefix, seenPrefix: keys.seenPrefix, queue: curi.queueKey, seenBucket: bucket, fingerprint: member, uri: curi.uri,
        outcome: disposition, documents: document ? 1 : 0, bytes: document && curi.contentSize > 0 ? curi.contentSize : 0, delta: curi.delta ?? '',
      },
    });
    await flushed;
    return fresh === 1;
  }

  /**
   * A URI being fetched outside the queues, whose copy would be in queue `queueKey`: claimed in that
   * queue's shard for a lease's term (renewed with this worker's leases until its fetchedElsewhere),
   * so that whichever worker's TAKE reaches a queued copy meanwhile leaves it waiting. Not waited for:
   * one connection sends its commands in order, so the claim is in Redis before this worker's next
   * TAKE and before the URI's fetchedElsewhere. A claim lost (Redis away) lets a queued copy be fetched too.
   */
  claimElsewhere(uri: string, queueKey?: string): void {
    const crawl = this.#crawl;
    if (!crawl || queueKey === undefined) return;
    const shard = shardOf(queueKey, crawl.layout.shards);
    this.#claims.set(uri, { shard, since: Date.now() });
    // A claim lost (Redis away) is sent again by the next renewal; meanwhile a queued copy may be fetched too, never lost.
    void CLAIM.run(crawl.link, { keys: crawl.shard(shard), args: { uri, ms: this.#redis.config.leaseSeconds * 1000 } }).catch(() => undefined);
  }

  /** A URI taken while the crawl pauses goes back at once, so that the crawl can be PAUSED with nothing in flight. */
  async handBack(curi: CrawlUri): Promise<void> {
    const lease = this.#leases.get(curi);
    if (!lease) return;
    this.#leases.delete(curi);
    const crawl = this.#crawl!;
    await RELEASE_LEASE.run(crawl.link, { keys: crawl.shard(lease.shard), args: { queue: lease.queue, token: lease.token, runOut: '0' } });
    this.#maybeDue(lease.shard);
  }

  /** stats() are read from Redis once a second; this sends what was scheduled here and reads them now. */
  async refreshStats(): Promise<void> {
    await this.#flush();
    await this.#counters?.refresh();
  }

  stats(): FrontierStats {
    return this.#counters?.stats() ?? {
      discovered: 0, queued: 0, inProcess: 0, succeeded: 0, failed: 0, disregarded: 0, queues: { total: 0, ready: 0, snoozed: 0, retired: 0 },
    };
  }

  onFinal(listener: (curi: CrawlUri, d: Disposition) => void): void {
    this.#finalListeners.push(listener);
  }

  onDisposed(listener: (curi: CrawlUri, d: Disposition) => void): void {
    this.#disposedListeners.push(listener);
  }

  wakeAll(): void {
    this.#wakeAll();
  }

  /** Sends the scheduled URIs, one script call a shard; a flush already under way is waited for, then the rest goes. */
  /**
   * Sends the URIs scheduled so far, one script call a shard, in one pipeline: its commands are
   * written before this returns its promise (a connection down queues them, in order).
   * Flushes may overlap: each sends what was pending when it began.
   */
  #flush(): Promise<void> {
    if (this.#pendingCount === 0) return this.#flushes.size > 0 ? Promise.all(this.#flushes).then(() => undefined) : Promise.resolve();
    const crawl = this.#crawl ?? this.#redis.crawl;
    const batches = this.#pending;
    this.#pending = batches.map(() => []);
    this.#pendingCount = 0;
    const calls: Array<InputOf<typeof SCHEDULE>> = [];
    batches.forEach((items, n) => {
      if (items.length === 0) return;
      this.#maybeDue(n);
      const keys = crawl.shard(n);
      calls.push({ keys, args: { queuePrefix: keys.queuePrefix, seenPrefix: keys.seenPrefix }, items });
    });
    const flushing: Promise<void> = SCHEDULE.runAll(crawl.link, calls).then(() => {
      // A URI queued here may be the work an idle toe thread waits for.
      this.#wake?.();
    }, (e: unknown) => {
      // Not lost: they go back to be sent by the next flush (one sent twice is seen once crawl-wide).
      batches.forEach((items, n) => {
        this.#pending[n].push(...items);
        this.#pendingCount += items.length;
      });
      throw e;
    }).finally(() => this.#flushes.delete(flushing));
    this.#flushes.add(flushing);
    return flushing;
  }

  /**
   * Takes URIs for the toe threads waiting, from every shard that may have one due (in one round
   * trip, the calls pipelined), each shard for its share; waits while none is due; returns nothing
   * to the toe threads waiting when no shard has anything left anywhere. A shard found with nothing due is asked again when
   * its next queue's turn comes, when this worker queues or completes a URI there, and at least
   * every IDLE_POLL_MS (another worker may have given it work).
   */
  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#waiters.length > 0 && !this.#closed && !this.#ended) {
        await this.#flush();
        const crawl = this.#crawl!;
        const shards = crawl.layout.shards;
        const leaseMs = this.#redis.config.leaseSeconds * 1000;
        const now = Date.now();
        const want = this.#waiters.length - this.#taken.length;
        // As many shards as URIs wanted, in turn; more URIs than wanted come only when fewer shards
        // than that are due, and wait here for the next toe thread to ask.
        const due = Array.from({ length: shards }, (_, i) => (this.#cursor + i) % shards).filter((n) => (this.#dueAt[n] ?? 0) <= now).slice(0, Math.max(1, want));
        this.#cursor = (this.#cursor + 1) % shards;
        if (due.length > 0) {
          const each = Math.max(1, Math.ceil(want / due.length));
          // Leases run from when they were asked for, not from the answer (which a stalled process may read late).
          const asked = Date.now();
          const replies = await TAKE.runAll(crawl.link, due.map((n) => {
            const keys = crawl.shard(n);
            return { keys, args: { queuePrefix: keys.queuePrefix, worker: crawl.workerId, leaseMs, howMany: each } };
          }));
          replies.forEach(([redisNow, nextReady, nextExpiry, items], i) => {
            const quiet = items.length === 0 && nextReady === '-1' && nextExpiry === '-1';
            this.#took(due[i], items, asked, leaseMs, items.length / 3 < each ? nextLook(redisNow, nextReady, nextExpiry) : 0, quiet);
          });
        }
        if (this.#taken.length > 0) {
          this.#handOut();
          continue;
        }
        if (this.#quiet.size === shards && this.#leases.size === 0 && this.#pendingCount === 0 && (await this.#counters!.crawlIsOver())) {
          // Drained crawl-wide: the toe threads waiting return; the controller ends the crawl for
          // all (SharedCrawl.finish), or first runs the end of a delta run, which queues more.
          this.#drains++;
          this.#wakeAll();
          break;
        }
        const wait = Math.max(5, Math.min(...Array.from({ length: shards }, (_, n) => (this.#dueAt[n] ?? 0) - Date.now())));
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          this.#wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.#wake = undefined;
      }
    } finally {
      this.#pumping = false;
      this.#handOut();
    }
  }

  /** What a TAKE of shard `n` gave: leases for URIs now this worker's; the shard is looked at again in `againInMs` (0: at once). */
  #took(n: number, items: readonly string[], asked: number, leaseMs: number, againInMs: number, quiet: boolean): void {
    for (let k = 0; k < items.length; k += 3) {
      const curi = CrawlUri.fromQueued(decodeQueuedRow(items[k + 2], items[k]));
      const lease: Lease = { shard: n, queue: items[k], token: items[k + 1], expiresAt: asked + leaseMs, lost: new AbortController() };
      curi.leaseSignal = lease.lost.signal;
      curi.leaseValidUntil = lease.expiresAt - leaseMs / 6;
      this.#leases.set(curi, lease);
      this.#taken.push(curi);
    }
    this.#dueAt[n] = againInMs > 0 ? Date.now() + againInMs : 0;
    // Nothing waiting there nor leased (as far as this shard knows): a candidate for the end of the crawl.
    if (quiet) this.#quiet.add(n);
    else this.#quiet.delete(n);
  }

  /** Shard `n` may have a URI due from now on (one was queued there, or its queue's turn comes): it is looked at then. */
  #maybeDue(n: number, inMs = 0): void {
    const at = Date.now() + inMs;
    if ((this.#dueAt[n] ?? 0) > at) this.#dueAt[n] = at;
    this.#quiet.delete(n);
    if (inMs === 0) this.#wake?.();
  }

  #handOut(): void {
    while (this.#taken.length > 0 && this.#waiters.length > 0) this.#waiters.shift()!();
    // Nothing to take (the crawl ended, the frontier stops): every waiter looks again and returns.
    if (this.#ended || this.#closed) this.#wakeAll();
  }

  /**
   * Ends the fetches whose lease has not been renewed and runs out within a sixth of its term
   * (Redis away, or the lease found gone): another worker may take the queue once it has.
   */
  #abortExpiring(leaseMs: number): void {
    const now = Date.now();
    for (const lease of this.#leases.values()) if (!lease.lost.signal.aborted && lease.expiresAt - leaseMs / 6 <= now) lease.lost.abort();
  }

  /** Extends this worker's leases, one renewal at a time (a Redis that does not answer holds it). */
  async #renew(leaseMs: number): Promise<void> {
    if (this.#renewing) return;
    this.#renewing = true;
    try {
      await this.#renewOnce(leaseMs);
    } catch {
      // Redis away: the leases are not extended, and #abortExpiring ends their fetches in time.
    } finally {
      this.#renewing = false;
    }
  }

  /** This worker's leases, then its claims (claimElsewhere), extended by a term. */
  async #renewOnce(leaseMs: number): Promise<void> {
    const crawl = this.#crawl;
    if (!crawl) return;
    await this.#renewLeases(crawl, leaseMs);
    // Claims of URIs still being fetched for a page: pipelined, one round trip.
    if (this.#claims.size > 0) {
      const oldest = Date.now() - CLAIM_RENEWALS * leaseMs;
      for (const [uri, claim] of this.#claims) if (claim.since < oldest) this.#claims.delete(uri);
      await CLAIM.runAll(crawl.link, [...this.#claims].map(([uri, { shard }]) => ({ keys: crawl.shard(shard), args: { uri, ms: leaseMs } })));
    }
  }

  /** A lease found gone (it ran out: another worker has the queue) is not extended: its fetch is ended, its completion will be refused. */
  async #renewLeases(crawl: RedisCrawl, leaseMs: number): Promise<void> {
    if (this.#leases.size === 0) return;
    const byShard = new Map<number, Array<[CrawlUri, Lease]>>();
    for (const [curi, lease] of this.#leases) {
      const list = byShard.get(lease.shard) ?? [];
      list.push([curi, lease]);
      byShard.set(lease.shard, list);
    }
    for (const [n, list] of byShard) {
      const sent = Date.now();
      const ok = await RENEW.run(crawl.link, { keys: crawl.shard(n), args: { leaseMs }, items: list.map(([, l]) => ({ queue: l.queue, token: l.token })) });
      list.forEach(([curi, lease], i) => {
        if (ok[i] !== 1) return;
        lease.expiresAt = sent + leaseMs;
        curi.leaseValidUntil = lease.expiresAt - leaseMs / 6;
      });
    }
  }

  #end(): void {
    this.#ended = true;
    this.#wake?.();
    this.#wakeAll();
  }

  #wakeAll(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  #tell(listeners: ReadonlyArray<(curi: CrawlUri, d: Disposition) => void>, curi: CrawlUri, disposition: Disposition): void {
    for (const listener of listeners) {
      try {
        listener(curi, disposition);
      } catch (e) {
        process.emitWarning(`a listener of finished URIs failed on ${curi.uri}: ${(e as Error)?.message ?? String(e)}`);
      }
    }
  }
}
