import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CrawlProgress, DeltaCounts } from '../model/crawl-control.js';

/** What a run's counts were when its record was last written. */
export interface RunCounts {
  readonly discovered: number;
  readonly queued: number;
  readonly downloaded: number;
  readonly failed: number;
  readonly disregarded: number;
  readonly documents: number;
  readonly bytes: number;
  readonly seedsCrawled: number;
  readonly elapsedMs: number;
  /** A delta run's documents by kind. */
  readonly delta?: DeltaCounts;
}

/**
 * `runs/<timestamp>/run.json`: one launch of a job, written when it starts (no `endedAt`) and
 * again when it ends. A record without `endedAt` whose job does not answer on its control socket
 * is a launch that was killed: the next launch resumes it.
 */
export interface RunRecord {
  /** The run folder, relative to the job folder (`runs/<timestamp>`). */
  readonly run: string;
  readonly startedAt: string;
  readonly endedAt?: string;
  /** The crawl's exit status (FINISHED, FINISHED_DOCUMENT_LIMIT, INTERRUPTED, ABORTED…), once it ended. */
  readonly exitStatus?: string;
  /** The command's exit code (README: exit codes), once it ended. */
  readonly exitCode?: number;
  /** The run folder this launch continued, when it resumed an unfinished run. */
  readonly continues?: string;
  readonly counts?: RunCounts;
  /** The process that ran the crawl. */
  readonly pid?: number;
}

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
