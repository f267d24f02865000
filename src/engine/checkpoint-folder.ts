import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { timestamp17 } from '../util/timestamp17.js';

/** The file that stamps a checkpoint valid; written last. */
export const CHECKPOINT_STAMP = 'checkpoint.json';
/** The state copy inside a checkpoint. */
export const CHECKPOINT_STATE = 'state';

export interface CheckpointStamp {
  readonly name: string;
  readonly takenAt: string;
  /** The run folder (relative to the job) of the run it was taken in. */
  readonly runDir?: string;
  readonly entries: number;
  readonly valid: true;
  /**
   * A checkpoint of a crawl shared through Redis: its keys are in `redis-keys.bin` (`entries` of
   * them), and each worker's own state in `workers/ID/state`.
   */
  readonly shared?: { readonly crawl: string; readonly run: string; readonly shards: number; readonly buckets: number; readonly workers: readonly string[] };
}

/** The file of a shared crawl's checkpoint that holds its Redis keys. */
export const CHECKPOINT_REDIS_KEYS = 'redis-keys.bin';

const NAME = /^cp(\d{5,})-\d{14}$/;

/** The checkpoints in a folder that are complete (stamped valid), oldest first. */
export async function listCheckpoints(dir: string): Promise<Array<{ dir: string; stamp: CheckpointStamp; serial: number }>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: Array<{ dir: string; stamp: CheckpointStamp; serial: number }> = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    const stamp = await readFile(join(dir, name, CHECKPOINT_STAMP), 'utf8').then(parseStamp, () => undefined);
    if (stamp?.valid === true) found.push({ dir: join(dir, name), stamp, serial: Number(m[1]) });
  }
  return found.sort((a, b) => a.serial - b.serial);
}

/** `cpNNNNN-yyyyMMddHHmmss`, numbered after every checkpoint begun in the folder, complete or not. */
export async function nextCheckpointName(dir: string, now = new Date()): Promise<string> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let serial = 0;
  for (const name of names) {
    const m = /^cp(\d{5,})-/.exec(name);
    if (m) serial = Math.max(serial, Number(m[1]));
  }
  return `cp${String(serial + 1).padStart(5, '0')}-${timestamp17(now.getTime()).slice(0, 14)}`;
}

/** A stamp that does not parse marks a checkpoint as incomplete, like a missing one. */
function parseStamp(text: string): CheckpointStamp | undefined {
  try {
    return JSON.parse(text) as CheckpointStamp;
  } catch {
    return undefined;
  }
}
