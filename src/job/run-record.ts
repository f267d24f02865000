import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CrawlProgress } from '../model/crawl-control.js';

import type { RunCounts, RunRecord } from '../wire/job-status.js';
import { writeFileWhole } from '../util/write-file-whole.js';

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
  await writeFileWhole(file, `${JSON.stringify(record, null, 2)}\n`);
}

/**
 * The job's run records, oldest first; run folders without one (older versions) are left out. A
 * run of a crawl shared through Redis has one a worker (`workers/ID/run.json`): its record is
 * theirs together (see workersRecord).
 */
export async function readRunRecords(jobDir: string): Promise<RunRecord[]> {
  const names = await readdir(join(jobDir, 'runs')).catch(() => [] as string[]);
  const records: RunRecord[] = [];
  for (const name of names.sort()) {
    const record = (await readRecord(join(jobDir, 'runs', name))) ?? (await workersRecord(jobDir, name));
    if (record) records.push(record);
  }
  return records;
}

/** The record in a folder; none when it is missing, or cut by a crash. */
async function readRecord(dir: string): Promise<RunRecord | undefined> {
  // A run folder without a readable record is listed as one without (an older version's, or a launch killed at its start): the listing of the others goes on.
  const text = await readFile(join(dir, RUN_RECORD_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as RunRecord;
  } catch {
    return undefined;
  }
}

/**
 * A shared crawl's run as its workers' records tell it: begun with the first, over once every
 * worker's launch is, ended as the last to end says (its counts are the whole crawl's, read from
 * Redis as it stopped).
 */
async function workersRecord(jobDir: string, name: string): Promise<RunRecord | undefined> {
  const ids = await readdir(join(jobDir, 'runs', name, 'workers')).catch(() => [] as string[]);
  const records = (await Promise.all(ids.map((id) => readRecord(join(jobDir, 'runs', name, 'workers', id))))).filter((r): r is RunRecord => r !== undefined);
  if (records.length === 0) return undefined;
  const startedAt = records.map((r) => r.startedAt).sort()[0];
  if (!records.every((r) => r.endedAt !== undefined)) return { run: join('runs', name), startedAt, counts: records.find((r) => r.counts)?.counts };
  const last = records.reduce((a, b) => (b.endedAt! > a.endedAt! ? b : a));
  return { run: join('runs', name), startedAt, endedAt: last.endedAt, exitStatus: last.exitStatus, exitCode: last.exitCode, counts: last.counts };
}
