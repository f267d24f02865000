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
 *   beside the 10 % goal, and the share of the plain site's pages fetched while the other was still
 *   being rendered (the mixed figure means something only when that is near 100 %).
 *
 * All in process with the default profile, BrowserProcessor at the end of the fetch chain (waitUntil
 * load, no behaviours), politeness delays 0, maxToeThreads 8. Not a test; needs /usr/bin/chromium:
 *
 *     npm run build && node --expose-gc dist/test/bench/render.bench.js [--only rate,memory,mixed]
 *       [--pages 40] [--memory 2000] [--rendered 400] [--plain 3000] [--runs 3] [--niceness 10] [--idle 1]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { crawlJob, fastSets, type CrawlLogEntry } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { SiteServer, type Route } from '../support/site-server.js';

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
const PLAIN = option('plain', 3000);
const RUNS = option('runs', 3);
/** BrowserProcessor's renderNiceness in the mixed job (its default, 10, unless given). */
const NICENESS = option('niceness', 10);
/** BrowserProcessor's renderOnIdleCpu in the mixed job: 1 (its default) or 0. */
const IDLE = option('idle', 1) !== 0;
const STEP = 200;

/** The shared script: it writes the links of page n (those of `children(n)` below `pages`) into #app. */
function appJs(pages: number, children: string): string {
  return `var n = Number(location.pathname.slice(2) || 0), app = document.getElementById('app');
    ${children}.forEach(function (i) {
      if (i < ${pages}) { var a = document.createElement('a'); a.href = '/p' + i; a.textContent = 'page ' + i; app.appendChild(a); }
    });`;
}

function shell(i: number, links = ''): string {
  return `<!doctype html><html><head><title>p${i}</title><script src="/app.js" defer></script></head>` +
    `<body><h1>page ${i}</h1>${links}<div id="app"></div></body></html>`;
}

/**
 * A script site: page n's links are n+1 and n+2 (rate) or 2n+1 and 2n+2 (a tree, few hops deep, for
 * larger sites), written by its script; `inHtml`: in its markup too, so that a crawl without
 * rendering fetches the same pages (the memory run's comparison).
 */
function scriptSite(pages: number, tree = false, inHtml = false): Record<string, Route> {
  const routes: Record<string, Route> = {
    '/robots.txt': { status: 404 },
    '/app.js': { headers: { 'content-type': 'text/javascript' }, body: appJs(pages, tree ? '[2 * n + 1, 2 * n + 2]' : '[n + 1, n + 2]') },
  };
  for (let i = 0; i < pages; i++) {
    const links = inHtml ? (tree ? [2 * i + 1, 2 * i + 2] : [i + 1, i + 2]).filter((j) => j < pages).map((j) => `<a href="/p${j}">p${j}</a>`).join(' ') : '';
    routes[i === 0 ? '/' : `/p${i}`] = { body: shell(i, links) };
  }
  return routes;
}

/** A plain site: page n links to 10n+1 … 10n+10. */
function plainSite(pages: number): Record<string, Route> {
  const routes: Record<string, Route> = { '/robots.txt': { status: 404 } };
  for (let i = 0; i < pages; i++) {
    const links = Array.from({ length: 10 }, (_, k) => 10 * i + k + 1).filter((j) => j < pages).map((j) => `<a href="/p${j}">page ${j}</a>`);
    const body = `<!doctype html><html><head><title>p${i}</title></head><body><h1>page ${i}</h1>${links.join(' ')}</body></html>`;
    routes[i === 0 ? '/' : `/p${i}`] = { body };
  }
  return routes;
}

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
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
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

/** A site served without recording requests (its own memory stays flat), calling `onPage` with the count of page requests so far. */
async function countingSite(routes: Record<string, Route>, onPage: (n: number) => void): Promise<{ origin: string; close: () => Promise<void> }> {
  let pages = 0;
  const server: Server = createServer((req, res) => {
    const route = routes[req.url ?? '/'];
    if (route === undefined || typeof route === 'function' || route.status === 404) {
      res.writeHead(404).end();
      return;
    }
    if (req.url !== '/app.js') onPage(++pages);
    res.writeHead(200, { 'content-type': 'text/html', ...route.headers }).end(route.body);
  });
  // Longer than any pause of a loaded machine: a connection the crawl keeps is not closed under it (a reset page waits retryDelaySeconds).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
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

/** This thread's time on a core and waiting in the run queue for one, ms (/proc/…/schedstat; 0 where there is none). */
function schedstat(): { at: number; run: number; wait: number } {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'latin1').split(' ').map(Number);
    return { at: Date.now(), run: run / 1e6, wait: wait / 1e6 };
  } catch {
    return { at: Date.now(), run: 0, wait: 0 };
  }
}

/**
 * One mixed or unrendered job: the plain site's pages/s, the share of its pages fetched while the
 * other was still rendered, and how long the crawl's thread (this process's main thread) waited
 * for a core over the plain site's span (sampled every 50 ms).
 */
interface MixedRun {
  readonly pagesPerS: number;
  readonly plainPages: number;
  readonly overlap: number;
  readonly rendered: number;
  readonly cpu: number;
  readonly waitShare: number;
}

async function mixedRun(render: boolean): Promise<MixedRun> {
  const app = await countingSite(scriptSite(RENDERED, true), () => undefined);
  const plain = await countingSite(plainSite(PLAIN), () => undefined);
  // As docs/guide/rendering.md shows: the bean off, a sheet switching it on for the one site (off for both when render is false).
  const sheet = render ? `
 <bean id="render" class="Sheet">
  <property name="map"><map><entry key="browser.enabled" value="true"/></map></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${app.origin}/</value></list></property>
  <property name="targetSheetNames"><list><value>render</value></list></property>
 </bean>
` : '';
  const cpu = process.cpuUsage();
  const samples = [schedstat()];
  const sampler = setInterval(() => samples.push(schedstat()), 50);
  try {
    const { log } = await crawlJob(fastSets([`${app.origin}/`, `${plain.origin}/`], ['crawlController.maxToeThreads=8', 'frontier.retryDelaySeconds=1']),
      { beans: await beans('<property name="enabled" value="false"/><property name="maxConcurrentPages" value="2"/>' +
        `<property name="renderNiceness" value="${NICENESS}"/><property name="renderOnIdleCpu" value="${IDLE}"/>`, true, sheet) });
    const used = process.cpuUsage(cpu);
    const time = (e: CrawlLogEntry) => Date.parse(e.time);
    const pages = log.filter((e) => e.uri.startsWith(`${plain.origin}/`) && e.status === 200 && e.mime.startsWith('text/html'));
    const renderedPages = log.filter((e) => e.uri.startsWith(`${app.origin}/`) && isRendered(e));
    const span = (time(pages.at(-1)!) - time(pages[0])) / 1000;
    const lastRendered = renderedPages.length > 0 ? time(renderedPages.at(-1)!) : 0;
    const near = (t: number) => samples.reduce((a, b) => (Math.abs(b.at - t) < Math.abs(a.at - t) ? b : a));
    const [first, last] = [near(time(pages[0])), near(time(pages.at(-1)!))];
    return {
      pagesPerS: (pages.length - 1) / span, plainPages: pages.length, rendered: renderedPages.length,
      overlap: pages.filter((e) => time(e) <= lastRendered).length / pages.length, cpu: (used.user + used.system) / 1e6,
      waitShare: last.at > first.at ? (last.wait - first.wait) / (last.at - first.at) : 0,
    };
  } finally {
    clearInterval(sampler);
    await app.close();
    await plain.close();
  }
}

async function mixed(): Promise<void> {
  console.log(`\n### Mixed job: one site rendered (${RENDERED} pages, by a sheet; renderNiceness ${NICENESS}, renderOnIdleCpu ${IDLE}), ` +
    `one not (${PLAIN} plain pages), ` +
    'against rendering off; ' +
    `${RUNS} interleaved pairs after a warm-up pair\n`);
  console.log('| run | job | plain site pages | plain site pages/s | pages rendered | plain pages fetched while rendering | ' +
    'crawl thread waiting for a core (share of the plain span) | process CPU s | load |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const off: number[] = [];
  const on: number[] = [];
  // Run 0 warms the process (modules loaded, code compiled, the browser's code paths taken): shown, not counted.
  for (let r = 0; r <= RUNS; r++) {
    // Alternating which goes first, so that drift of the machine falls on both.
    for (const render of r % 2 === 1 ? [false, true] : [true, false]) {
      const x = await mixedRun(render);
      if (r > 0) (render ? on : off).push(x.pagesPerS);
      const run = r === 0 ? '0 (warm-up, not counted)' : String(r);
      console.log(`| ${run} | ${render ? 'one site rendered' : 'rendering off'} | ${x.plainPages} | ${x.pagesPerS.toFixed(0)} | ${x.rendered} | ` +
        `${render ? `${Math.round(x.overlap * 100)} %` : '–'} | ${Math.round(x.waitShare * 100)} % | ${x.cpu.toFixed(1)} | ${load()} |`);
    }
  }
  const ratio = median(on) / median(off);
  console.log('\n| figure | rendering off | one site rendered | ratio | goal |');
  console.log('|---|---|---|---|---|');
  console.log(`| plain site pages/s (median of ${RUNS}) | ${median(off).toFixed(0)} | ${median(on).toFixed(0)} | ${ratio.toFixed(2)} | ≥ 0.90 ` +
    `(${ratio >= 0.9 ? 'met' : 'not met'}) |`);
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
