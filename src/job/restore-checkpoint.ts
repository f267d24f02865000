import type { ResolvedGraph } from '../beans/resolve/resolved-bean.js';
import { existsSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import { openStateFolder } from '../components/state/state-folder.js';
import { basename, dirname, join } from 'node:path';
import { CHECKPOINT_STATE, listCheckpoints, type CheckpointStamp } from '../engine/checkpoint-folder.js';
import { BeancrawlError } from '../util/beancrawl-error.js';

/** The complete checkpoint called `name` (or the newest, for `latest`) in `dir`. */
/** Where the job's checkpoints go: its CheckpointService's checkpointsDir, else JOB/checkpoints. */
export function checkpointsDirOf(graph: ResolvedGraph, jobDir: string): string {
  const service = graph.beans.find((b) => b.descriptor.kinds.includes('CheckpointService'));
  return (service?.config.checkpointsDir as string | undefined) ?? join(jobDir, 'checkpoints');
}

export async function findCheckpoint(dir: string, name: string): Promise<{ dir: string; stamp: CheckpointStamp }> {
  const all = await listCheckpoints(dir);
  const found = name === 'latest' ? all.at(-1) : all.find((c) => c.stamp.name === name || basename(c.dir) === name);
  if (found) return found;
  const known = all.map((c) => c.stamp.name);
  throw new BeancrawlError([{
    code: 'BC_CHECKPOINT_UNKNOWN', location: { file: dir },
    message: name === 'latest' ? 'there is no complete checkpoint in this folder' : `no complete checkpoint "${name}" in this folder`,
    hints: known.length ? [`complete checkpoints: ${known.join(', ')}`] : undefined,
  }]);
}

/**
 * Replaces the state folder with a copy of the checkpoint's state. The copy is made beside it
 * and swapped in by renames, so a crash midway leaves either the old state or the new one.
 */
export async function restoreCheckpoint(checkpointDir: string, stateDir: string): Promise<void> {
  const { incoming, outgoing } = swapFolders(stateDir);
  await finishSwap(stateDir);
  await rm(incoming, { recursive: true, force: true });
  await cp(join(checkpointDir, CHECKPOINT_STATE), incoming, { recursive: true });
  // The copy must open as a state this version reads before the current one is moved away.
  await (await openStateFolder(incoming)).close();
  await rename(stateDir, outgoing).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
  await rename(incoming, stateDir);
  await rm(outgoing, { recursive: true, force: true });
}

/** The folders a swap uses beside the state folder. */
function swapFolders(stateDir: string): { incoming: string; outgoing: string } {
  const parent = dirname(stateDir);
  return { incoming: join(parent, `.${basename(stateDir)}.incoming`), outgoing: join(parent, `.${basename(stateDir)}.outgoing` ) };
}

/**
 * Puts right a swap that a crash cut short: with no state folder but an outgoing one, the old
 * state is moved back (the checkpoint was never taken up); an outgoing one beside a state folder
 * is what a finished swap had not yet removed.
 */
export async function finishSwap(stateDir: string): Promise<void> {
  const { outgoing } = swapFolders(stateDir);
  if (!existsSync(outgoing)) return;
  if (existsSync(stateDir)) await rm(outgoing, { recursive: true, force: true });
  else await rename(outgoing, stateDir);
}
