import { readdir, rename, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { INVALID_SUFFIX, OPEN_SUFFIX } from '../components/receivers/warc-file.js';
import type { WarcJournal } from '../components/receivers/warc-writer-processor.js';

/**
 * Puts the output files of a run that was killed back in step with its state, as of the state's
 * last commit: appended files (crawl.log, documents.jsonl) are cut back to their committed length
 * (the lines past it belong to URIs the resumed crawl does again); WARC files that were open are
 * cut back likewise and closed (renamed without `.open`), and `.open` files begun after the commit
 * are set aside as `.invalid`. Returns one line per file changed, for the operator.
 */
export async function recoverOutputs(journal: ReadonlyMap<string, string>): Promise<string[]> {
  const notes: string[] = [];
  for (const [key, value] of journal) {
    if (key.startsWith('warc ')) await recoverWarcs(JSON.parse(value) as WarcJournal, notes);
    else await cutBack(key, (JSON.parse(value) as { length: number }).length, notes);
  }
  return notes;
}

async function cutBack(path: string, length: number, notes: string[]): Promise<boolean> {
  const size = await stat(path).then((s) => s.size, () => undefined);
  if (size === undefined) return false;
  if (size > length) {
    await truncate(path, length);
    notes.push(`${path}: cut back from ${size} to ${length} bytes, the length of its last commit`);
  }
  return true;
}

async function recoverWarcs(record: WarcJournal, notes: string[]): Promise<void> {
  const listed = new Set<string>();
  for (const { path, length } of record.open) {
    listed.add(path);
    const final = path.slice(0, -OPEN_SUFFIX.length);
    if (!(await cutBack(path, length, notes))) {
      // Closed (renamed) after the last commit, which counted it open: the records past that length
      // belong to URIs whose marks were not committed and are done again, so they go, as from an open file.
      for (const closed of [final, final + INVALID_SUFFIX]) if (await cutBack(closed, length, notes)) break;
      continue;
    }
    await rename(path, final);
    notes.push(`${final}: closed (it was open when the crawl stopped)`);
  }
  for (const dir of record.dirs) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(dir, name);
      if (!name.endsWith(OPEN_SUFFIX) || listed.has(path)) continue;
      if (record.prefix !== undefined && !name.startsWith(`${record.prefix}-`)) continue;
      // Begun after the last commit: its URIs are done again; the file is kept, under a name that says it is not valid.
      await rename(path, path.slice(0, -OPEN_SUFFIX.length) + INVALID_SUFFIX);
      notes.push(`${path}: set aside as ${INVALID_SUFFIX} (begun after the last commit; its URIs are fetched again)`);
    }
  }
}
