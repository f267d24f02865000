import { join } from 'node:path';
import { normalizeUrl } from '../util/url/normalize-url.js';
import { INDEX_FILE, parseCdxjLine, type CdxjEntry } from './cdxj-index.js';
import { cdxUrlKey } from '../util/url/cdx-url-key.js';
import { explainJob } from './explain-job.js';
import { readLogPage } from './log-page.js';
import { readRunRecords } from './run-record.js';
import { runOutputs } from './run-outputs.js';

import type { UrlAttempt, UrlHistory } from '../wire/url-history.js';

export type { UrlAttempt, UrlHistory };

/** Bytes of one file searched at most (a page's scan budget each, a few pages). */
const PAGES_PER_FILE = 4;

/**
 * `why`: the history of a URL in a job, from what the job recorded: every run's crawl.log (each
 * attempt, its status and time, how the URL was found), every run's documents.jsonl (its delta
 * kind), every run's CDXJ index (where its WARC records are), and the scope decision of the
 * job's configuration as it stands. Logs are searched
 * through bounded pages: a log too large to search to its end says so in `notes`.
 */
export async function urlHistory(jobDir: string, url: string): Promise<UrlHistory> {
  const normalized = normalizeUrl(url) ?? null;
  const wanted = new Set([url, normalized].filter((u): u is string => u !== null));
  const attempts: UrlAttempt[] = [];
  const records: Array<CdxjEntry & { run: string }> = [];
  const kinds: Array<{ run: string; kind: string }> = [];
  const sources: string[] = [];
  const notes: string[] = [];
  for (const record of await readRunRecords(jobDir)) {
    const outputs = await runOutputs(jobDir, record.run);
    const crawlLog = join(outputs.logsDir, 'crawl.log');
    const lines = await search(crawlLog, normalized ?? url, notes);
    sources.push(crawlLog);
    for (const line of lines) {
      const f = line.trim().split(/\s+/);
      if (!wanted.has(f[3])) continue;
      attempts.push({ run: record.run, at: f[0], status: Number(f[1]), size: f[2], hops: f[4], via: f[5], mime: f[6], fetch: f[8], digest: f[9], annotations: f[11] ?? '-' });
    }
    for (const list of outputs.documentLists) {
      if (!list.urlKey) continue;
      const found = await search(list.path, normalized ?? url, notes);
      if (found.length || (await readLogPage(list.path, { tail: 1 })).size > 0) sources.push(list.path);
      for (const line of found) {
        try {
          const row = JSON.parse(line) as Record<string, unknown>;
          if (wanted.has(String(row[list.urlKey])) && typeof row.kind === 'string') kinds.push({ run: record.run, kind: row.kind });
        } catch {
          // A line cut by a crash: not a document.
        }
      }
    }
    if (normalized) {
      const index = join(jobDir, record.run, INDEX_FILE);
      const found = await search(index, `${cdxUrlKey(normalized)} `, notes);
      if (found.length || (await readLogPage(index, { tail: 1 })).size > 0) sources.push(index);
      for (const line of found) {
        const entry = parseCdxjLine(line);
        if (wanted.has(entry.url)) records.push({ ...entry, run: record.run });
      }
    }
  }
  const [explained] = await explainJob(jobDir, [url]).catch(() => [undefined]);
  if (explained?.decision) sources.push(explained.from === 'running-crawl' ? 'the running crawl (its scope rules now, as explain reads ' +
    'them)' : 'the job\'s configuration (scope rules, as explain reads them)');
  const first = attempts[0];
  return {
    url, normalized, seen: attempts.length > 0,
    discovered: first && { via: first.via, hops: first.hops, run: first.run },
    scope: explained?.decision, attempts, kinds, records, sources, notes,
  };
}

/** The lines of `file` holding `text`, searched a bounded number of pages from its start. */
async function search(file: string, text: string, notes: string[]): Promise<string[]> {
  const lines: string[] = [];
  let from = 0;
  for (let page = 0; page < PAGES_PER_FILE; page++) {
    const found = await readLogPage(file, { from, limit: 1000, contains: text }, { format: 'plain' });
    lines.push(...found.lines);
    if (found.next === undefined) return lines;
    from = found.next;
  }
  notes.push(`${file} was searched up to byte ${from} of its size; the rest was not`);
  return lines;
}
