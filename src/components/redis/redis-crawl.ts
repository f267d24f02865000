import { hostname } from 'node:os';
import type { SharedCrawl, SharedCrawlState } from '../../model/shared-crawl.js';
import type { RedisLink } from './redis-link.js';
import { RedisKeys, type ShardKeys } from './redis-keys.js';
import { JOIN, SET_STATE, STEP } from './redis-scripts.js';

/** How a crawl's data is laid out in Redis: fixed when its run begins, the same for every worker. */
export interface RedisLayout {
  readonly shards: number;
  /** Buckets of the seen set, crawl-wide (each shard has buckets ÷ shards). */
  readonly buckets: number;
}

/** Redis away (or refusing writes) this long pauses the crawl with an alert. */
const DOWN_ALERT_MS = 2000;

/** How often a worker reads the crawl's state and says it is alive. */
const WATCH_MS = 500;

/** How often a worker waiting for a step another holds (SharedCrawl.once) looks again. */
const STEP_POLL_MS = 250;

/**
 * One worker's part in a crawl kept in Redis: the run it joined (or began), the crawl-wide
 * state it watches (pause, unpause, terminate from any machine), and its heartbeat in the
 * workers' hash.
 */
export class RedisCrawl implements SharedCrawl {
  #state: SharedCrawlState;
  #exitStatus?: string;
  readonly #listeners: Array<(state: SharedCrawlState, exitStatus?: string) => void> = [];
  #timer?: NodeJS.Timeout;
  readonly #shards: ShardKeys[];
  /** The last checkpoint asked of the workers (crawl hash field `checkpoint`), so that each is taken once. */
  #checkpointAsked?: string;
  #onCheckpoint?: (name: string) => Promise<void>;
  /** How long a step (once()) is held by its worker unrenewed, and this worker's heartbeat counts it live: the connection's lease. */
  stepLeaseMs = 30_000;
  /** A look at the crawl's state under way (#watch): the next waits for it. */
  #watching = false;
  /** A write of this worker's entry in the workers' hash under way. */
  #describing = false;

  private constructor(
    readonly link: RedisLink, readonly keys: RedisKeys, readonly run: string, readonly workerId: string,
    /** The run began with this worker (it announces the seeds; any worker may, the seen set drops repeats). */
    readonly began: boolean, readonly layout: RedisLayout, state: SharedCrawlState,
  ) {
    this.#state = state;
    this.#shards = Array.from({ length: layout.shards }, (_, n) => keys.shard(run, n));
  }

  /**
   * Joins the crawl named `name`: the run in progress, or a new one (`run` its id) when there is
   * none or the last is over. The new run's layout is `layout`; a run in progress keeps its own.
   * The keys of the run a new one replaces are dropped in the background.
   */
  static async join(link: RedisLink, name: string, run: string, workerId: string, layout: RedisLayout): Promise<RedisCrawl> {
    const keys = new RedisKeys(name);
    const [joined, began, replaced, state, shards, buckets] = await JOIN.run(link, { keys, args: { newRun: run, shards: layout.shards, buckets: layout.buckets } });
    // The keys of a run this one replaces: those left are stray keys no one reads.
    if (replaced) void link.unlinkMatching(keys.runPattern(replaced)).catch(() => undefined);
    const crawl = new RedisCrawl(link, keys, joined, workerId, began === 1, { shards: Number(shards), buckets: Number(buckets) }, state as SharedCrawlState);
    // A checkpoint asked before this worker joined is not its to take.
    crawl.#checkpointAsked = ((await link.command('HGET', keys.crawl, 'checkpoint')) as string | null) ?? '';
    await crawl.#heartbeat();
    return crawl;
  }

  /**
   * The crawl named `name` as it stands, for an operator's command from any machine (pause,
   * status…): nothing is joined or begun; undefined when the crawl never ran.
   */
  static async observe(link: RedisLink, name: string): Promise<RedisCrawl | undefined> {
    const keys = new RedisKeys(name);
    const [run, state, shards, buckets, exitStatus] = (await link.command('HMGET', keys.crawl, 'run', 'state', 'shards', 'buckets', 'exitStatus')) as Array<string | null>;
    if (!run) return undefined;
    const crawl = new RedisCrawl(link, keys, run, '', false, { shards: Number(shards), buckets: Number(buckets) }, state as SharedCrawlState);
    crawl.#exitStatus = exitStatus || undefined;
    return crawl;
  }

  /**
   * The workers of this run that have not left it, with when each last wrote its entry, and
   * whether it is live: its heartbeat's lease (a key that expires `stepLeaseMs` after its last
   * renewal, by Redis's clock) still holds. A worker killed, or stalled past its leases, is dead.
   */
  async workers(): Promise<WorkerSeen[]> {
    const all = (await this.link.command('HGETALL', this.keys.workers)) as string[];
    const out: WorkerSeen[] = [];
    for (let i = 0; i + 1 < all.length; i += 2) {
      const w = JSON.parse(all[i + 1]) as { run: string; host: string; pid: number; seenAt: number };
      if (w.run !== this.run) continue;
      const ttl = Number(await this.link.command('PTTL', this.keys.alive(all[i])));
      out.push({ id: all[i], host: w.host, pid: w.pid, seenAt: w.seenAt, live: ttl > 0 || ttl === -1 });
    }
    return out;
  }

  /** This worker's default name: host and process. */
  static defaultWorkerId(): string {
    return `${hostname().replace(/[^A-Za-z0-9._-]/g, '_')}-${process.pid}`;
  }

  get problem(): string | undefined {
    const since = this.link.downSince;
    if (since !== 0 && Date.now() - since >= DOWN_ALERT_MS) {
      return `Redis does not answer (since ${new Date(since).toISOString()}${this.link.lastError ? `: ${this.link.lastError}` : ''}); the crawl goes ` +
        `on when it does`;
    }
    const refusing = this.link.refusingSince;
    if (refusing !== 0 && Date.now() - refusing >= DOWN_ALERT_MS) {
      return `Redis refuses writes (since ${new Date(refusing).toISOString()}: ${this.link.refusal}); the crawl goes on when it takes them again, ` +
        'nothing lost';
    }
    return undefined;
  }

  get state(): SharedCrawlState {
    return this.#state;
  }

  get exitStatus(): string | undefined {
    return this.#exitStatus;
  }

  /** The keys of shard `n` of this run. */
  shard(n: number): ShardKeys {
    return this.#shards[n];
  }

  watchState(listener: (state: SharedCrawlState, exitStatus?: string) => void): void {
    this.#listeners.push(listener);
    listener(this.#state, this.#exitStatus);
    this.#timer ??= setInterval(() => void this.#watch(), WATCH_MS).unref();
  }

  async setState(state: Exclude<SharedCrawlState, 'FINISHED'> | 'FINISHED', exitStatus = ''): Promise<void> {
    const now = await SET_STATE.run(this.link, { keys: this.keys, args: { run: this.run, newState: state, exitStatus } });
    // Every shard hands out nothing while the crawl is paused (TAKE reads its `paused`), whichever worker looks.
    if (now) await Promise.all(this.#shards.map((s) => this.link.command('HSET', s.count, 'paused', now === 'PAUSED' ? 1 : 0)));
    if (now) this.#changed(now as SharedCrawlState, now === state ? exitStatus : this.#exitStatus);
  }

  async count(name: string, n = 1): Promise<void> {
    // The first shard's counters: the stats sum every shard's.
    await this.link.command('HINCRBY', this.#shards[0].count, name, n);
  }

  async finish(): Promise<void> {
    await this.setState('FINISHED');
  }

  async once(step: string, work: () => Promise<unknown>, signal?: AbortSignal): Promise<void> {
    const steps = this.keys.steps(this.run);
    const call = (action: 'take' | 'done' | 'drop'): Promise<string> => STEP.run(this.link, { keys: { steps }, args: { step, worker: this.workerId, leaseMs: this.stepLeaseMs, action } });
    while (!signal?.aborted && this.#state !== 'FINISHED' && this.#state !== 'TERMINATING') {
      // Redis away: this worker waits for it like the others, then asks again.
      const answer = await call('take').catch(() => 'wait');
      if (answer === 'done') return;
      if (answer === 'mine') {
        // Held while the work goes on; a worker stalled past the lease may find another took the step over (its work goes on from there).
        const renew = setInterval(() => void call('take').catch(() => undefined), Math.max(100, this.stepLeaseMs / 3)).unref();
        try {
          await work();
        } catch (e) {
          // The work's failure thrown below is the one to tell; a step not dropped is taken over by another worker when its lease runs out.
          await call('drop').catch(() => undefined);
          throw e;
        } finally {
          clearInterval(renew);
        }
        await call('done');
        return;
      }
      await pause(STEP_POLL_MS, signal);
    }
  }

  /**
   * Takes this worker's part of each checkpoint asked for from now on (`beancrawl checkpoint JOB`):
   * `save` copies its own state; the answer (`done`, or why not) goes to the checkpoint's hash.
   */
  onCheckpoint(save: (name: string) => Promise<void>): void {
    this.#onCheckpoint = save;
  }

  /** Asks every worker for its part of checkpoint `name` (their answers: `checkpointAnswers`). */
  async askCheckpoint(name: string): Promise<void> {
    await this.link.command('HSET', this.keys.crawl, 'checkpoint', name);
  }

  /** The workers' answers to checkpoint `name`: worker → `done` or why it failed. */
  async checkpointAnswers(name: string): Promise<Map<string, string>> {
    const all = (await this.link.command('HGETALL', this.keys.checkpoint(name))) as string[];
    const answers = new Map<string, string>();
    for (let i = 0; i + 1 < all.length; i += 2) answers.set(all[i], all[i + 1]);
    return answers;
  }

  async #takeCheckpoint(name: string): Promise<void> {
    let answer = 'done';
    try {
      if (!this.#onCheckpoint) throw new Error('this worker keeps no state to checkpoint');
      await this.#onCheckpoint(name);
    } catch (e) {
      answer = (e as Error)?.message ?? String(e);
    }
    await this.link.command('HSET', this.keys.checkpoint(name), this.workerId, answer);
  }

  async #watch(): Promise<void> {
    // A look that waits (Redis away, or refusing writes) is not joined by more.
    if (this.#watching) return;
    this.#watching = true;
    try {
      const [run, state, exitStatus, checkpoint] = (await this.link.command('HMGET', this.keys.crawl, 'run', 'state', 'exitStatus', 'checkpoint')) as Array<string | null>;
      await this.#heartbeat();
      if (checkpoint && this.#checkpointAsked !== undefined && checkpoint !== this.#checkpointAsked && run === this.run) {
        this.#checkpointAsked = checkpoint;
        await this.#takeCheckpoint(checkpoint);
      }
      // A run that is no longer the crawl's (dropped, replaced) is over for this worker.
      this.#changed(run === this.run ? (state as SharedCrawlState) : 'FINISHED', exitStatus || undefined);
    } catch {
      // Redis away: the frontier's alert says so; the state stays as last read.
    } finally {
      this.#watching = false;
    }
  }

  #changed(state: SharedCrawlState, exitStatus?: string): void {
    if (state === this.#state && exitStatus === this.#exitStatus) return;
    this.#state = state;
    this.#exitStatus = exitStatus;
    for (const listener of this.#listeners) listener(state, exitStatus);
  }

  /**
   * Says this worker is alive: renews its heartbeat's lease (PEXPIRE, which Redis takes even out of
   * memory; SET when the key is gone), then writes its entry in the workers' hash (host, pid, when),
   * one write at a time, not waited for: a Redis refusing writes holds the entry, not the heartbeat.
   */
  async #heartbeat(): Promise<void> {
    const alive = this.keys.alive(this.workerId);
    if (Number(await this.link.command('PEXPIRE', alive, this.stepLeaseMs)) !== 1) await this.link.command('SET', alive, this.run, 'PX', this.stepLeaseMs);
    if (this.#describing) return;
    this.#describing = true;
    const entry = JSON.stringify({ run: this.run, pid: process.pid, host: hostname(), seenAt: Date.now() });
    const written = this.link.command('HSET', this.keys.workers, this.workerId, entry).finally(() => (this.#describing = false));
    if (this.#timer === undefined) await written;
    // The first (from join) is waited for; a later one that fails loses nothing: the next heartbeat writes the entry again.
    else void written.catch(() => undefined);
  }

  /** Stops watching; the worker leaves the workers' hash. */
  async leave(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    // An entry left (Redis away) keeps its last seenAt, no longer renewed: it reads as a worker last seen then.
    await this.link.command('HDEL', this.keys.workers, this.workerId).catch(() => undefined);
    // A heartbeat left (Redis away) runs out by itself within the lease: the worker then reads as dead.
    await this.link.command('DEL', this.keys.alive(this.workerId)).catch(() => undefined);
  }
}

/** A worker as the workers' hash and its heartbeat say. */
export interface WorkerSeen {
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  /** When it last wrote its entry (its clock). */
  readonly seenAt: number;
  /** Its heartbeat's lease holds: it said it was alive within the connection's leaseSeconds. */
  readonly live: boolean;
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
