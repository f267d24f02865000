import type { ControlCommand } from './control-socket.js';
import type { FrontierStats } from '../model/frontier.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { orAfter } from '../util/or-after.js';
import { sharedCrawlConnection } from './join-as-worker.js';
import { verifyJob } from './verify-job.js';
import { checkpointsDirOf } from './restore-checkpoint.js';

/** A crawl shared through Redis, as `beancrawl status JOB --json` gives it. */
export interface SharedCrawlStatus {
  readonly crawl: string;
  readonly run: string;
  /** RUNNING, PAUSING (paused, URIs still in flight), PAUSED, TERMINATING or FINISHED. */
  readonly state: string;
  readonly exitStatus?: string;
  readonly frontier: FrontierStats;
  /** The workers that have not left the run: `live` while their heartbeat's lease holds (leaseSeconds), dead after (killed, or stalled past it). */
  readonly workers: ReadonlyArray<{ readonly id: string; readonly host: string; readonly pid: number; readonly seenAt: string; readonly live: boolean }>;
  /** Completions refused (stale leases) and leases that ran out, crawl-wide. */
  readonly refused: number;
  readonly expired: number;
  /** The checkpoint `checkpoint` took (JOB/checkpoints/NAME). */
  readonly checkpoint?: string;
}

/** The Redis connection bean of a job whose frontier is shared, with the job's graph; undefined for any other job. */
async function sharedJob(target: string) {
  // verifyJob throws when there is no bean file to read (what it finds wrong in one are diagnostics): no shared crawl, and the job folder's own path, which the caller takes next, reports it (BC_JOB_NOT_FOUND).
  const verified = await verifyJob(target).catch(() => undefined);
  const graph = verified?.resolved;
  const connection = graph && sharedCrawlConnection(graph);
  if (!graph || !connection) return undefined;
  const metadata = graph.beans.find((b) => b.descriptor.kinds.includes('CrawlMetadata'));
  const name = String(connection.config.crawlName || (metadata?.config.jobName ?? ''));
  const checkpointsDir = checkpointsDirOf(graph, verified.jobDir);
  return { file: verified.file, config: connection.config, name, checkpointsDir };
}

/**
 * Acts on a crawl shared through Redis from any machine: pause, unpause and terminate set the
 * crawl-wide state every worker follows; status reads the crawl-wide counters. Undefined when the
 * job's frontier is not shared (its crawl is driven through the job folder's control socket).
 */
export async function controlSharedCrawl(target: string, command: ControlCommand): Promise<SharedCrawlStatus | undefined> {
  const job = await sharedJob(target);
  if (!job) return undefined;
  const { openRedisLink } = await import('../components/redis/redis-link.js');
  const { RedisCrawl } = await import('../components/redis/redis-crawl.js');
  const { ShardCounters } = await import('../components/redis/shard-counters.js');
  const { redisUrl, cluster, connectTimeoutMs } = job.config as { redisUrl: string; cluster: boolean; connectTimeoutMs: number };
  const link = openRedisLink({ url: redisUrl, cluster, connectTimeoutMs });
  try {
    const crawl = await withTimeout(RedisCrawl.observe(link, job.name), connectTimeoutMs, () => notReachable(job.file, link.lastError));
    const over = !crawl || crawl.state === 'FINISHED';
    if (command !== 'status' && over) throw refusal(job.file, 'BC_JOB_NOT_RUNNING', `no crawl named "${job.name}" is running in Redis`);
    if (!crawl) throw refusal(job.file, 'BC_JOB_NOT_RUNNING', `no crawl named "${job.name}" has run in Redis`);
    const counters = new ShardCounters(crawl);
    let checkpoint: string | undefined;
    if (command === 'checkpoint') {
      const { takeSharedCheckpoint } = await import('./shared-checkpoint.js');
      checkpoint = await takeSharedCheckpoint(crawl, counters, job.checkpointsDir, CHECKPOINT_TIMEOUT_MS).catch((e: unknown) => {
        throw refusal(job.file, 'BC_CHECKPOINT_FAILED', `the checkpoint failed: ${(e as Error)?.message ?? String(e)}`);
      });
    } else if (command !== 'status') {
      await crawl.setState(command === 'pause' ? 'PAUSED' : command === 'unpause' ? 'RUNNING' : 'TERMINATING', command === 'terminate' ? 'ABORTED' : '');
    }
    await counters.refresh();
    const frontier = counters.stats()!;
    const state = crawl.state === 'PAUSED' && frontier.inProcess > 0 ? 'PAUSING' : crawl.state;
    const workers = (await crawl.workers()).map((w) => ({ ...w, seenAt: new Date(w.seenAt).toISOString() }));
    return { crawl: job.name, run: crawl.run, state, exitStatus: crawl.exitStatus, frontier, workers, refused: counters.total('stale'), expired: counters.total('expired'), checkpoint };
  } finally {
    await link.close();
  }
}

/** The status as lines of text. */
export function describeSharedCrawl(s: SharedCrawlStatus, after = 'status'): string {
  const f = s.frontier;
  return [
    `state: ${s.state}${after === 'status' ? '' : ` (after ${after})`}${s.exitStatus ? ` (${s.exitStatus})` : ''}; crawl "${s.crawl}", run ` +
      `${s.run}, shared through Redis`,
    `URIs: ${f.discovered} discovered, ${f.queued} queued, ${f.inProcess} in process, ${f.succeeded} succeeded, ${f.failed} failed, ` +
      `${f.disregarded} disregarded`,
    `leases: ${s.expired} ran out, ${s.refused} late completions refused`,
    `workers: ${s.workers.filter((w) => w.live).length} live, ${s.workers.filter((w) => !w.live).length} dead${s.workers.map((w) => `\n  ${w.id} ` +
      `(${w.host}, pid ${w.pid}): ${w.live ? 'live' : 'dead (its heartbeat ran out)'}, last seen ${w.seenAt}`).join('')}`,
    ...(s.checkpoint ? [`checkpoint: ${s.checkpoint}`] : []),
  ].join('\n');
}

/** How long a checkpoint waits for the URIs in flight, then for the workers' answers. */
const CHECKPOINT_TIMEOUT_MS = 600_000;

function refusal(file: string, code: 'BC_JOB_NOT_RUNNING' | 'BC_CHECKPOINT_FAILED', message: string): BeancrawlError {
  return new BeancrawlError([{ code, location: { file }, message }]);
}

function notReachable(file: string, why: string | undefined): BeancrawlError {
  return refusal(file, 'BC_JOB_NOT_RUNNING', `the job's Redis does not answer${why ? ` (${why})` : ''}`);
}

/** What work not done in time is taken to have given. */
const TIMED_OUT = Symbol('timed out');

async function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  const outcome = await orAfter(work, ms, TIMED_OUT);
  if (outcome === TIMED_OUT) throw onTimeout();
  return outcome;
}
