/**
 * The bare loop (../bare-loop.ts): undici requests plus htmlparser2 `<a href>` extraction with a
 * Set of seen URLs and nothing else, the ceiling for this machine. `concurrency` 1 matches
 * beancrawl's politeness model on one host (one fetch in flight per queue).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timed } from '../measure.js';
import { pagesFromTsv, type RunResult } from './common.js';

const BARE = join(dirname(fileURLToPath(import.meta.url)), '..', 'bare-loop.js');

export function runBareLoop(work: string, seed: string, concurrency: number, n: number): RunResult {
  const file = join(work, `bare-${concurrency}-${n}.tsv`);
  const m = timed(process.execPath, [BARE, seed, String(concurrency), file]);
  if (m.status !== 0) throw new Error(`bare loop exited ${m.status}:\n${m.stderr.slice(-2000)}`);
  const { pages, count, fetched } = pagesFromTsv(readFileSync(file, 'utf8'));
  return {
    key: `bare-${concurrency}`, name: `bare undici + htmlparser2 loop, ${concurrency} in flight`, m,
    pages: count, fetched, urls: pages, note: /PAGES \d+/.exec(m.stdout)?.[0],
  };
}
