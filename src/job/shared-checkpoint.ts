import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CHECKPOINT_REDIS_KEYS, CHECKPOINT_STAMP, nextCheckpointName, type CheckpointStamp } from '../engine/checkpoint-folder.js';
import type { RedisCrawl } from '../components/redis/redis-crawl.js';
import type { RedisLink } from '../components/redis/redis-link.js';
import type { ShardCounters } from '../components/redis/shard-counters.js';
import { restoreKeys, saveKeys } from '../components/redis/run-snapshot.js';
import { RedisKeys } from '../components/redis/redis-keys.js';
import { findCheckpoint, restoreCheckpoint } from './restore-checkpoint.js';
import { CleanupStack } from '../util/cleanup-stack.js';
import { writeFileWhole } from '../util/write-file-whole.js';

/**
 * A checkpoint of a crawl shared through Redis: the crawl is paused until nothing is in flight;
 * every live worker copies its own state (output positions, totals) into `workers/ID/state`; the
 * run's keys are saved from Redis; the stamp is written last. The crawl goes on after, unless it
 * was paused before. Returns the checkpoint's name.
 */
export async function takeSharedCheckpoint(crawl: RedisCrawl, counters: ShardCounters, checkpointsDir: string, timeoutMs: number): Promise<string> {
  const wasPaused = crawl.state === 'PAUSED';
  await crawl.setState('PAUSED');
  // The crawl goes on after, whatever became of the checkpoint; one that cannot is told, with the checkpoint's own error if it failed.
  const cleanups = new CleanupStack();
  if (!wasPaused) cleanups.defer('the crawl stays paused, as setting it RUNNING again failed (beancrawl unpause JOB)', () => crawl.setState('RUNNING'));
  try {
    await waitFor(async () => {
      await counters.refresh();
      return counters.stats()!.inProcess === 0;
    }, 'the URIs in flight to be done', timeoutMs);
    await mkdir(checkpointsDir, { recursive: true });
    const name = await nextCheckpointName(checkpointsDir);
    const dir = join(checkpointsDir, name);
    await mkdir(dir);
    // Every live worker (its heartbeat's lease holds) is asked for its part.
    const workers = (await crawl.workers()).filter((w) => w.live).map((w) => w.id);
    await crawl.askCheckpoint(name);
    await waitFor(async () => {
      const answers = await crawl.checkpointAnswers(name);
      return workers.every((w) => answers.has(w));
    }, `workers ${workers.join(', ')} to save their state`, timeoutMs);
    const answers = await crawl.checkpointAnswers(name);
    const failed = [...answers].find(([, answer]) => answer !== 'done');
    if (failed) throw new Error(`worker ${failed[0]} could not save its state: ${failed[1]}`);
    // The run's keys, and the fetch history as it stands (it goes on from run to run, the checkpoint's with it).
    const entries = await saveKeys(crawl.link, savedPatterns(crawl.keys, crawl.run), join(dir, CHECKPOINT_REDIS_KEYS));
    const stamp: CheckpointStamp = {
      name, takenAt: new Date().toISOString(), runDir: join('runs', crawl.run), entries, valid: true,
      shared: { crawl: crawl.keys.name, run: crawl.run, shards: crawl.layout.shards, buckets: crawl.layout.buckets, workers: [...answers.keys()].sort() },
    };
    await writeFileWhole(join(dir, CHECKPOINT_STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
    await cleanups.dispose();
    return name;
  } catch (e) {
    await cleanups.dispose({ error: e });
    throw e;
  }
}

/**
 * Before a worker launched with `--checkpoint` joins: the crawl's keys are put back as the
 * checkpoint saved them and its run goes on from there, unless an earlier worker already did
 * so from this checkpoint (the crawl's `restoredFrom`). Returns the checkpoint's folder.
 */
export async function restoreSharedRun(link: RedisLink, name: string, checkpointsDir: string, checkpoint: string): Promise<{ dir: string; stamp: CheckpointStamp }> {
  const found = await findCheckpoint(checkpointsDir, checkpoint);
  const shared = found.stamp.shared;
  if (!shared) throw new Error(`checkpoint ${found.stamp.name} was not taken of a crawl shared through Redis`);
  const keys = new RedisKeys(name);
  const [run, state, restoredFrom] = (await link.command('HMGET', keys.crawl, 'run', 'state', 'restoredFrom')) as Array<string | null>;
  if (restoredFrom === found.stamp.name && run === shared.run && state !== 'FINISHED') return found;
  for (const pattern of savedPatterns(keys, run ?? shared.run)) await link.unlinkMatching(pattern);
  if (run !== shared.run) await link.unlinkMatching(keys.runPattern(shared.run));
  await restoreKeys(link, join(found.dir, CHECKPOINT_REDIS_KEYS));
  // Taken while the crawl was paused: its shards go on handing out URIs.
  for (let n = 0; n < shared.shards; n++) await link.command('HSET', keys.shard(shared.run, n).count, 'paused', 0);
  await link.command('HSET', keys.crawl, 'run', shared.run, 'state', 'RUNNING', 'exitStatus', '', 'shards', shared.shards, 'buckets', shared.buckets, 'restoredFrom', found.stamp.name);
  return found;
}

/** What a checkpoint saves of a crawl in Redis: the run's keys and the fetch history's (RedisFetchHistory). */
function savedPatterns(keys: RedisKeys, run: string): string[] {
  return [keys.runPattern(run), keys.historyPattern(), keys.history];
}

/** The worker's own state as the checkpoint kept it, in place of its folder's (none for a worker the checkpoint did not know). */
export async function restoreWorkerState(checkpointDir: string, workerId: string, stateDir: string): Promise<boolean> {
  const own = join(checkpointDir, 'workers', workerId);
  if (!(await stat(join(own, 'state')).then(() => true, () => false))) return false;
  await restoreCheckpoint(own, stateDir);
  return true;
}

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`gave up after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
