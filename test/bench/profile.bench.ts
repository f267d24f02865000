/**
 * Where beancrawl's time goes: `beancrawl launch` (site-mirror, LevelFrontier, politeness off) on
 * the synthetic site (default 20,000 pages) under V8's sampling profiler (`node --cpu-prof`),
 * running the compiled modules (dist/src, with their source maps) rather than the one-file
 * bundle, so that functions are named by their TypeScript file and line. Prints:
 * - the top functions by self time, with src file:line (node_modules and node: internals named
 *   as such), and the share of all samples;
 * - self time added up by file or package;
 * - beancrawl's own functions by inclusive time (self plus what they call), the best view of
 *   which stage costs what.
 * Then the same for the bare undici + htmlparser2 loop (1 in flight) on the same site, shorter,
 * for comparison: what both pay is the floor, what only beancrawl pays is the overhead to cut.
 * The profiles are kept in test/bench/results/ (git-ignored) for Chrome DevTools.
 * Usage: node profile.bench.js [pages] [--top N] [--bundle] [--no-bare]
 *   (internal: node profile.bench.js --cli ARGS…, runs dist/src/cli/main.js's run(ARGS))
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, timed } from './measure.js';
import { launchJob, ROOT } from './runners/beancrawl.js';
import { serveSynthetic } from './sites.js';
import { DEFAULT_SHAPE } from './synthetic-site.js';

const SELF = fileURLToPath(import.meta.url);


export interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
export interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
export interface CpuProfile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

const maps = new Map<string, SourceMap | null>();
function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    let m: SourceMap | null = null;
    try {
      if (existsSync(`${file}.map`)) m = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      m = null;
    }
    maps.set(file, m);
  }
  return maps.get(file)!;
}

/** Where a frame is, for people: src/…/x.ts:line for our code, package/path:line, node:…:line. */
export function place(cf: CallFrame): { where: string; area: string } {
  const url = cf.url;
  const line = cf.lineNumber + 1;
  if (!url) return { where: '', area: cf.functionName.startsWith('(') ? cf.functionName : '(native)' };
  if (url.startsWith('node:')) return { where: `${url}:${line}`, area: 'node: internals' };
  // The only WebAssembly in the process is undici's HTTP/1.1 parser, llhttp.
  if (url.startsWith('wasm:')) return { where: `${url}:${line}`, area: 'undici (llhttp, wasm)' };
  const file = url.startsWith('file:') ? fileURLToPath(url) : url;
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = file.slice(nm + '/node_modules/'.length);
    const pkg = rest.startsWith('@') ? rest.split('/').slice(0, 2).join('/') : rest.split('/')[0];
    return { where: `${rest}:${line}`, area: pkg };
  }
  const map = sourceMapOf(file);
  if (map) {
    const e = map.findEntry(cf.lineNumber, cf.columnNumber) as { originalSource?: string; originalLine?: number };
    if (e?.originalSource) {
      const src = relative(ROOT, e.originalSource.startsWith('file:') ? fileURLToPath(e.originalSource) : join(file, '..', e.originalSource));
      return { where: `${src}:${(e.originalLine ?? 0) + 1}`, area: src };
    }
  }
  const rel = relative(ROOT, file);
  return { where: `${rel}:${line}`, area: rel };
}

interface Row { name: string; where: string; ms: number }

const names = new WeakMap<CpuProfile, Map<number, string>>();
function byIdName(profile: CpuProfile, id: number): string {
  if (!names.has(profile)) names.set(profile, new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName || '(anonymous)'])));
  return names.get(profile)!.get(id) ?? '(anonymous)';
}

export function summarise(profile: CpuProfile, top: number, full = true): string {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const placed = new Map<number, { key: string; name: string; where: string; area: string; ours: boolean }>();
  const plain = new Map(profile.nodes.map((n) => [n.id, place(n.callFrame)]));
  const internal = (a: string) => a === 'node: internals' || a === '(native)';
  /** The nearest frame above `id` (itself included) that is beancrawl's or a package's, not Node's nor native. */
  const owner = new Map<number, string>();
  const ownerOf = (id: number): string => {
    const known = owner.get(id);
    if (known !== undefined) return known;
    const a = plain.get(id)!.area;
    const up = parent.get(id);
    const o = !internal(a) || up === undefined ? a : ownerOf(up);
    owner.set(id, o);
    return o;
  };
  for (const n of profile.nodes) {
    let p = plain.get(n.id)!;
    const name = n.callFrame.functionName || '(anonymous)';
    if (p.area === '(native)') {
      // A native function (a V8 builtin or a C++ binding) says little by itself: name its JS caller.
      let up = parent.get(n.id);
      while (up !== undefined && !plain.get(up)!.where) up = parent.get(up);
      if (up !== undefined) p = { where: `native, from ${byIdName(profile, up)} ${plain.get(up)!.where}`, area: p.area };
    }
    placed.set(n.id, { key: `${name}@${p.where}`, name, where: p.where, area: p.area, ours: p.area.startsWith('src/') });
  }
  const self = new Map<string, Row>();
  const area = new Map<string, number>();
  const owned = new Map<string, number>();
  const inclusive = new Map<string, Row>();
  let total = 0;
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    // A sample stands for the time until the next one.
    const ms = (i + 1 < timeDeltas.length ? timeDeltas[i + 1] : 0) / 1000;
    if (ms <= 0) continue;
    total += ms;
    const p = placed.get(samples[i])!;
    const row = self.get(p.key) ?? self.set(p.key, { name: p.name, where: p.where, ms: 0 }).get(p.key)!;
    row.ms += ms;
    area.set(p.area, (area.get(p.area) ?? 0) + ms);
    const o = ownerOf(samples[i]);
    owned.set(o, (owned.get(o) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = samples[i]; id !== undefined; id = parent.get(id)) {
      const q = placed.get(id)!;
      if (!q.ours || seen.has(q.key)) continue;
      seen.add(q.key);
      const r = inclusive.get(q.key) ?? inclusive.set(q.key, { name: q.name, where: q.where, ms: 0 }).get(q.key)!;
      r.ms += ms;
    }
  }
  const idle = area.get('(idle)') ?? 0;
  const busy = total - idle;
  const pct = (ms: number) => `${fmt((100 * ms) / busy, 1)} %`;
  const out: string[] = [];
  out.push(`${fmt(total / 1000, 2)} s profiled: ${fmt((total - idle) / 1000, 2)} s on the CPU (main thread), ${fmt(idle / 1000, 2)} s idle ` +
    `(waiting for the network, the disk or a timer). Shares below are of the CPU time. GC: ${pct(area.get('(garbage collector)') ?? 0)}; ` +
    `(program), V8's own work outside JS functions: ${pct(area.get('(program)') ?? 0)}. Inclusive times stop at each await (V8 samples the ` +
    `synchronous stack).`);
  out.push('');
  out.push(`Top ${top} functions by self time (idle left out):`);
  out.push('');
  out.push('| # | function | where | self ms | share of CPU |');
  out.push('|---|---|---|---|---|');
  [...self.values()].filter((r) => r.name !== '(idle)').sort((a, b) => b.ms - a.ms).slice(0, top)
    .forEach((r, i) => out.push(`| ${i + 1} | ${r.name} | ${r.where || '–'} | ${fmt(r.ms)} | ${pct(r.ms)} |`));
  out.push('');
  out.push('By file (beancrawl) or package (node_modules), top 15: self time, and self time plus the Node internals and natives it calls (streams, ' +
    'sockets, fs, URL, crypto); what no package called is left with Node:');
  out.push('');
  out.push('| file or package | self ms | self share | with Node internals ms | with Node internals share |');
  out.push('|---|---|---|---|---|');
  [...owned.entries()].filter(([a]) => a !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 15)
    .forEach(([a, ms]) => out.push(`| ${a === '(root)' ? 'Node, called from no package (event loop, microtasks, timers, module loading)' : a} | ` +
      `${fmt(area.get(a) ?? 0)} | ${pct(area.get(a) ?? 0)} | ${fmt(ms)} | ${pct(ms)} |`));
  out.push(`(node: internals, self: ${fmt(area.get('node: internals') ?? 0)} ms; natives, self: ${fmt(area.get('(native)') ?? 0)} ms.)`);
  out.push('');
  if (!full) return out.join('\n');
  out.push('beancrawl functions by inclusive time (self plus callees; nested stages overlap), top 15:');
  out.push('');
  out.push('| function | where | inclusive ms | share |');
  out.push('|---|---|---|---|');
  [...inclusive.values()].sort((a, b) => b.ms - a.ms).slice(0, 15)
    .forEach((r) => out.push(`| ${r.name} | ${r.where} | ${fmt(r.ms)} | ${pct(r.ms)} |`));
  return out.join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 20;
  const bundle = args.includes('--bundle');
  const pages = Number(args.filter((a) => !a.startsWith('--'))[0] ?? DEFAULT_SHAPE.pages);
  const site = await serveSynthetic({ ...DEFAULT_SHAPE, pages });
  const work = mkdtempSync(join(tmpdir(), 'beancrawl-profile-bench-'));
  try {
    const profDir = join(work, 'prof');
    const nodeArgs = ['--cpu-prof', '--cpu-prof-dir', profDir];
    const { m, log, summary } = launchJob(join(work, 'job'), 'level', site.seed, { nodeArgs, ...(bundle ? {} : { script: SELF, scriptArgs: ['--cli'] }) });
    const files = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'));
    if (!files.length) throw new Error(`no .cpuprofile written in ${profDir}`);
    const file = join(profDir, files[0]);
    const results = join(ROOT, 'test', 'bench', 'results');
    mkdirSync(results, { recursive: true });
    const kept = join(results, 'beancrawl-launch.cpuprofile');
    copyFileSync(file, kept);
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    console.log(`### Where the time goes: beancrawl launch on the synthetic site (${pages} pages), under --cpu-prof`);
    console.log('');
    console.log(`${bundle ? 'dist/beancrawl.mjs (the bundle)' : 'The compiled modules (dist/src, source-mapped to src/*.ts)'}, site-mirror, ` +
      `LevelFrontier, delays 0: ${log.pages} pages in ${fmt(m.wall, 2)} s wall, ${fmt(m.cpu, 2)} s CPU (all threads), peak RSS ${fmt(m.rssMb)} MB ` +
      `(the profiler costs some speed). ${summary}`);
    console.log('');
    console.log(summarise(profile, top));
    console.log('');
    if (!args.includes('--no-bare')) {
      const bareDir = join(work, 'bare-prof');
      const bm = timed(process.execPath, ['--cpu-prof', '--cpu-prof-dir', bareDir, join(ROOT, 'dist', 'test', 'bench', 'bare-loop.js'), site.seed, '1']);
      const bareFile = readdirSync(bareDir).filter((f) => f.endsWith('.cpuprofile'))[0];
      if (bm.status === 0 && bareFile) {
        copyFileSync(join(bareDir, bareFile), join(results, 'bare-loop.cpuprofile'));
        const barePages = Number(/PAGES (\d+)/.exec(bm.stdout)?.[1] ?? NaN);
        console.log('');
        console.log(`#### For comparison: the bare undici + htmlparser2 loop, 1 in flight, same site, under --cpu-prof: ${barePages} pages in ` +
          `${fmt(bm.wall, 2)} s wall, ${fmt(bm.cpu, 2)} s CPU, peak RSS ${fmt(bm.rssMb)} MB. CPU per page: beancrawl ` +
          `${fmt((1000 * m.cpu) / log.pages, 3)} ms, bare loop ${fmt((1000 * bm.cpu) / barePages, 3)} ms.`);
        console.log('');
        console.log(summarise(JSON.parse(readFileSync(join(bareDir, bareFile), 'utf8')) as CpuProfile, 10, false));
      }
    }
    console.log('');
    console.log(`Profiles: ${kept}${args.includes('--no-bare') ? '' : ` and ${join(results, 'bare-loop.cpuprofile')}`} (open in Chrome DevTools, ` +
      `Performance or JavaScript Profiler).`);
  } finally {
    await site.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

// Last, so that every declaration above is initialised first.
if (process.argv[2] === '--cli') {
  const { run } = await import('../../src/cli/main.js');
  process.exitCode = await run(process.argv.slice(3));
} else if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(SELF)) {
  await main();
}
