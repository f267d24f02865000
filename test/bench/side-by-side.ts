/**
 * The side-by-side crawl benchmark (CLI: side-by-side.bench.ts): every crawler on the same site,
 * one after another, each a whole process under GNU time, reporting pages, wall time, pages/s,
 * CPU seconds, peak RSS and state on disk, whether it fetched the same pages as the bare loop,
 * and ratios against the bare loop, Crawlee and wget2. Prints Markdown; writes JSON.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fmt, median } from './measure.js';
import { runBareLoop } from './runners/bare.js';
import { runBeancrawl, type Variant } from './runners/beancrawl.js';
import { compareSets, type RunResult } from './runners/common.js';
import { crawleeVersion, runCrawlee, type CrawleeMode } from './runners/crawlee.js';
import { runWget2, wget2Version } from './runners/wget2.js';
import type { Site } from './sites.js';

export const ALL_KEYS = ['beancrawl-level', 'beancrawl-memory', 'bare-1', 'bare-8', 'crawlee-memory', 'crawlee-storage', 'wget2'] as const;
export type RunKey = (typeof ALL_KEYS)[number];

export interface SideBySideOptions {
  /** Which runs; default all. */
  only?: readonly RunKey[];
  /** Rounds of the quick runs (beancrawl, bare loop, wget2); medians are reported. Default 3. */
  repeat?: number;
  /** Runs of each Crawlee mode (slow: minutes on 20,000 pages). Default 1. */
  crawleeRepeat?: number;
  crawleeConcurrency?: number;
  wget2Threads?: number;
  /** beancrawl's profile; default site-mirror. */
  profile?: string;
  /** `bean.property=value` settings for beancrawl's launches (`--set`), after the zero delays. */
  sets?: readonly string[];
  /** Where the JSON goes; undefined: no JSON. */
  jsonPath?: string;
  /** Unmeasured bare loop first (warms the server and the page cache). Default true. */
  warmUp?: boolean;
  /** Print the ratio and target lines. Default true. */
  targets?: boolean;
  /** Whether the 1,500 pages/s target applies (it is the 20,000-page synthetic site's); default true. */
  pagesPerSTarget?: boolean;
}

export interface Summary {
  key: RunKey;
  name: string;
  runs: RunResult[];
  pages: number;
  fetched: number;
  wall: number;
  wallMin: number;
  wallMax: number;
  pagesPerS: number;
  cpu: number;
  rssMb: number;
  diskMb?: number;
  /** Against the reference's page set: undefined when there is nothing to compare. */
  sameSet?: { ok: boolean; text: string };
  notes: string[];
}

export interface Report {
  site: Site;
  summaries: Summary[];
  skipped: Array<{ key: RunKey; why: string }>;
  markdown: string;
  json: Record<string, unknown>;
}

const TARGET_PAGES_PER_S = 1500;
const TARGET_WALL_RATIO = 1.5;
const TARGET_RSS_MB = 300;

function rotate<T>(xs: T[], k: number): T[] {
  const n = xs.length ? k % xs.length : 0;
  return [...xs.slice(n), ...xs.slice(0, n)];
}

function runOne(key: RunKey, work: string, site: Site, n: number, o: Required<Omit<SideBySideOptions, 'jsonPath' | 'only'>>): RunResult {
  switch (key) {
    case 'beancrawl-level':
    case 'beancrawl-memory':
      return runBeancrawl(work, key.slice('beancrawl-'.length) as Variant, site.seed, n, o.profile, o.sets);
    case 'bare-1':
      return runBareLoop(work, site.seed, 1, n);
    case 'bare-8':
      return runBareLoop(work, site.seed, 8, n);
    case 'crawlee-memory':
    case 'crawlee-storage':
      return runCrawlee(work, site.seed, key.slice('crawlee-'.length) as CrawleeMode, o.crawleeConcurrency, n);
    case 'wget2':
      return runWget2(work, site.seed, o.wget2Threads, n);
  }
}

export async function sideBySide(site: Site, options: SideBySideOptions = {}): Promise<Report> {
  const o = {
    repeat: options.repeat ?? 3, crawleeRepeat: options.crawleeRepeat ?? 1, crawleeConcurrency: options.crawleeConcurrency ?? 50,
    wget2Threads: options.wget2Threads ?? 20, profile: options.profile ?? 'site-mirror', sets: options.sets ?? [], warmUp: options.warmUp ?? true, targets: options.targets ?? true, pagesPerSTarget: options.pagesPerSTarget ?? true,
  };
  const wanted = new Set<RunKey>(options.only ?? ALL_KEYS);
  const skipped: Array<{ key: RunKey; why: string }> = [];
  let crawlee: string | undefined;
  if (wanted.has('crawlee-memory') || wanted.has('crawlee-storage')) {
    crawlee = crawleeVersion();
    if (!crawlee) {
      for (const k of ['crawlee-memory', 'crawlee-storage'] as const) if (wanted.delete(k)) skipped.push({ key: k, why: '@crawlee/cheerio could ' +
        'not be installed in test/bench/peers (node test/bench/peers/install.mjs)' });
    }
  }
  const wget2 = wanted.has('wget2') ? wget2Version() : undefined;
  if (wanted.has('wget2') && !wget2) {
    wanted.delete('wget2');
    skipped.push({ key: 'wget2', why: 'wget2 is not installed (Debian: apt-get install wget2)' });
  }

  const quick = ALL_KEYS.filter((k) => wanted.has(k) && !k.startsWith('crawlee-'));
  const slow = ALL_KEYS.filter((k) => wanted.has(k) && k.startsWith('crawlee-'));
  const work = mkdtempSync(join(tmpdir(), 'beancrawl-side-by-side-'));
  const results = new Map<RunKey, RunResult[]>();
  const failed = new Map<RunKey, string>();
  const t0 = Date.now();
  try {
    if (o.warmUp) runBareLoop(work, site.seed, 8, 0);
    const rounds = Math.max(o.repeat, o.crawleeRepeat);
    for (let r = 0; r < rounds; r++) {
      // The order turns every round, so that warm-up or drift favours no crawler.
      const order = rotate([...(r < o.repeat ? quick : []), ...(r < o.crawleeRepeat ? slow : [])], r);
      for (const key of order) {
        if (failed.has(key)) continue;
        let res: RunResult;
        try {
          res = runOne(key, work, site, r + 1, o);
        } catch (e) {
          // One crawler failing (a crash, a timeout) is reported in the table; the others still run.
          const why = String((e as Error)?.message ?? e);
          failed.set(key, why);
          process.stderr.write(`  ${key} #${r + 1} FAILED: ${why}\n`);
          continue;
        }
        (results.get(key) ?? results.set(key, []).get(key)!).push(res);
        process.stderr.write(`  ${key} #${r + 1}: ${res.pages} pages in ${res.m.wall.toFixed(2)} s, CPU ${res.m.cpu.toFixed(2)} s, peak RSS ` +
          `${res.m.rssMb.toFixed(0)} MB${res.note ? ` (${res.note})` : ''}\n`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  // The reference page set: the bare loop's (1 in flight, else 8), else the first run that lists its pages.
  const refRun = results.get('bare-1')?.[0] ?? results.get('bare-8')?.[0] ?? [...results.values()].flat().find((r) => r.urls);
  const refLabel = refRun ? refRun.name : '';
  const summaries: Summary[] = [];
  for (const key of ALL_KEYS) {
    const runs = results.get(key);
    if (!runs?.length) continue;
    const walls = runs.map((r) => r.m.wall);
    const mid = runs[runs.map((r) => r.m.wall).indexOf([...walls].sort((a, b) => a - b)[(walls.length - 1) >> 1])];
    const notes = [...new Set(runs.map((r) => r.note).filter((x): x is string => !!x))];
    let sameSet: Summary['sameSet'];
    if (refRun?.urls) {
      const diffs = runs.map((r) => (r.urls ? compareSets(refRun.urls!, r.urls) : undefined));
      const counts = new Set(runs.map((r) => r.pages));
      const bad = diffs.find((d) => d && (d.missing || d.extra));
      const dup = runs.find((r) => r.urls && r.urls.size !== r.pages);
      if (bad) sameSet = { ok: false, text: `DIFFERS: ${bad.missing} missing, ${bad.extra} extra (${bad.examples.join(' ')})` };
      else if (counts.size > 1) sameSet = { ok: false, text: `DIFFERS between runs: ${[...counts].join(', ')} pages` };
      else if (dup) sameSet = { ok: false, text: `DIFFERS: ${dup.pages - dup.urls!.size} pages fetched twice` };
      else if (diffs.every((d) => d)) sameSet = { ok: true, text: runs[0] === refRun ? 'reference' : 'same' };
    }
    summaries.push({
      key, name: runs[0].name, runs, pages: mid.pages, fetched: mid.fetched,
      wall: median(walls), wallMin: Math.min(...walls), wallMax: Math.max(...walls),
      pagesPerS: median(runs.map((r) => r.pages / r.m.wall)), cpu: median(runs.map((r) => r.m.cpu)), rssMb: median(runs.map((r) => r.m.rssMb)),
      diskMb: runs[0].diskMb === undefined ? undefined : median(runs.map((r) => r.diskMb ?? NaN)), sameSet, notes,
    });
  }

  const by = (k: RunKey) => summaries.find((s) => s.key === k);
  const lines: string[] = [];
  const cpu = cpus();
  lines.push(`### Side by side: ${site.description}`);
  lines.push('');
  lines.push(`Seed ${site.seed}; ${cpu.length} cores (${cpu[0]?.model.trim() ?? '?'}), Node ${process.version}, ` +
    `${new Date().toISOString().slice(0, 16)}Z. Whole processes under GNU time (start-up and shutdown count). Median of ${o.repeat} ` +
    `run${o.repeat === 1 ? '' : 's'} each${slow.length ? `, Crawlee ${o.crawleeRepeat} run${o.crawleeRepeat === 1 ? '' : 's'} per mode ` +
    `(@crawlee/cheerio ${crawlee})` : ''}${wget2 ? `; wget2 ` +
    `${wget2}` : ''}. Pages: status 200, HTML. Politeness off everywhere; robots.txt: beancrawl fetches and obeys it (it allows everything), the others do not ask.`);
  lines.push('');
  lines.push('| run | pages | fetches | wall s (min–max) | pages/s | CPU s | peak RSS MB | state on disk MB | pages vs bare loop |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const s of summaries) {
    const range = s.runs.length > 1 ? ` (${fmt(s.wallMin, 2)}–${fmt(s.wallMax, 2)})` : '';
    lines.push(`| ${s.name} | ${s.pages} | ${s.fetched} | ${fmt(s.wall, 2)}${range} | ${fmt(s.pagesPerS)} | ${fmt(s.cpu, 2)} | ${fmt(s.rssMb)} | ` +
      `${s.diskMb === undefined ? '–' : fmt(s.diskMb, 1)} | ${s.sameSet?.text ?? '–'} |`);
  }
  for (const s of skipped) lines.push(`| ${s.key}: skipped | – | – | – | – | – | – | – | ${s.why} |`);
  for (const [key, why] of failed) lines.push(`| ${key}: FAILED${results.has(key) ? ' in a later round (figures above are from the rounds ' +
    'before)' : ''} | – | – | – | – | – | – | – | ${why.replace(/\s+/g, ' ').replace(/\|/g, '/').slice(0, 240)} |`);
  lines.push('');
  lines.push('"fetches": every line of crawl.log for beancrawl (dns:, robots.txt, stylesheets and 404s included), every response for the others.');

  // Ratios: wall time against the bare loop (the ceiling), pages/s against the peers.
  const wallRefs = ([['bare loop, 1 in flight', by('bare-1')], ['bare loop, 8 in ' +
    'flight', by('bare-8')]] as Array<[string, Summary | undefined]>).filter(([, s]) => s) as Array<[string, Summary]>;
  const rateRefs = ([['Crawlee in-memory', by('crawlee-memory')], ['Crawlee with ' +
    'storage', by('crawlee-storage')], ['wget2', by('wget2')]] as Array<[string, Summary | undefined]>).filter(([, s]) => s) as Array<[string, Summary]>;
  const present = [...wallRefs, ...rateRefs];
  if (present.length && o.targets) {
    lines.push('');
    lines.push('Ratios (absolute figures drift from run to run, ratios less): wall time ÷ the bare loop\'s (lower is better); pages/s ÷ the ' +
      'peer\'s pages/s (higher is better).');
    lines.push('');
    lines.push(`| run | ${[...wallRefs.map(([l]) => `wall ÷ ${l}`), ...rateRefs.map(([l]) => `pages/s ÷ ${l}`)].join(' | ')} |`);
    lines.push(`|---|${present.map(() => '---|').join('')}`);
    for (const s of summaries) {
      lines.push(`| ${s.key} | ` +
        `${[...wallRefs.map(([, r]) => `${fmt(s.wall / r.wall, 2)}×`), ...rateRefs.map(([, r]) => `${fmt(s.pagesPerS / r.pagesPerS, 2)}×`)].join(' | ')} |`);
    }
  }
  const flagged = [...summaries.filter((s) => s.sameSet && !s.sameSet.ok).map((s) => `${s.key} ` +
    `(${s.sameSet!.text})`), ...[...failed.keys()].map((k) => `${k} (failed)`)];
  lines.push('');
  lines.push(flagged.length
    ? `FLAGGED: ${flagged.join('; ')}; reference: ${refLabel}.`
    : refRun ? `Every run fetched the same ${refRun.pages} pages as the ${refLabel}.` : 'No run listed its pages; sets not compared.');
  const level = by('beancrawl-level');
  const bare = by('bare-1');
  const targets: Record<string, unknown> = {};
  if (level && o.targets) {
    const ratio = bare ? level.wall / bare.wall : NaN;
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    if (o.pagesPerSTarget) targets.pagesPerS = { value: level.pagesPerS, target: TARGET_PAGES_PER_S, met: level.pagesPerS >= TARGET_PAGES_PER_S };
    targets.wallRatioToBareLoop = { value: ratio, target: TARGET_WALL_RATIO, met: ratio <= TARGET_WALL_RATIO };
    targets.peakRssMb = { value: level.rssMb, target: TARGET_RSS_MB, met: level.rssMb <= TARGET_RSS_MB };
    const rateVerdict = o.pagesPerSTarget ? `target ≥ ${TARGET_PAGES_PER_S}: ${verdict(level.pagesPerS >= TARGET_PAGES_PER_S)}` : `the ` +
      `${TARGET_PAGES_PER_S} pages/s target is the synthetic site's; here start-up weighs on a short crawl`;
    lines.push(`beancrawl (LevelFrontier, durable) against the targets: ${fmt(level.pagesPerS)} pages/s (${rateVerdict}); `
      + `wall ${fmt(ratio, 3)}× the bare loop's, 1 in flight (target ≤ ${TARGET_WALL_RATIO}×: ${verdict(ratio <= TARGET_WALL_RATIO)}); `
      + `peak RSS ${fmt(level.rssMb)} MB (target ≤ ${TARGET_RSS_MB} MB: ${verdict(level.rssMb <= TARGET_RSS_MB)}).`);
    const cm = by('crawlee-memory');
    const cs = by('crawlee-storage');
    const w2 = by('wget2');
    const parts = [
      cm && `${fmt(level.pagesPerS / cm.pagesPerS, 1)}× Crawlee in-memory`,
      cs && `${fmt(level.pagesPerS / cs.pagesPerS, 1)}× Crawlee with storage`,
      w2 && `${fmt(level.pagesPerS / w2.pagesPerS, 2)}× wget2`,
    ].filter(Boolean);
    if (parts.length) lines.push(`beancrawl (LevelFrontier) pages/s: ${parts.join(', ')}.`);
  }
  for (const s of summaries) {
    // beancrawl's own closing line, from the run of median wall time.
    const mid = s.runs.find((r) => r.m.wall === s.wall) ?? s.runs[0];
    if (s.key.startsWith('beancrawl') && mid.note) lines.push(`${s.key}, its own summary (run of median wall time): ${mid.note}`);
  }
  lines.push(`(harness time ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  const markdown = lines.join('\n');

  const json = {
    date: new Date().toISOString(), node: process.version, cpus: cpu.length, cpuModel: cpu[0]?.model.trim(),
    site: { kind: site.kind, description: site.description, seed: site.seed, ...site.params },
    options: o, crawlee, wget2, reference: refLabel, skipped, failed: Object.fromEntries(failed), targets,
    runs: summaries.map((s) => ({
      key: s.key, name: s.name, pages: s.pages, fetched: s.fetched, wallS: s.wall, wallMinS: s.wallMin, wallMaxS: s.wallMax, pagesPerS: s.pagesPerS,
      cpuS: s.cpu, peakRssMb: s.rssMb, diskMb: s.diskMb ?? null, samePagesAsReference: s.sameSet ?? null, notes: s.notes,
      ratios: Object.fromEntries(present.map(([l, r]) => [l, { wall: s.wall / r.wall, pagesPerS: s.pagesPerS / r.pagesPerS }])),
      each: s.runs.map((r) => ({ wallS: r.m.wall, cpuS: r.m.cpu, peakRssMb: r.m.rssMb, pages: r.pages, fetched: r.fetched, diskMb: r.diskMb ?? null, note: r.note ?? null })),
    })),
  };
  if (options.jsonPath) {
    mkdirSync(dirname(options.jsonPath), { recursive: true });
    writeFileSync(options.jsonPath, `${JSON.stringify(json, null, 2)}\n`);
  }
  return { site, summaries, skipped, markdown, json };
}
