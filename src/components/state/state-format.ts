import type { ClassicLevel } from 'classic-level';
import { VERSION } from '../../util/version.js';

/**
 * The layout of a beancrawl state folder; a folder stamped with one not in READABLE_FORMATS
 * cannot be read. 2: queued URIs stored as JSON arrays without their queue key (1: as objects).
 */
export const STATE_FORMAT = 2;

/** Formats this version reads (and continues, stamping the folder with STATE_FORMAT, so that an older version refuses it). */
export const READABLE_FORMATS: readonly number[] = [1, 2];

/** The sublevel and key of the stamp every state folder carries. */
export const META_SUBLEVEL = 'meta';
export const FORMAT_KEY = 'format';

export interface FormatStamp {
  readonly format: number;
  /** The beancrawl version that created the folder. */
  readonly createdBy: string;
}

/** Stamps a new database with the format; one already stamped is left alone. */
export async function stampFormat(db: ClassicLevel<string, string>): Promise<void> {
  const meta = db.sublevel<string, string>(META_SUBLEVEL, { keyEncoding: 'utf8', valueEncoding: 'utf8' });
  if ((await meta.get(FORMAT_KEY)) !== undefined) return;
  const stamp: FormatStamp = { format: STATE_FORMAT, createdBy: VERSION };
  await meta.put(FORMAT_KEY, JSON.stringify(stamp));
}
