/**
 * beancrawl as the benchmarks run it: `beancrawl create` a fresh job from a profile (site-mirror
 * by default) with the site's seed, then `beancrawl launch` it with politeness off (delay factor
 * and both delays 0), measured as a whole process by GNU time. Variants:
 * - `level`: the profile as it is (LevelFrontier + LevelUriUniqFilter, durable state);
 * - `memory`: the job's bean file with MemoryFrontier + MemoryUriUniqFilter swapped in (the
 *   LevelStateStore stays, for the other beans that use it).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { duMb, timed, type Measured } from '../measure.js';
import { isPage, pageKey, type RunResult } from './common.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(HERE, '..', '..', '..', '..');
export const BIN = join(ROOT, 'bin', 'beancrawl.js');
export const ZERO_DELAYS = ['--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0'];
export const CONTACT = 'https://example.org/beancrawl-bench';

export type Variant = 'level' | 'memory';

function beancrawl(cmd: string[], what: string): void {
  const r = spawnSync(process.execPath, [BIN, ...cmd], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}):\n${r.stdout}${r.stderr}`);
}

/** A fresh job from `profile`; for `memory`, its bean file with the two classes swapped (overrides kept). */
export function makeJob(dir: string, variant: Variant, seed: string, profile = 'site-mirror'): void {
  beancrawl(['create', dir, '--profile', profile, '--seed', seed, '--contact', CONTACT], 'beancrawl create');
  if (variant === 'level') return;
  const file = join(dir, 'crawler-beans.xml');
  const xml = readFileSync(file, 'utf8');
  const swapped = xml.replace('class="LevelFrontier"', 'class="MemoryFrontier"').replace('class="LevelUriUniqFilter"', 'class="MemoryUriUniqFilter"');
  if (!swapped.includes('class="MemoryFrontier"') || !swapped.includes('class="MemoryUriUniqFilter"')) throw new Error(`profile ${profile} no ` +
    `longer names LevelFrontier and LevelUriUniqFilter`);
  const frontierBean = /<bean id="frontier"[\s\S]*?<\/bean>/.exec(swapped)?.[0] ?? '';
  if (/<property name="maxUrisInMemory"/.test(frontierBean)) throw new Error('the frontier bean sets maxUrisInMemory, which MemoryFrontier does not have');
  writeFileSync(file, swapped);
  beancrawl(['verify', dir], 'verify of the in-memory variant');
}

export interface CrawlLog {
  lines: number;
  /** Status-200 lines, whatever their type (robots.txt included): the figure the older benches printed. */
  ok: number;
  /** Status-200 HTML lines. */
  pages: number;
  urls: Set<string>;
}

/** Reads a Heritrix-format crawl.log: timestamp, status, size, URL, hops, via, MIME type, … */
export function readCrawlLog(file: string): CrawlLog {
  const urls = new Set<string>();
  let lines = 0;
  let ok = 0;
  let pages = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    lines++;
    const f = line.split(/\s+/);
    const status = Number(f[1]);
    if (status === 200) ok++;
    if (/^https?:/.test(f[3]) && isPage(status, f[6], f[3])) {
      pages++;
      urls.add(pageKey(f[3]));
    }
  }
  return { lines, ok, pages, urls };
}

export interface LaunchOptions {
  profile?: string;
  /** Extra `--set` arguments and the like, after the zero delays. */
  extraArgs?: string[];
  /** Node options for the launch (`--cpu-prof …`), before the script. */
  nodeArgs?: string[];
  /** The script run instead of bin/beancrawl.js (profile.bench.ts runs the unbundled modules), and its arguments before `launch`. */
  script?: string;
  scriptArgs?: string[];
  timeoutS?: number;
  /** Keep the job folder (the caller removes it). */
  keep?: boolean;
}

/** Creates a job in `jobDir` and launches it; returns the measurement and crawl.log's figures. */
export function launchJob(jobDir: string, variant: Variant, seed: string, opts: LaunchOptions = {}): { m: Measured; log: CrawlLog; diskMb: number; summary: string } {
  makeJob(jobDir, variant, seed, opts.profile);
  const m = timed(process.execPath, [...(opts.nodeArgs ?? []), opts.script ?? BIN, ...(opts.scriptArgs ?? []), 'launch', jobDir, ...ZERO_DELAYS, ...(opts.extraArgs ?? [])], { timeoutS: opts.timeoutS });
  if (m.status !== 0) throw new Error(`beancrawl launch (${variant}) exited ${m.status}:\n${m.stdout.slice(-2000)}${m.stderr.slice(-2000)}`);
  const log = readCrawlLog(join(jobDir, 'latest', 'logs', 'crawl.log'));
  const diskMb = duMb(join(jobDir, 'state'));
  const summary = m.stdout.split('\n').filter((l) => /^(FINISHED|ABORTED|INTERRUPTED)/.test(l.trim())).slice(-1)[0]?.trim() ?? '';
  if (!opts.keep) rmSync(jobDir, { recursive: true, force: true });
  return { m, log, diskMb, summary };
}

/** Launches a job of `profile` on the site; `sets` are `bean.property=value` settings, each given with --set. */
export function runBeancrawl(work: string, variant: Variant, seed: string, n: number, profile = 'site-mirror', sets: readonly string[] = []): RunResult {
  const { m, log, diskMb, summary } = launchJob(join(work, `beancrawl-${variant}-${n}`), variant, seed, { profile, extraArgs: sets.flatMap((s) => ['--set', s]) });
  const frontier = variant === 'level' ? 'LevelFrontier, durable' : 'MemoryFrontier';
  const settings = sets.length > 0 ? `, ${sets.join(', ')}` : '';
  return {
    key: `beancrawl-${variant}`, name: `beancrawl launch (${profile}, ${frontier}, delays 0${settings})`, m,
    pages: log.pages, fetched: log.lines, urls: log.urls, diskMb, note: summary,
  };
}
