import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResolvedBean, ResolvedGraph } from '../beans/resolve/resolved-bean.js';
import { pointLatestAt } from './run-folder.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { setWorkerName } from '../util/worker-name.js';

/** A launch that is one worker of a crawl shared through Redis. */
export interface WorkerLaunch {
  /** The crawl's run id (its folder `runs/RUN`), the same for every worker. */
  readonly run: string;
  readonly workerId: string;
  /** This worker's folder, relative to the job folder: `runs/RUN/workers/ID` (its crawl.log, WARC files, state). */
  readonly runDir: string;
  /** The run began with this launch (no run was in progress). */
  readonly began: boolean;
  /** The connection bean's id, for `--set ID.workerId=…`. */
  readonly connectionBean: string;
}

/** The RedisConnection bean of a job whose frontier is kept in Redis: such a launch is a worker. */
export function sharedCrawlConnection(graph: ResolvedGraph): ResolvedBean | undefined {
  const frontier = graph.beans.find((b) => b.descriptor.kinds.includes('Frontier'));
  if (!frontier || !('redis' in (frontier.descriptor.refs ?? {}))) return undefined;
  return graph.beans.find((b) => b.descriptor.kinds.includes('RedisConnection'));
}

/**
 * Joins the crawl (or begins its run) before the beans are built, since the worker's folder is
 * named by the run; the RedisConnection bean takes the joined crawl over when it starts. Makes
 * `runs/RUN/workers/ID` and points `JOB/latest` at `runs/RUN`.
 */
export async function joinAsWorker(
  jobDir: string, graph: ResolvedGraph, connection: ResolvedBean, newRun: string,
  how: { readonly workerId?: string; readonly onWaiting?: (message: string) => void; readonly signal?: AbortSignal; readonly forgetHistory?: boolean } = {},
): Promise<WorkerLaunch> {
  const { workerId, onWaiting, signal } = how;
  const { joinCrawl } = await import('../components/redis/redis-connection.js');
  const { RedisCrawl } = await import('../components/redis/redis-crawl.js');
  const { handOverCrawl } = await import('../components/redis/joined-crawls.js');
  const config = connection.config as Parameters<typeof joinCrawl>[0];
  const id = workerId || config.workerId || RedisCrawl.defaultWorkerId();
  const crawl = await joinCrawl({ ...config, crawlName: sharedCrawlName(graph, connection), workerId: id }, newRun, onWaiting, signal).catch((e: unknown) => {
    throw signal?.aborted ? new BeancrawlError([{ code: 'BC_JOB_NOT_RUNNING', location: { file: jobDir }, message: (e as Error).message }]) : e;
  });
  // The fetch history in Redis (RedisFetchHistory) is dropped by the launch that begins a run, before any bean reads it.
  if (how.forgetHistory && crawl.began) {
    for (const pattern of [crawl.keys.historyPattern(), crawl.keys.history]) await crawl.link.unlinkMatching(pattern);
  } else if (how.forgetHistory) onWaiting?.(`--forget-history applies to a new run; this worker joined run ${crawl.run}, in progress, and keeps its history`);
  handOverCrawl(crawl);
  // What names files after the worker (WARC's ${worker}) names them after this one.
  setWorkerName(id);
  const runDir = join('runs', crawl.run, 'workers', id);
  await mkdir(join(jobDir, runDir), { recursive: true });
  await pointLatestAt(jobDir, join('runs', crawl.run));
  return { run: crawl.run, workerId: id, runDir, began: crawl.began, connectionBean: connection.id };
}

/** Leaves a crawl joined by a launch that failed before its beans were built, or whose beans have stopped; the process is no worker any more. */
export async function abandonJoin(graph: ResolvedGraph, connection: ResolvedBean): Promise<void> {
  setWorkerName(undefined);
  const { takeOverCrawl } = await import('../components/redis/joined-crawls.js');
  const crawl = takeOverCrawl(sharedCrawlName(graph, connection));
  await crawl?.leave();
  await crawl?.link.close();
}

/** The crawl's name in Redis, as the RedisConnection bean works it out (crawlName, else the metadata's jobName). */
export function sharedCrawlName(graph: ResolvedGraph, connection: ResolvedBean): string {
  const metadata = graph.beans.find((b) => b.descriptor.kinds.includes('CrawlMetadata'));
  return String(connection.config.crawlName || (metadata?.config.jobName ?? ''));
}
