import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a crawl's run folder held, read by `inspect` (crawlJob's option) before the job folder is removed. */
export interface RunOutputs {
  report?: string;
  documents?: Array<{ url: string; text?: string }>;
}

/** crawlJob's `inspect` that keeps the run's processors-report.txt and documents.jsonl (one object a line) in `seen`. */
export function keepRunOutputs(seen: RunOutputs): (run: string) => Promise<void> {
  return async (run) => {
    const files = await readdir(run, { recursive: true });
    const read = (suffix: string) => readFile(join(run, files.find((f) => f.endsWith(suffix))!), 'utf8');
    seen.report = await read('processors-report.txt');
    seen.documents = (await read('documents.jsonl')).split('\n').filter(Boolean).map((l) => JSON.parse(l));
  };
}
