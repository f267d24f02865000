/**
 * Rendering (BrowserProcessor), issue 37's benchmarks, each figure beside its goal:
 *
 * - rate: rendered pages a second with 1, 2 and 4 pages at once, the crawl's own peak RSS and the
 *   browser's (Chromium's processes under this one, summed, at their highest), and the requests the
 *   sites got for their shared script (1 in each run: fetched once). Each run crawls as many loopback
 *   sites as pages at once (the frontier fetches one URI of a site at a time), PAGES pages each, every
 *   page a shell whose links a shared script writes.
 * - memory: MEMORY pages rendered in one run (two tree-shaped such sites, their links in their markup too, 2 pages at once); at every 200th page
 *   fetched, this process's RSS (the crawl runs in it: /proc/self, which is process.memoryUsage().rss)
 *   and its V8 heap after a full GC (node --expose-gc; without it, the heap as it is), with Chromium's
 *   RSS beside them; then the same sites crawled without rendering, for what the crawl's own state
 *   (frontier, uniq filter, LevelDB) adds over as many pages. Goal: flat (2,000 pages against 200).
 * - mixed: a job of two sites, one rendered (RENDERED pages; rendering switched on for it by a sheet
 *   on its SURT prefix, as docs/guide/rendering.md shows) and one not (PLAIN plain pages, 10 links
 *   each), against the same job with rendering off; the plain site's pages/s (its pages over the span
 *   from its first crawl.log line to its last) in each, RUNS interleaved pairs, medians, the ratio
 *   beside the 10 % goal, and the pages of the other site rendered within the plain site's span (the
 *   mixed figure means something only when there are some: with 3,000 plain pages there were none,
 *   the browser still starting; hence 30,000 by default). Each job is a
 *   whole `beancrawl launch` and both sites are served by a process of their own
 *   (render-sites-process.ts), as a real crawl's sites are not in its process: in process, the
 *   sites' servers and a run's leftovers (heap, compiled code) shared the crawl's thread, and the
 *   unrendered job alone varied 1,070–2,360 pages/s. Beside each run: the share of the plain span
 *   the launch's main thread spent on a core and waiting for one (/proc/PID/task/PID/schedstat).
 *
 * Rate and memory run in process. All with the default profile, BrowserProcessor at the end of the
 * fetch chain (waitUntil load, no behaviours), politeness delays 0, maxToeThreads 8. Not a test;
 * needs /usr/bin/chromium:
 *
 *     npm run build && node --expose-gc dist/test/bench/render.bench.js [--only rate,memory,mixed]
 *       [--pages 40] [--memory 2000] [--rendered 400] [--plain 30000] [--runs 3] [--niceness 10] [--idle 1] [--loop-share 0.7]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawlJob, fastSets, parseCrawlLog, type CrawlLogEntry } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { SiteServer } from '../support/site-server.js';
import { median } from './measure.js';
import { countingSite, scriptSite } from './render-sites.js';
import { startReadyProcess, stopChild } from './sites.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const ONLY = (() => {
  const i = process.argv.indexOf('--only');
  return new Set(i >= 0 ? process.argv[i + 1].split(',') : ['rate', 'memory', 'mixed']);
})();
const PAGES = option('pages', 40);
const MEMORY = option('memory', 2000);
const RENDERED = option('rendered', 400);
const PLAIN = option('plain', 30000);
const RUNS = option('runs', 3);
/** BrowserProcessor's renderNiceness in the mixed job (its default, 10, unless given). */
const NICENESS = option('niceness', 10);
/** BrowserProcessor's renderOnIdleCpu in the mixed job: 1 (its default) or 0. */
const IDLE = option('idle', 1) !== 0;
/** BrowserProcessor's maxLoopShare in the mixed job (its default, 0.7, unless given; 1: pages never wait for the crawl's loop). */
const LOOP_SHARE = option('loop-share', 0.7);
const STEP = 200;

/** The default profile with the browser bean at the end of the fetch chain (left out when `chain` is false), and `more` beans. */
async function beans(props: string, chain = true, more = ''): Promise<string> {
  const xml = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  return (chain ? xml.replace('<ref bean="extractorSwf"/>', '<ref bean="extractorSwf"/>\n    <ref bean="browser"/>') : xml)
    .replace('</beans>', ` <bean id="browser" class="BrowserProcessor"><property name="waitUntil" value="load"/>${props}</bean>\n${more}</beans>`);
}

/** RSS (KiB) of the processes descending from `root` whose command is chromium, summed (pages they share counted in each). */
function chromiumRssKb(root: number): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const comm = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '';
      parent.set(Number(name), ppid);
      if (/chrom/i.test(comm)) rss.set(Number(name), kb);
    } catch {
      // A process that ended while /proc was read: not counted.
    }
  }
  let total = 0;
  for (const [pid, kb] of rss) {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        total += kb;
        break;
      }
    }
  }
  return total;
}

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
const load = () => loadavg()[0].toFixed(1);
const isRendered = (e: CrawlLogEntry) => e.annotations.split(',').includes('rendered');

async function rate(atOnce: number): Promise<string> {
  const sites = await Promise.all(Array.from({ length: atOnce }, () => SiteServer.start(scriptSite(PAGES))));
  let peakRss = 0;
  let peakBrowser = 0;
  const sample = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    peakBrowser = Math.max(peakBrowser, chromiumRssKb(process.pid));
  }, 200);
  const began = Date.now();
  const cpu = process.cpuUsage();
  try {
    const { log } = await crawlJob(fastSets(sites.map((s) => `${s.origin}/`), ['crawlController.maxToeThreads=8']),
      { beans: await beans(`<property name="maxConcurrentPages" value="${atOnce}"/>`) });
    const wall = (Date.now() - began) / 1000;
    const used = process.cpuUsage(cpu);
    const rendered = log.filter(isRendered).length;
    const scripts = sites.map((s) => s.paths().filter((p) => p === '/app.js').length).join('/');
    return `| ${atOnce} | ${rendered} | ${wall.toFixed(1)} | ${(rendered / wall).toFixed(1)} | ${((used.user + used.system) / 1e6).toFixed(1)} | ` +
      `${mib(peakRss)} | ${Math.round(peakBrowser / 1024)} | ${scripts} | ${load()} |`;
  } finally {
    clearInterval(sample);
    await Promise.all(sites.map((s) => s.close()));
  }
}

interface MemorySample {
  pages: number;
  rss: number;
  heap: number;
  browser: number;
}

/**
 * Crawls two tree-shaped script sites of MEMORY/2 pages (links in their markup too), rendered (2 at
 * once) or not, sampling memory at every STEP pages fetched.
 */
async function memoryRun(render: boolean): Promise<MemorySample[]> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const samples: MemorySample[] = [];
  let total = 0;
  const onPage = () => {
    const n = ++total;
    if (n % STEP !== 0) return;
    // After the request is answered: the sample is taken between the crawl's turns.
    setImmediate(() => {
      gc?.();
      const m = process.memoryUsage();
      samples.push({ pages: n, rss: m.rss, heap: m.heapUsed, browser: chromiumRssKb(process.pid) * 1024 });
    });
  };
  const half = Math.ceil(MEMORY / 2);
  const sites = await Promise.all([countingSite(scriptSite(half, true, true), onPage), countingSite(scriptSite(half, true, true), onPage)]);
  try {
    await crawlJob(fastSets(sites.map((s) => `${s.origin}/`), ['crawlController.maxToeThreads=8']),
      { beans: await beans('<property name="maxConcurrentPages" value="2"/>', render) });
    return samples;
  } finally {
    await Promise.all(sites.map((s) => s.close()));
  }
}

async function memory(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc !== undefined;
  console.log(`\n### Memory over ${MEMORY} rendered pages (two script sites, 2 pages at once; this process's RSS, which holds the crawl, ` +
    `and its heap ${gc ? 'after a full GC' : 'as it is (run with node --expose-gc for the heap after GC)'}; load ${load()})\n`);
  const rendered = await memoryRun(true);
  const plain = await memoryRun(false);
  console.log('| pages fetched | crawl RSS MiB, rendered | heap MiB, rendered | Chromium RSS MiB | crawl RSS MiB, not rendered | heap MiB, not rendered |');
  console.log('|---|---|---|---|---|---|');
  for (const s of rendered) {
    const p = plain.find((q) => q.pages === s.pages);
    console.log(`| ${s.pages} | ${mib(s.rss)} | ${mib(s.heap)} | ${mib(s.browser)} | ${p ? mib(p.rss) : '–'} | ${p ? mib(p.heap) : '–'} |`);
  }
  const at = (xs: MemorySample[], n: number) => xs.find((s) => s.pages === n);
  const first = at(rendered, STEP);
  const last = rendered.at(-1);
  const plainFirst = at(plain, STEP);
  const plainLast = plain.at(-1);
  if (first && last && plainFirst && plainLast) {
    console.log('\n| figure | at 200 pages | at ' + last.pages + ' pages | growth | goal |');
    console.log('|---|---|---|---|---|');
    const row = (name: string, a: number, b: number) =>
      console.log(`| ${name} | ${mib(a)} MiB | ${mib(b)} MiB | ${mib(b - a)} MiB (${(b / a).toFixed(2)}×) | flat |`);
    row('crawl RSS, rendered', first.rss, last.rss);
    row('crawl heap, rendered', first.heap, last.heap);
    row('crawl RSS, same sites not rendered', plainFirst.rss, plainLast.rss);
    row('crawl heap, same sites not rendered', plainFirst.heap, plainLast.heap);
    console.log(`| Chromium RSS | ${mib(first.browser)} MiB | ${mib(last.browser)} MiB | ${mib(last.browser - first.browser)} MiB | – |`);
  }
}

const BIN = join(REPO_ROOT, 'bin', 'beancrawl.js');
/** Milliseconds a clock tick of /proc/PID/stat (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** A process's main thread: ms on a core and ms waiting in the run queue for one (schedstat), and the whole process's CPU ms (stat). */
interface ThreadSample {
  readonly at: number;
  readonly run: number;
  readonly wait: number;
  readonly cpu: number;
}

function sampleProcess(pid: number): ThreadSample | undefined {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'latin1').split(' ').map(Number);
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { at: Date.now(), run: run / 1e6, wait: wait / 1e6, cpu: (Number(f[11]) + Number(f[12])) * TICK_MS };
  } catch {
    // The process ended between two samples: the last one stands.
    return undefined;
  }
}

/** The mixed job's two sites, served by a process of their own (render-sites-process.ts). */
async function startMixedSites(): Promise<{ app: string; plain: string; stop: () => Promise<void> }> {
  const { match, child } = await startReadyProcess('render-sites-process.js', [String(RENDERED), String(PLAIN)], /ORIGINS (\S+) (\S+)/);
  return { app: match[1], plain: match[2], stop: () => stopChild(child) };
}

/**
 * One mixed or unrendered job, a whole `beancrawl launch`: the plain site's pages/s, the other
 * site's pages rendered within the plain site's span, the launch's CPU seconds (Chromium's not
 * counted) and its main thread's shares of that span on a core and waiting for one (sampled every
 * 50 ms from /proc).
 */
interface MixedRun {
  readonly pagesPerS: number;
  readonly plainPages: number;
  /** Pages of the other site rendered within the plain site's span (its first crawl.log line to its last). */
  readonly renderedDuring: number;
  readonly rendered: number;
  readonly cpu: number;
  readonly waitShare: number;
  readonly runShare: number;
}

async function mixedRun(render: boolean, sites: { app: string; plain: string }): Promise<MixedRun> {
  // As docs/guide/rendering.md shows: the bean off, a sheet switching it on for the one site (off for both when render is false).
  const sheet = render ? `
 <bean id="render" class="Sheet">
  <property name="map"><map><entry key="browser.enabled" value="true"/></map></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${sites.app}/</value></list></property>
  <property name="targetSheetNames"><list><value>render</value></list></property>
 </bean>
` : '';
  const dir = mkdtempSync(join(tmpdir(), 'bc-render-mixed-'));
  try {
    writeFileSync(join(dir, 'crawler-beans.xml'), await beans('<property name="enabled" value="false"/><property name="maxConcurrentPages" value="2"/>' +
      `<property name="renderNiceness" value="${NICENESS}"/><property name="renderOnIdleCpu" value="${IDLE}"/>` +
      `<property name="maxLoopShare" value="${LOOP_SHARE}"/>`, true, sheet));
    const sets = fastSets([`${sites.app}/`, `${sites.plain}/`], ['crawlController.maxToeThreads=8', 'frontier.retryDelaySeconds=1'])
      .flatMap((s) => ['--set', s.replace(/\\n/g, '\n')]);
    const child = spawn(process.execPath, [BIN, 'launch', dir, ...sets], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-4000);
    });
    const samples: ThreadSample[] = [];
    const sampler = setInterval(() => {
      const x = sampleProcess(child.pid!);
      if (x) samples.push(x);
    }, 50);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearInterval(sampler);
    if (code !== 0) throw new Error(`beancrawl launch exited ${code}:\n${stderr}`);
    const log = parseCrawlLog(readFileSync(join(dir, 'latest', 'logs', 'crawl.log'), 'utf8'));
    const time = (e: CrawlLogEntry) => Date.parse(e.time);
    const pages = log.filter((e) => e.uri.startsWith(`${sites.plain}/`) && e.status === 200 && e.mime.startsWith('text/html'));
    const renderedPages = log.filter((e) => e.uri.startsWith(`${sites.app}/`) && isRendered(e));
    const span = (time(pages.at(-1)!) - time(pages[0])) / 1000;
    const near = (t: number) => samples.reduce((a, b) => (Math.abs(b.at - t) < Math.abs(a.at - t) ? b : a));
    const [first, last] = [near(time(pages[0])), near(time(pages.at(-1)!))];
    return {
      pagesPerS: (pages.length - 1) / span, plainPages: pages.length, rendered: renderedPages.length,
      renderedDuring: renderedPages.filter((e) => time(e) >= time(pages[0]) && time(e) <= time(pages.at(-1)!)).length, cpu: (samples.at(-1)?.cpu ?? 0) / 1000,
      waitShare: last.at > first.at ? (last.wait - first.wait) / (last.at - first.at) : 0,
      runShare: last.at > first.at ? (last.run - first.run) / (last.at - first.at) : 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function mixed(): Promise<void> {
  console.log(`\n### Mixed job: one site rendered (${RENDERED} pages, by a sheet; renderNiceness ${NICENESS}, renderOnIdleCpu ${IDLE}, ` +
    `maxLoopShare ${LOOP_SHARE}), ` +
    `one not (${PLAIN} plain pages), ` +
    'against rendering off; whole `beancrawl launch` processes, the sites served by a process of their own; ' +
    `${RUNS} interleaved pairs after a warm-up pair\n`);
  console.log('| run | job | plain site pages | plain site pages/s | pages rendered | of them within the plain site\'s span | ' +
    'crawl\'s main thread on a core, waiting for one (shares of the plain span) | crawl CPU s (Chromium not counted) | load |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const off: number[] = [];
  const on: number[] = [];
  const sites = await startMixedSites();
  try {
    // Run 0 warms the machine (the page cache, Chromium's files): shown, not counted.
    for (let r = 0; r <= RUNS; r++) {
      // Alternating which goes first, so that drift of the machine falls on both.
      for (const render of r % 2 === 1 ? [false, true] : [true, false]) {
        const x = await mixedRun(render, sites);
        if (r > 0) (render ? on : off).push(x.pagesPerS);
        const run = r === 0 ? '0 (warm-up, not counted)' : String(r);
        console.log(`| ${run} | ${render ? 'one site rendered' : 'rendering off'} | ${x.plainPages} | ${x.pagesPerS.toFixed(0)} | ${x.rendered} | ` +
          `${render ? x.renderedDuring : '–'} | ${Math.round(x.runShare * 100)} %, ${Math.round(x.waitShare * 100)} % | ${x.cpu.toFixed(1)} | ${load()} |`);
      }
    }
  } finally {
    await sites.stop();
  }
  const ratio = median(on) / median(off);
  console.log('\n| figure | rendering off | one site rendered | ratio | goal |');
  console.log('|---|---|---|---|---|');
  console.log(`| plain site pages/s (median of ${RUNS}) | ${median(off).toFixed(0)} | ${median(on).toFixed(0)} | ${ratio.toFixed(2)} | ≥ 0.90 ` +
    `(${ratio >= 0.9 ? 'met' : 'not met'}) |`);
  // Each pair ran back to back, so its ratio is what the machine's drift between pairs (as large as the effect here) leaves out.
  const pairs = on.map((x, i) => x / off[i]);
  const pairRatio = median(pairs);
  console.log(`| the same, pair by pair (${pairs.map((x) => x.toFixed(2)).join(', ')}) | – | – | ${pairRatio.toFixed(2)} (median) | ≥ 0.90 ` +
    `(${pairRatio >= 0.9 ? 'met' : 'not met'}) |`);
}

if (ONLY.has('rate')) {
  console.log(`### Rendered pages (${PAGES} pages a site, as many sites as pages at once)\n`);
  console.log('| pages at once | pages rendered | wall s | pages/s | process CPU s | crawl peak RSS MiB | browser peak RSS MiB | ' +
    '/app.js requests a site | load |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const n of [1, 2, 4]) console.log(await rate(n));
}
if (ONLY.has('memory')) await memory();
if (ONLY.has('mixed')) await mixed();
