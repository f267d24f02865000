import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { field, readWarcFile } from './warc-reader.js';

/** What a crawl's run folder held, read by `inspect` (crawlJob's option) before the job folder is removed. */
export interface RunOutputs {
  report?: string;
  documents?: Array<{ url: string; text?: string }>;
  /** The WARC-Target-URI of every response record in the run's WARC files (keepRunOutputs with `warcs`). */
  responses?: string[];
}

/**
 * crawlJob's `inspect` that keeps the run's processors-report.txt and documents.jsonl (one object a
 * line) in `seen`, and with `warcs` the targets of its WARC files' response records too.
 */
export function keepRunOutputs(seen: RunOutputs, { warcs = false } = {}): (run: string) => Promise<void> {
  return async (run) => {
    const files = await readdir(run, { recursive: true });
    const read = (suffix: string) => readFile(join(run, files.find((f) => f.endsWith(suffix))!), 'utf8');
    seen.report = await read('processors-report.txt');
    seen.documents = (await read('documents.jsonl')).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    if (warcs) seen.responses = await responseTargets(run, files);
  };
}

/** The WARC-Target-URI of every response record in the WARC files under a run folder, read back by the independent reader. */
export async function responseTargets(run: string, files?: readonly string[]): Promise<string[]> {
  const targets: string[] = [];
  for (const f of (files ?? (await readdir(run, { recursive: true }))).filter((e) => e.endsWith('.warc.gz'))) {
    for (const r of await readWarcFile(join(run, f))) if (field(r, 'WARC-Type') === 'response') targets.push(field(r, 'WARC-Target-URI')!);
  }
  return targets;
}
