/**
 * Crawlee's CheerioCrawler (test/bench/peers/crawlee-run.mjs, @crawlee/cheerio installed in
 * test/bench/peers by peers/install.mjs) on the same site, restricted to its origin. Modes:
 * `memory` (MemoryStorage, persistStorage false) and `storage` (Crawlee's default storage,
 * persisted as files in a CRAWLEE_STORAGE_DIR under the run's temp folder, resumable).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { duMb, timed } from '../measure.js';
import { ROOT } from './beancrawl.js';
import { pagesFromTsv, type RunResult } from './common.js';

export const PEERS = join(ROOT, 'test', 'bench', 'peers');
const RUNNER = join(PEERS, 'crawlee-run.mjs');
const MARKER = join(PEERS, 'node_modules', '@crawlee', 'cheerio', 'package.json');

export type CrawleeMode = 'memory' | 'storage';

/** The installed @crawlee/cheerio version, installing it first when missing; undefined when it cannot be had. */
export function crawleeVersion(install = true): string | undefined {
  if (!existsSync(MARKER) && install) spawnSync(process.execPath, [join(PEERS, 'install.mjs')], { stdio: 'inherit', timeout: 320_000 });
  if (!existsSync(MARKER)) return undefined;
  return (JSON.parse(readFileSync(MARKER, 'utf8')) as { version: string }).version;
}

export function runCrawlee(work: string, seed: string, mode: CrawleeMode, concurrency: number, n: number): RunResult {
  const dir = join(work, `crawlee-${mode}-${n}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'urls.tsv');
  const storage = join(dir, 'storage');
  const env = { ...process.env, CRAWLEE_STORAGE_DIR: storage, CRAWLEE_PERSIST_STORAGE: String(mode === 'storage'), CRAWLEE_LOG_LEVEL: 'WARNING' };
  const m = timed(process.execPath, [RUNNER, seed, '--mode', mode, '--concurrency', String(concurrency), '--urls', file], { cwd: dir, env, timeoutS: 1200 });
  if (m.status !== 0) throw new Error(`Crawlee (${mode}) exited ${m.status}${m.timedOut ? ' (timed ' +
    'out)' : ''}:\n${m.stdout.slice(-1500)}${m.stderr.slice(-2500)}`);
  const { pages, count, fetched } = pagesFromTsv(existsSync(file) ? readFileSync(file, 'utf8') : '');
  const label = mode === 'memory' ? 'in-memory storage' : 'default storage, persisted';
  return {
    key: `crawlee-${mode}`, name: `Crawlee CheerioCrawler (${label}, max concurrency ${concurrency})`, m,
    pages: count, fetched, urls: pages, diskMb: existsSync(storage) ? duMb(storage) : 0, note: /PAGES \d+ FAILED \d+/.exec(m.stdout)?.[0],
  };
}
