/**
 * wget2 (C, Debian package wget2) when it is on PATH: recursive, unlimited depth, no parent,
 * robots.txt off, `threads` downloads at once, files deleted after parsing. Pages are counted
 * from its per-URL statistics (--stats-site=csv), which give status but no content type, so
 * pages are told from other files by extension (runners/common.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { onPath, timed } from '../measure.js';
import { isPage, pageKey, type RunResult } from './common.js';

export function wget2Version(): string | undefined {
  const bin = onPath('wget2');
  if (!bin) return undefined;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return /Wget2 ([\w.]+)/.exec(r.stdout)?.[1] ?? 'unknown version';
}

export function runWget2(work: string, seed: string, threads: number, n: number): RunResult {
  const dir = join(work, `wget2-${n}`);
  mkdirSync(dir, { recursive: true });
  const csv = join(dir, 'stats.csv');
  const m = timed('wget2', [
    '--no-config', '-q', `--max-threads=${threads}`, '-r', '-l', 'inf', '--no-parent', '-nd', '--delete-after', '--no-robots',
    `--stats-site=csv:${csv}`, '-P', join(dir, 'files'), seed,
  ], { cwd: dir });
  // wget2 exits 8 when some response was an error (a 404 for a missing stylesheet, say): that is not a failure here.
  if (m.status !== 0 && m.status !== 8) throw new Error(`wget2 exited ${m.status}:\n${m.stderr.slice(-2000)}`);
  const urls = new Set<string>();
  let pages = 0;
  let fetched = 0;
  for (const line of existsSync(csv) ? readFileSync(csv, 'utf8').split('\n').slice(1) : []) {
    // ID,ParentID,URL,Status,Link,Method,Size,…: a URL with a comma would shift the fields; take status after the URL from the end.
    const f = line.split(',');
    if (f.length < 12) continue;
    fetched++;
    const tail = f.length - 12;
    const url = f.slice(2, 3 + tail).join(',');
    const status = Number(f[3 + tail]);
    if (isPage(status, undefined, url)) {
      pages++;
      urls.add(pageKey(url));
    }
  }
  return { key: 'wget2', name: `wget2, ${threads} threads (files deleted after parsing)`, m, pages, fetched, urls, note: m.status === 8 ? 'exit 8: ' +
    'some responses were errors' : undefined };
}
