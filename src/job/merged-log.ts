import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The files of one log of a run: `logs/NAME` of the run itself, or of each of its workers
 * (`workers/ID/logs/NAME`) when a crawl shared through Redis ran there.
 */
export async function logFilesOfRun(runDir: string, name: string): Promise<string[]> {
  const own = join(runDir, 'logs', name);
  const files = (await stat(own).then(() => true, () => false)) ? [own] : [];
  const workers = await readdir(join(runDir, 'workers')).catch(() => [] as string[]);
  for (const worker of workers.sort()) {
    const file = join(runDir, 'workers', worker, 'logs', name);
    if (await stat(file).then((s) => s.isFile(), () => false)) files.push(file);
  }
  return files;
}

/**
 * The lines of several logs in time order, read a line at a time from each: every line begins
 * with its ISO 8601 time (crawl.log's first field, the alerts' and errors' too), so order by text
 * is order by time; lines of one time keep their file's order, files taken in the order given.
 */
export async function* mergedLines(files: readonly string[]): AsyncGenerator<string> {
  const readers = files.map((file) => createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })[Symbol.asyncIterator]());
  const heads: Array<string | undefined> = await Promise.all(readers.map(async (r) => (await r.next()).value as string | undefined));
  try {
    for (;;) {
      let at = -1;
      for (let i = 0; i < heads.length; i++) if (heads[i] !== undefined && (at < 0 || timeOf(heads[i]!) < timeOf(heads[at]!))) at = i;
      if (at < 0) return;
      yield heads[at]!;
      heads[at] = (await readers[at].next()).value as string | undefined;
    }
  } finally {
    for (const r of readers) await r.return?.();
  }
}

/** A line's leading time (its first field). */
function timeOf(line: string): string {
  const space = line.indexOf(' ');
  return space < 0 ? line : line.slice(0, space);
}
