import { cp, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CHECKPOINT_STATE, listCheckpoints, type CheckpointStamp } from '../engine/checkpoint-folder.js';
import { BeancrawlError } from '../util/beancrawl-error.js';

/** The complete checkpoint called `name` (or the newest, for `latest`) in `dir`. */
export async function findCheckpoint(dir: string, name: string): Promise<{ dir: string; stamp: CheckpointStamp }> {
  const all = await listCheckpoints(dir);
  const found = name === 'latest' ? all.at(-1) : all.find((c) => c.stamp.name === name || basename(c.dir) === name);
  if (found) return found;
  const known = all.map((c) => c.stamp.name);
  throw new BeancrawlError([{
    code: 'BC_CHECKPOINT_UNKNOWN', location: { file: dir, line: 1, column: 1 },
    message: name === 'latest' ? 'there is no complete checkpoint in this folder' : `no complete checkpoint "${name}" in this folder`,
    hints: known.length ? [`complete checkpoints: ${known.join(', ')}`] : undefined,
  }]);
}

/**
 * Replaces the state folder with a copy of the checkpoint's state. The copy is made beside it
 * and swapped in by renames, so a crash midway leaves either the old state or the new one.
 */
export async function restoreCheckpoint(checkpointDir: string, stateDir: string): Promise<void> {
  const parent = dirname(stateDir);
  const incoming = join(parent, `.${basename(stateDir)}.incoming-${process.pid}`);
  const outgoing = join(parent, `.${basename(stateDir)}.outgoing-${process.pid}`);
  await rm(incoming, { recursive: true, force: true });
  await cp(join(checkpointDir, CHECKPOINT_STATE), incoming, { recursive: true });
  await rename(stateDir, outgoing).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
  await rename(incoming, stateDir);
  await rm(outgoing, { recursive: true, force: true });
}
