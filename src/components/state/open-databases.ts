import { resolve } from 'node:path';
import type { ClassicLevel } from 'classic-level';

type Db = ClassicLevel<string, string>;

/**
 * A state folder's database, left open by the launch that began a run in it (state-folder.ts) for
 * the LevelStateStore bean that starts next in the same process: the bean takes it over instead
 * of opening the folder a second time (which costs LevelDB a flush of its log and three syncs).
 */
const handedOver = new Map<string, Db>();

export function handOver(dir: string, db: Db): void {
  handedOver.set(resolve(dir), db);
}

/** The database handed over for `dir`, once; undefined when there is none. */
export function takeOver(dir: string): Db | undefined {
  const key = resolve(dir);
  const db = handedOver.get(key);
  handedOver.delete(key);
  return db?.status === 'open' ? db : undefined;
}

/** Closes a database handed over and never taken (the launch failed before the store started). */
export async function closeHandedOver(dir: string): Promise<void> {
  await takeOver(dir)?.close();
}
