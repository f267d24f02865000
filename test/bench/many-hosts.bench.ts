/**
 * Many hosts: a site of 1,000 hosts (IP literals 127.0.0.2 … 127.0.3.233, a few pages each, links
 * across hosts; many-hosts-site.ts) served by one process of its own (many-hosts-server-process.ts),
 * crawled from a handful of seed hosts with politeness per host on, so that the crawl spreads
 * over many queues. Crawled by:
 * - beancrawl: `beancrawl create --profile broad` (its scope accepts every host; the hop limit is
 *   raised from 3 to 50 so that every page is in scope) and `beancrawl launch`, the whole process
 *   under GNU time, with site-mirror's politeness by default (DispositionProcessor delayFactor 1,
 *   minDelayMs 500, maxDelayMs 5000) and site-mirror's 50 workers (broad has 100; --workers);
 * - Crawlee's CheerioCrawler (peers/crawlee-run.mjs), same seeds, enqueueLinks strategy `all`,
 *   max concurrency 50, sameDomainDelaySecs set to the same minimum delay. Crawlee keys that delay
 *   by tldts.getDomain(url), which is null for an IP literal, and then it applies no delay at
 *   all: on this site Crawlee runs without politeness whatever the option says (printed below).
 * Prints pages, wall, pages/s, CPU and peak RSS for both; for beancrawl the queues over time
 * (sampled from its control socket every second: ready, resting, in process, retired), the
 * progress-statistics.log lines (every 2 s), the fetches by kind with their durations from
 * crawl.log (dns:, robots.txt, pages), how long a new host waits for its prerequisites, and
 * connections per host as the server counted them (connection reuse); the same connection
 * figures for Crawlee. With --cpu-prof, a second beancrawl run under V8's profiler: top functions
 * and the time of the frontier, the prerequisites, the fetch and the rest, inclusive.
 *
 * Usage: node dist/test/bench/many-hosts.bench.js [--pages-per-host N (4)] [--hosts N (1000)]
 *   [--seeds N (5)] [--politeness site-mirror|default|off] [--crawlee-concurrency N (50)]
 *   [--workers N (50)] [--no-crawlee] [--cpu-prof] [--sample-ms N (1000)] [--set BEAN.PROP=VALUE …]
 *   --politeness default: the DispositionProcessor's own defaults, as the default and broad
 *   profiles have them (delayFactor 5, minDelayMs 3000, maxDelayMs 30000); off: all three 0.
 * Writes test/bench/results/many-hosts.json.
 */
import { startManyHostsServer, type ServerStats } from './many-hosts-server.js';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendControl } from '../../src/job/control-socket.js';
import { fmt, median, timedAsync, type Measured } from './measure.js';
import { DEFAULT_MANY_HOSTS, hostAddress, pagePath, type ManyHostsShape } from './many-hosts-site.js';
import { place, summarise, type CpuProfile } from './profile.bench.js';
import { BIN, CONTACT, ROOT, ZERO_DELAYS } from './runners/beancrawl.js';
import { crawleeVersion, PEERS } from './runners/crawlee.js';

const HERE = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// Options

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : dflt;
};
const shape: ManyHostsShape = {
  ...DEFAULT_MANY_HOSTS,
  hosts: Number(opt('--hosts', String(DEFAULT_MANY_HOSTS.hosts))),
  pagesPerHost: Number(opt('--pages-per-host', String(DEFAULT_MANY_HOSTS.pagesPerHost))),
};
const seedCount = Math.min(shape.hosts, Number(opt('--seeds', '5')));
const politeness = opt('--politeness', 'site-mirror');
const crawleeConcurrency = Number(opt('--crawlee-concurrency', '50'));
const workers = Number(opt('--workers', '50'));
const sampleMs = Number(opt('--sample-ms', '1000'));
const withCrawlee = !argv.includes('--no-crawlee');
const cpuProf = argv.includes('--cpu-prof');
if (!['site-mirror', 'default', 'off'].includes(politeness)) throw new Error(`--politeness site-mirror|default|off, not ${politeness}`);
if (!(shape.hosts >= 1 && shape.hosts <= 65000 && shape.pagesPerHost >= 1)) throw new Error('--hosts 1…65000, --pages-per-host ≥ 1');

const POLITENESS: Record<string, { sets: string[]; text: string; minDelayS: number }> = {
  'site-mirror': {
    sets: ['--set', 'disposition.delayFactor=1.0', '--set', 'disposition.minDelayMs=500', '--set', 'disposition.maxDelayMs=5000'],
    text: "site-mirror profile's politeness (DispositionProcessor delayFactor 1.0, minDelayMs 500, maxDelayMs 5000)", minDelayS: 0.5,
  },
  default: { sets: [], text: "the DispositionProcessor's defaults, as the default and broad profiles leave them (delayFactor 5.0, minDelayMs 3000, " +
    "maxDelayMs 30000)", minDelayS: 3 },
  off: { sets: ZERO_DELAYS, text: 'politeness off (delayFactor, minDelayMs and maxDelayMs 0)', minDelayS: 0 },
};

// ---------------------------------------------------------------------------------------------
// The site


/** Connection reuse as the server saw it: connections and requests per host. */
function connectionFigures(s: ServerStats): { hosts: number; connections: number; requests: number; text: string; json: Record<string, number> } {
  const used = s.requests.map((r, h) => ({ r, c: s.connections[h] })).filter((x) => x.r > 0);
  const connections = used.reduce((a, x) => a + x.c, 0);
  const requests = used.reduce((a, x) => a + x.r, 0);
  const one = used.filter((x) => x.c === 1).length;
  const maxC = Math.max(0, ...used.map((x) => x.c));
  const perConn = median(used.map((x) => x.r / Math.max(1, x.c)));
  const text = `${requests} requests on ${connections} connections over ${used.length} hosts: ${fmt(requests / Math.max(1, connections), 2)} ` +
    `requests per connection `
    + `(median per host ${fmt(perConn, 2)}); ${one} hosts used a single connection, at most ${maxC} on one host, median ` +
      `${fmt(median(used.map((x) => x.c)), 0)}`;
  return { hosts: used.length, connections, requests, text, json: { hosts: used.length, connections, requests, hostsWithOneConnection: one, maxConnectionsOnAHost: maxC, medianRequestsPerConnection: perConn } };
}

// ---------------------------------------------------------------------------------------------
// crawl.log

interface Fetch { url: string; status: number; mime: string; begin: number; ms: number; end: number; host: string; kind: 'dns' | 'robots' | 'page' | 'other' }

function ts17(s: string): number {
  // yyyyMMddHHmmssSSS, UTC
  return Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(8, 10), +s.slice(10, 12), +s.slice(12, 14), +s.slice(14, 17));
}

function readFetches(file: string): Fetch[] {
  const out: Fetch[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const f = line.split(/\s+/);
    const url = f[3];
    const t = /^(\d{17})\+(\d+)$/.exec(f[8] ?? '');
    const end = Date.parse(f[0]);
    const ms = t ? Number(t[2]) : 0;
    const begin = t ? ts17(t[1]) : end;
    const status = Number(f[1]);
    let host = '';
    let kind: Fetch['kind'] = 'other';
    if (url.startsWith('dns:')) {
      host = url.slice(4);
      kind = 'dns';
    } else {
      try {
        const u = new URL(url);
        host = u.hostname;
        if (u.pathname === '/robots.txt') kind = 'robots';
        else if (status === 200 && /html/i.test(f[6] ?? '')) kind = 'page';
      } catch { /* not a URL: other */ }
    }
    out.push({ url, status, mime: f[6] ?? '', begin, ms, end, host, kind });
  }
  return out;
}

function fetchFigures(fetches: Fetch[], t0: number): { lines: string[]; json: Record<string, unknown> } {
  const lines: string[] = [];
  const byKind = new Map<string, Fetch[]>();
  for (const f of fetches) (byKind.get(f.kind) ?? byKind.set(f.kind, []).get(f.kind)!).push(f);
  lines.push('| fetches (crawl.log) | count | duration ms: median | mean | total s |');
  lines.push('|---|---|---|---|---|');
  const json: Record<string, unknown> = {};
  for (const [kind, label] of [['dns', 'dns: (IP literals: answered at once)'], ['robots', 'robots.txt'], ['page', 'pages (200, ' +
    'HTML)'], ['other', 'other']] as const) {
    const xs = byKind.get(kind) ?? [];
    if (!xs.length) continue;
    const ms = xs.map((x) => x.ms);
    const total = ms.reduce((a, b) => a + b, 0);
    lines.push(`| ${label} | ${xs.length} | ${fmt(median(ms), 1)} | ${fmt(total / xs.length, 1)} | ${fmt(total / 1000, 1)} |`);
    json[kind] = { count: xs.length, medianMs: median(ms), meanMs: total / xs.length };
  }
  // A new host's way in: its dns: fetch, then robots.txt, then its first page; each wait is the
  // politeness delay of the host's queue plus the time the queue waits for a worker.
  const perHost = new Map<string, { dns?: Fetch; robots?: Fetch; first?: Fetch; last?: Fetch; pages: number }>();
  for (const f of [...fetches].sort((a, b) => a.begin - b.begin)) {
    const h = perHost.get(f.host) ?? perHost.set(f.host, { pages: 0 }).get(f.host)!;
    if (f.kind === 'dns') h.dns ??= f;
    else if (f.kind === 'robots') h.robots ??= f;
    else if (f.kind === 'page') {
      h.first ??= f;
      h.last = f;
      h.pages++;
    }
  }
  const hosts = [...perHost.values()].filter((h) => h.first);
  const dnsToRobots = hosts.filter((h) => h.dns && h.robots).map((h) => h.robots!.begin - h.dns!.end);
  const robotsToPage = hosts.filter((h) => h.robots).map((h) => h.first!.begin - h.robots!.end);
  const dnsToPage = hosts.filter((h) => h.dns).map((h) => h.first!.begin - h.dns!.begin);
  const span = hosts.map((h) => h.last!.end - (h.dns ?? h.first)!.begin);
  const gaps: number[] = [];
  const pagesByHost = new Map<string, Fetch[]>();
  for (const f of fetches) if (f.kind === 'page') (pagesByHost.get(f.host) ?? pagesByHost.set(f.host, []).get(f.host)!).push(f);
  for (const ps of pagesByHost.values()) {
    ps.sort((a, b) => a.begin - b.begin);
    for (let i = 1; i < ps.length; i++) gaps.push(ps[i].begin - ps[i - 1].end);
  }
  lines.push('');
  lines.push(`Per host (${hosts.length} hosts with pages), median ms: dns: end → robots.txt begin ${fmt(median(dnsToRobots))}, robots.txt end → ` +
    `first page begin ${fmt(median(robotsToPage))}, `
    + `dns: begin → first page begin ${fmt(median(dnsToPage))} (the prerequisites' cost to a new host); between two pages of one host (end → next ` +
      `begin) ${fmt(median(gaps))} `
    + `(the politeness floor is the minimum delay); first fetch → last page ${fmt(median(span))}.`);
  // Hosts reached over time: when each host's first page began.
  const firsts = hosts.map((h) => h.first!.begin - t0).sort((a, b) => a - b);
  const tEnd = Math.max(...fetches.map((f) => f.end - t0));
  const marks = [0.1, 0.25, 0.5, 0.75, 0.9, 1].map((q) => q * tEnd);
  lines.push(`Hosts with a page fetched, by time since the first fetch: ${marks.map((m) => `${fmt(m / 1000, 1)} s: ` +
    `${firsts.filter((x) => x <= m).length}`).join(', ')}.`);
  json.perHostMedianMs = { dnsEndToRobotsBegin: median(dnsToRobots), robotsEndToFirstPage: median(robotsToPage), dnsBeginToFirstPage: median(dnsToPage), betweenPagesOfAHost: median(gaps), firstFetchToLastPage: median(span) };
  return { lines, json };
}

// ---------------------------------------------------------------------------------------------
// beancrawl

interface QueueSample { t: number; state: string; total: number; ready: number; snoozed: number; inProcess: number; retired: number; inactive: number; succeeded: number; queued: number; busy: number }

/** Polls the crawl's control socket every sampleMs while the launch runs. */
function sampleQueues(jobDir: string, t0: number): { stop(): Promise<QueueSample[]> } {
  const samples: QueueSample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const r = await sendControl(jobDir, 'status', 1000).catch(() => undefined);
      const p = r?.ok ? (r.progress as unknown as { state: string; busyWorkers: number; frontier: { queued: number; succeeded: number; inProcess: number; queues: Record<string, number> } }) : undefined;
      if (p) {
        const q = p.frontier.queues;
        samples.push({
          t: Date.now() - t0, state: p.state, total: q.total ?? 0, ready: q.ready ?? 0, snoozed: q.snoozed ?? 0, inProcess: p.frontier.inProcess,
          retired: q.retired ?? 0, inactive: q.inactive ?? 0, succeeded: p.frontier.succeeded, queued: p.frontier.queued, busy: p.busyWorkers,
        });
      }
      await new Promise((res) => setTimeout(res, sampleMs));
    }
  })();
  return { stop: async () => { running = false; await loop; return samples; } };
}

function createJob(dir: string, seeds: string[]): void {
  const r = spawnSync(process.execPath, [BIN, 'create', dir, '--profile', 'broad', ...seeds.flatMap((s) => ['--seed', s]), '--contact', CONTACT], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`beancrawl create failed (${r.status}):\n${r.stdout}${r.stderr}`);
}

const LAUNCH_SETS = [
  // broad's TooManyHopsDecideRule (the third rule) stops at 3 hops; the site is deeper.
  '--set', 'scope.rules[2].maxHops=50',
  '--set', `crawlController.maxToeThreads=${workers}`,
  '--set', 'statisticsTracker.intervalSeconds=2',
  // --set BEAN.PROP=VALUE given to the bench, each passed on.
  ...argv.flatMap((a, i) => (a === '--set' && argv[i + 1] !== undefined ? ['--set', argv[i + 1]] : [])),
];

interface BeancrawlRun { m: Measured; pages: number; lines: number; fetches: Fetch[]; samples: QueueSample[]; progress: string[]; summary: string; reports: string[]; t0: number }

async function runBeancrawl(work: string, seeds: string[], name: string, extra: { nodeArgs?: string[]; script?: string; scriptArgs?: string[] } = {}): Promise<BeancrawlRun> {
  const jobDir = join(work, name);
  createJob(jobDir, seeds);
  const t0 = Date.now();
  const sampler = sampleQueues(jobDir, t0);
  const m = await timedAsync(process.execPath, [...(extra.nodeArgs ?? []), extra.script ?? BIN, ...(extra.scriptArgs ?? []), 'launch', jobDir, ...POLITENESS[politeness].sets, ...LAUNCH_SETS], { timeoutS: 1800 });
  const samples = await sampler.stop();
  if (m.status !== 0) throw new Error(`beancrawl launch exited ${m.status}:\n${m.stdout.slice(-2000)}${m.stderr.slice(-2000)}`);
  const logs = join(jobDir, 'latest', 'logs');
  const fetches = readFetches(join(logs, 'crawl.log'));
  const progress = existsSync(join(logs, 'progress-statistics.log')) ? readFileSync(join(logs, 'progress-statistics.log'), 'utf8').split('\n').filter(Boolean) : [];
  const reportsDir = join(jobDir, 'latest', 'reports');
  const reports = existsSync(reportsDir) ? readdirSync(reportsDir) : [];
  const summary = m.stdout.split('\n').filter((l) => /^(FINISHED|ABORTED|INTERRUPTED)/.test(l.trim())).slice(-1)[0]?.trim() ?? '';
  return { m, pages: fetches.filter((f) => f.kind === 'page').length, lines: fetches.length, fetches, samples, progress, summary, reports, t0 };
}

function queueTable(samples: QueueSample[], rows = 16): string[] {
  if (!samples.length) return ['(no sample: the control socket did not answer)'];
  const step = Math.max(1, Math.ceil(samples.length / rows));
  const picked = samples.filter((_, i) => i % step === 0 || i === samples.length - 1);
  const out = ['| t s | state | pages so far | URIs queued | queues total | ready | resting (politeness) | in process | retired | empty (done) | ' +
    'busy workers |', '|---|---|---|---|---|---|---|---|---|---|---|'];
  for (const s of picked) out.push(`| ${fmt(s.t / 1000, 1)} | ${s.state} | ${s.succeeded} | ${s.queued} | ${s.total} | ${s.ready} | ${s.snoozed} | ` +
    `${s.inProcess} | ${s.retired} | ${Math.max(0, s.total - s.ready - s.snoozed - s.inProcess - s.retired - s.inactive)} | ${s.busy} |`);
  const running = samples.filter((s) => s.state === 'RUNNING');
  const active = running.map((s) => s.ready + s.snoozed + s.inProcess);
  out.push('');
  out.push(`Active queues (ready + resting + in process) while RUNNING: median ${fmt(median(active))}, peak ${fmt(Math.max(0, ...active))}; in ` +
    `process: median ${fmt(median(running.map((s) => s.inProcess)))}, `
    + `peak ${fmt(Math.max(0, ...running.map((s) => s.inProcess)))} (workers: ${workers}); ready but waiting for a worker: median ` +
      `${fmt(median(running.map((s) => s.ready)))}.`);
  return out;
}

function progressLines(progress: string[], rows = 8): string[] {
  if (progress.length < 2) return [];
  const body = progress.slice(1);
  const step = Math.max(1, Math.ceil(body.length / rows));
  return ['```', progress[0], ...body.filter((_, i) => i % step === 0 || i === body.length - 1), '```'];
}

/** Inclusive CPU time of beancrawl's stages, by source file groups, from a --cpu-prof profile. */
function stageTable(profile: CpuProfile): string[] {
  const STAGES: Array<[string, RegExp]> = [
    ['frontier (selection, queues, scheduling)', /^src\/components\/frontier\//],
    ['prerequisites (Preselector, PreconditionEnforcer, FetchDns, ' +
      'robots)', /^src\/components\/fetch\/(preselector|precondition-enforcer|prerequisite|fetch-dns|resolve-host|robots-|dns-record)/],
    ['FetchHttp and its dispatcher (undici below it)', /^src\/components\/fetch\/(fetch-http|http-|socket-tap|record-response|request-headers|decode-content)/],
    ['extractors', /^src\/components\/extract\//],
    ['candidates, scope', /^src\/(components\/(candidates|scope)\/|engine\/(candidate|candidates))/],
    ['disposition, WARC, logs', /^src\/(engine\/(disposition|crawl-log|crawler-logger)|components\/(files|receivers)\/)/],
    ['state store', /^src\/components\/state\//],
  ];
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const area = new Map(profile.nodes.map((n) => [n.id, place(n.callFrame).area]));
  const ms = new Map<string, number>();
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const d = (i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0) / 1000;
    if (d <= 0 || area.get(profile.samples[i]) === '(idle)') continue;
    busy += d;
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const a = area.get(id)!;
      for (const [label, re] of STAGES) if (re.test(a) && !seen.has(label)) {
        seen.add(label);
        ms.set(label, (ms.get(label) ?? 0) + d);
      }
    }
  }
  const out = ['| stage (source files) | inclusive CPU ms | share of CPU |', '|---|---|---|'];
  for (const [label] of STAGES) out.push(`| ${label} | ${fmt(ms.get(label) ?? 0)} | ${fmt((100 * (ms.get(label) ?? 0)) / busy, 1)} % |`);
  out.push('(inclusive: a stage counts what it calls, up to its first await; stages nest, so the shares do not add up.)');
  return out;
}

// ---------------------------------------------------------------------------------------------
// Crawlee

async function runCrawlee(work: string, seeds: string[]): Promise<{ m: Measured; pages: number; fetched: number; dup: number; note: string }> {
  const dir = join(work, 'crawlee');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'urls.tsv');
  const env = { ...process.env, CRAWLEE_STORAGE_DIR: join(dir, 'storage'), CRAWLEE_PERSIST_STORAGE: 'false', CRAWLEE_LOG_LEVEL: 'WARNING' };
  const args = [join(PEERS, 'crawlee-run.mjs'), seeds[0], ...seeds.slice(1).flatMap((s) => ['--start', s]), '--mode', 'memory', '--concurrency', String(crawleeConcurrency),
    '--strategy', 'all', '--same-domain-delay-secs', String(POLITENESS[politeness].minDelayS), '--urls', file];
  const m = await timedAsync(process.execPath, args, { cwd: dir, env, timeoutS: 1800 });
  if (m.status !== 0) throw new Error(`Crawlee exited ${m.status}${m.timedOut ? ' (timed out)' : ''}:\n${m.stdout.slice(-1500)}${m.stderr.slice(-2500)}`);
  const urls = new Set<string>();
  let pages = 0;
  let fetched = 0;
  for (const line of (existsSync(file) ? readFileSync(file, 'utf8') : '').split('\n')) {
    if (!line) continue;
    fetched++;
    const [status, type, url] = line.split('\t');
    if (Number(status) === 200 && /html/i.test(type)) {
      pages++;
      urls.add(url);
    }
  }
  return { m, pages, fetched, dup: pages - urls.size, note: /PAGES \d+ FAILED \d+/.exec(m.stdout)?.[0] ?? '' };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const load0 = loadavg();
  const server = await startManyHostsServer(shape);
  const seeds = Array.from({ length: seedCount }, (_, i) => `http://${hostAddress(i)}:${server.port}${pagePath(0)}`);
  const expected = shape.hosts * shape.pagesPerHost;
  const work = mkdtempSync(join(tmpdir(), 'beancrawl-many-hosts-'));
  const out: string[] = [];
  const json: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, cpus: cpus().length, shape, seeds, politeness, loadBefore: load0 };
  const t0 = Date.now();
  try {
    const cpu = cpus();
    out.push(`### Many hosts: ${shape.hosts} hosts × ${shape.pagesPerHost} pages (${expected} pages), ${hostAddress(0)} … ` +
      `${hostAddress(shape.hosts - 1)}, port ${server.port}`);
    out.push('');
    out.push(`${shape.links} links a page (2 in a tree over all pages, then about half to the same host and half to any host), about ` +
      `${fmt(shape.pageBytes / 1024)} KB each; one server process, one node:http server per address. `
      + `${seedCount} seeds (${seeds[0]} …). ${cpu.length} cores (${cpu[0]?.model.trim() ?? '?'}), Node ${process.version}, ` +
        `${new Date().toISOString().slice(0, 16)}Z, `
      + `load average before: ${load0.map((x) => x.toFixed(2)).join(' ')} (other work shares this machine: the figures are indicative). ` +
        `Politeness: ${POLITENESS[politeness].text}.`);
    out.push('');

    await server.stats(true);
    process.stderr.write('  beancrawl launch…\n');
    const b = await runBeancrawl(work, seeds, 'beancrawl');
    const bConn = connectionFigures(await server.stats(true));
    const bLoad = loadavg();
    process.stderr.write(`  beancrawl: ${b.pages} pages in ${b.m.wall.toFixed(1)} s\n`);

    let c: Awaited<ReturnType<typeof runCrawlee>> | undefined;
    let cConn: ReturnType<typeof connectionFigures> | undefined;
    let crawleeSkip = '';
    let crawlee: string | undefined;
    if (withCrawlee) {
      crawlee = crawleeVersion();
      if (!crawlee) crawleeSkip = '@crawlee/cheerio could not be installed in test/bench/peers (node test/bench/peers/install.mjs)';
      else {
        process.stderr.write('  Crawlee…\n');
        try {
          c = await runCrawlee(work, seeds);
          cConn = connectionFigures(await server.stats(true));
          process.stderr.write(`  Crawlee: ${c.pages} pages in ${c.m.wall.toFixed(1)} s\n`);
        } catch (e) {
          crawleeSkip = `FAILED: ${String((e as Error).message).replace(/\s+/g, ' ').slice(0, 300)}`;
        }
      }
    } else crawleeSkip = 'left out (--no-crawlee)';

    out.push('| run | pages (of ' + expected + ') | fetches | wall s | pages/s | CPU s | peak RSS MB | connections (requests per connection) |');
    out.push('|---|---|---|---|---|---|---|---|');
    out.push(`| beancrawl launch (broad + ${politeness} politeness, LevelFrontier, ${workers} workers) | ${b.pages} | ${b.lines} | ` +
      `${fmt(b.m.wall, 1)} | ${fmt(b.pages / b.m.wall, 1)} | ${fmt(b.m.cpu, 1)} | ${fmt(b.m.rssMb)} | ${bConn.connections} ` +
      `(${fmt(bConn.requests / Math.max(1, bConn.connections), 2)}) |`);
    if (c && cConn) out.push(`| Crawlee ${crawlee} CheerioCrawler (in memory, max concurrency ${crawleeConcurrency}, sameDomainDelaySecs ` +
      `${POLITENESS[politeness].minDelayS}: no effect on IP literals) | ${c.pages} | ${c.fetched} | ${fmt(c.m.wall, 1)} | ` +
      `${fmt(c.pages / c.m.wall, 1)} | ${fmt(c.m.cpu, 1)} | ${fmt(c.m.rssMb)} | ${cConn.connections} ` +
      `(${fmt(cConn.requests / Math.max(1, cConn.connections), 2)}) |`);
    else out.push(`| Crawlee: ${crawleeSkip} | – | – | – | – | – | – | – |`);
    out.push('');
    out.push(`Whole processes under GNU time. "fetches": crawl.log lines for beancrawl (dns:, robots.txt and pages), requests handled for Crawlee ` +
      `(no robots.txt, no DNS step). beancrawl: ${b.summary}${c?.note ? `; Crawlee: ${c.note}${c.dup ? `, ${c.dup} pages twice` : ''}` : ''}. Load ` +
      `average after beancrawl: ${bLoad.map((x) => x.toFixed(2)).join(' ')}.`);
    out.push('');
    out.push('#### beancrawl: queues over time (control socket, every ' + sampleMs + ' ms)');
    out.push('');
    out.push(...queueTable(b.samples));
    out.push('');
    const prog = progressLines(b.progress);
    if (prog.length) {
      out.push('progress-statistics.log (every 2 s; congestion = active queues ÷ queues in process or resting):');
      out.push('');
      out.push(...prog);
      out.push('');
    }
    out.push('#### beancrawl: where the time goes');
    out.push('');
    const ff = fetchFigures(b.fetches, Math.min(...b.fetches.map((f) => f.begin)));
    out.push(...ff.lines);
    out.push('');
    out.push(`Connections (counted by the server): beancrawl ${bConn.text}.${cConn ? ` Crawlee ${cConn.text}.` : ''}`);
    out.push(`Reports written: ${b.reports.join(', ') || 'none'}.`);
    json.beancrawl = {
      pages: b.pages, fetches: b.lines, wallS: b.m.wall, cpuS: b.m.cpu, peakRssMb: b.m.rssMb, pagesPerS: b.pages / b.m.wall, summary: b.summary,
      connections: bConn.json, fetchFigures: ff.json, queueSamples: b.samples, loadAfter: bLoad,
    };
    if (c && cConn) json.crawlee = { version: crawlee, pages: c.pages, fetches: c.fetched, wallS: c.m.wall, cpuS: c.m.cpu, peakRssMb: c.m.rssMb, pagesPerS: c.pages / c.m.wall, connections: cConn.json };
    else json.crawlee = { skipped: crawleeSkip };

    if (cpuProf) {
      process.stderr.write('  beancrawl launch under --cpu-prof…\n');
      const profDir = join(work, 'prof');
      const p = await runBeancrawl(work, seeds, 'beancrawl-prof', { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profDir], script: join(HERE, 'profile.bench.js'), scriptArgs: ['--cli'] });
      await server.stats(true);
      const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
      if (file) {
        const results = join(ROOT, 'test', 'bench', 'results');
        mkdirSync(results, { recursive: true });
        const profile = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as CpuProfile;
        writeFileSync(join(results, 'many-hosts.cpuprofile'), JSON.stringify(profile));
        out.push('');
        out.push(`#### beancrawl under --cpu-prof (compiled modules, source-mapped): ${p.pages} pages in ${fmt(p.m.wall, 1)} s wall, ${fmt(p.m.cpu, 1)} s CPU`);
        out.push('');
        out.push(...stageTable(profile));
        out.push('');
        out.push(summarise(profile, 12));
        out.push('');
        out.push('Profile: test/bench/results/many-hosts.cpuprofile.');
      }
    }
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  out.push('');
  out.push(`(harness time ${((Date.now() - t0) / 1000).toFixed(0)} s; load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')})`);
  const results = join(ROOT, 'test', 'bench', 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, 'many-hosts.json'), `${JSON.stringify(json, null, 2)}\n`);
  console.log(out.join('\n'));
}

await main();
