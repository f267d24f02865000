import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CrawlProgress } from '../model/crawl-control.js';

import type { RunCounts, RunRecord } from '../wire/job-status.js';

export type { RunCounts, RunRecord };

export const RUN_RECORD_FILE = 'run.json';

export function countsOf(p: CrawlProgress): RunCounts {
  const f = p.frontier;
  return {
    discovered: f.discovered, queued: f.queued, downloaded: f.succeeded, failed: f.failed, disregarded: f.disregarded,
    documents: p.documents, bytes: p.bytes, seedsCrawled: p.seedsCrawled, elapsedMs: p.elapsedMs, delta: p.delta,
  };
}

/** Writes the record whole (a temporary file renamed over it), so a reader never sees half of one. */
export async function writeRunRecord(jobDir: string, record: RunRecord): Promise<void> {
  const file = join(jobDir, record.run, RUN_RECORD_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

/** The job's run records, oldest first; run folders without one (older versions) are left out. */
export async function readRunRecords(jobDir: string): Promise<RunRecord[]> {
  const names = await readdir(join(jobDir, 'runs')).catch(() => [] as string[]);
  const records: RunRecord[] = [];
  for (const name of names.sort()) {
    const text = await readFile(join(jobDir, 'runs', name, RUN_RECORD_FILE), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    try {
      records.push(JSON.parse(text) as RunRecord);
    } catch {
      // A record cut by a crash is no record.
    }
  }
  return records;
}
