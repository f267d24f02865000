import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchJob } from '../../src/job/launch-job.js';
import { REPO_ROOT } from './run-cli.js';
import { tempDir } from './temp-dir.js';

/** One crawl.log line, split into Heritrix's fields. */
export interface CrawlLogEntry {
  readonly time: string;
  readonly status: number;
  readonly size: string;
  readonly uri: string;
  readonly hops: string;
  readonly via: string;
  readonly mime: string;
  readonly worker: string;
  readonly fetch: string;
  readonly digest: string;
  readonly source: string;
  readonly annotations: string;
  /** The 13th field (logExtraInfo), parsed; undefined when the line has none. */
  readonly extra?: Record<string, unknown>;
  readonly line: string;
}

export function parseCrawlLog(text: string): CrawlLogEntry[] {
  return text.split('\n').filter(Boolean).map((line) => {
    const f = line.trim().split(/\s+/);
    return {
      time: f[0], status: Number(f[1]), size: f[2], uri: f[3], hops: f[4], via: f[5], mime: f[6], worker: f[7],
      fetch: f[8], digest: f[9], source: f[10], annotations: f[11], line,
      extra: f.length > 12 ? (JSON.parse(f.slice(12).join(' ')) as Record<string, unknown>) : undefined,
    };
  });
}

/** No politeness delay, a contact URL, the seeds: what most integration tests start from. */
export function fastSets(seeds: readonly string[], more: readonly string[] = []): string[] {
  return [
    'metadata.operatorContactUrl=http://example.org/contact',
    'disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0',
    `seeds.textSource.value=${seeds.join('\\n')}`,
    ...more,
  ];
}

/**
 * Launches a job made of `profile` (a file under profiles/, or bean XML text), in process, and
 * returns its crawl.log entries and exit status; the job folder is removed afterwards.
 */
export async function crawlJob(sets: readonly string[], options: { profile?: string; beans?: string; files?: Record<string, string>; inspect?: (runDir: string) => Promise<void> } = {}) {
  const beans = options.beans ?? (await readFile(join(REPO_ROOT, 'profiles', options.profile ?? 'default.xml'), 'utf8'));
  const job = await tempDir({ 'crawler-beans.xml': beans, ...options.files });
  try {
    const result = await launchJob(job.dir, { sets: sets.map((s) => s.replace(/\\n/g, '\n')) });
    const log = parseCrawlLog(await readFile(join(job.dir, result.runDir, 'logs', 'crawl.log'), 'utf8'));
    const uriErrors = await readFile(join(job.dir, result.runDir, 'logs', 'uri-errors.log'), 'utf8');
    await options.inspect?.(join(job.dir, result.runDir));
    return { ...result, log, uriErrors, jobDir: job.dir };
  } finally {
    await job.cleanup();
  }
}
