import { ClassicLevel } from 'classic-level';
import { LevelStateStore } from '../../src/components/state/level-state-store.js';

/**
 * A LevelStateStore on `dir` with the descriptor's other defaults, except that commits come
 * only when asked for (or at stop) unless `commitIntervalMs` says otherwise: tests decide when.
 */
export function levelStore(dir: string, commitIntervalMs = 60_000): LevelStateStore {
  return new LevelStateStore({ dir, commitIntervalMs, syncCommits: false, cachePercent: -1, useSharedCache: true, expectedConcurrency: 64, useHardLinkCheckpoints: true, maxOpenFiles: 128 });
}

/** Every raw entry of the (closed) database at `dir`, sublevel keys as `!name!key`. */
export async function dumpLevel(dir: string): Promise<Array<[string, string]>> {
  const db = new ClassicLevel<string, string>(dir, { keyEncoding: 'utf8', valueEncoding: 'utf8', createIfMissing: false });
  await db.open();
  try {
    return await db.iterator().all();
  } finally {
    await db.close();
  }
}
