/**
 * A million pages (issue 38): a broad crawl of 1,000,000 pages over 10,000 hosts (the many-hosts
 * site, many-hosts-site.ts: IP literals 127.0.0.2 …, links across hosts, 100 pages a host, served
 * by many-hosts-server-process.ts, one process per 5,000 addresses on one port) with the broad
 * profile as shipped (its 100 workers, LevelFrontier, WARC, crawl.log, documents.jsonl) and
 * politeness per host at a small delay (DispositionProcessor delayFactor 1, minDelayMs 200,
 * maxDelayMs 5000; broad's own are 5, 3000, 30000), the hop limit raised so that every page is in
 * scope. While it runs, every --sample-ms: crawl.log's lines, the crawl's RSS and CPU (its
 * processes in /proc), its frontier (control socket) and the load average. At the end, from
 * crawl.log's timestamps: pages/s over the first and the last --window pages (100,000) and over
 * each tenth, peak RSS, the state folder's size ÷ URIs; then Crawlee's CheerioCrawler
 * (peers/crawlee-run.mjs: same seeds, enqueueLinks strategy all, in-memory storage) for the same
 * wall time: pages reached and its RSS. Each figure is printed beside its goal.
 *
 * Usage: node dist/test/bench/million.bench.js [--pages N (1000000)] [--hosts N (10000)]
 *   [--window N (100000, at most a tenth of --pages)] [--seeds N (5)] [--min-delay-ms N (200)]
 *   [--workers N (broad's 100)] [--crawlee-concurrency N (50)] [--no-crawlee] [--sample-ms N (2000)]
 *   [--dir DIR (the OS temp folder: the job's disk)] [--keep] [--set BEAN.PROP=VALUE …]
 * A scaled-down run: --pages 100000 --hosts 1000 (windows of 10,000 pages). `beancrawl terminate JOB` (the job
 * folder is printed) ends beancrawl's crawl early: the figures are then those of the pages it reached.
 * Writes test/bench/results/million.json (every sample) beside the printed Markdown.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sendControl } from '../../src/job/control-socket.js';
import { EXIT_ABORTED } from '../../src/util/exit-codes.js';
import { startManyHostsServer } from './many-hosts-server.js';
import { DEFAULT_MANY_HOSTS, hostAddress, pagePath, type ManyHostsShape } from './many-hosts-site.js';
import { duMb, fmt, timedAsync, type Measured } from './measure.js';
import { sampleTree } from './proc-tree.js';
import { BIN, CONTACT, ROOT } from './runners/beancrawl.js';
import { crawleeVersion, PEERS } from './runners/crawlee.js';

// ---------------------------------------------------------------------------------------------
// Options

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : dflt;
};
const num = (name: string, dflt: number): number => {
  const v = Number(opt(name, String(dflt)));
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} wants a number ≥ 0, not ${opt(name, '')}`);
  return v;
};
const totalPages = num('--pages', 1_000_000);
const hosts = num('--hosts', 10_000);
if (!(hosts >= 1 && hosts <= 65000 && totalPages >= hosts)) throw new Error('--hosts 1…65000 and --pages ≥ --hosts');
const shape: ManyHostsShape = { ...DEFAULT_MANY_HOSTS, hosts, pagesPerHost: Math.floor(totalPages / hosts) };
const expected = shape.hosts * shape.pagesPerHost;
const window = Math.min(num('--window', 100_000), Math.floor(expected / 10));
const seedCount = Math.min(hosts, num('--seeds', 5));
const minDelayMs = num('--min-delay-ms', 200);
const workers = argv.includes('--workers') ? num('--workers', 100) : undefined;
const crawleeConcurrency = num('--crawlee-concurrency', 50);
const sampleMs = Math.max(200, num('--sample-ms', 2000));
const withCrawlee = !argv.includes('--no-crawlee');
const keep = argv.includes('--keep');
const baseDir = opt('--dir', tmpdir());

const GOAL_RATIO = 0.8;
const GOAL_RSS_MB = 500;
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Watching a process while it runs

interface Sample { t: number; lines: number; rssMb: number; cpuS: number; load1: number; queued?: number; queues?: number; active?: number; busy?: number }

/** Lines of a file that grows, counted from where the last call stopped (no whole re-read). */
function lineCounter(file: () => string): () => Promise<number> {
  let offset = 0;
  let lines = 0;
  const buf = Buffer.alloc(1 << 20);
  return async () => {
    const f = await open(file(), 'r').catch(() => undefined);
    if (!f) return lines;
    try {
      for (;;) {
        const { bytesRead } = await f.read(buf, 0, buf.length, offset);
        if (bytesRead === 0) break;
        offset += bytesRead;
        for (let i = buf.indexOf(10); i >= 0 && i < bytesRead; i = buf.indexOf(10, i + 1)) lines++;
      }
    } finally {
      await f.close();
    }
    return lines;
  };
}

/** Samples the process tree under `pid()` and the lines of `logFile` every sampleMs until stopped. */
function watch(pid: () => number | undefined, logFile: () => string, t0: number, jobDir?: string): { stop(): Promise<Sample[]> } {
  const samples: Sample[] = [];
  const count = lineCounter(logFile);
  let running = true;
  const loop = (async () => {
    while (running) {
      const p = pid();
      const tree = p === undefined ? undefined : await sampleTree(p);
      if (tree) {
        const s: Sample = { t: Date.now() - t0, lines: await count(), rssMb: tree.rssBytes / MB, cpuS: tree.cpuS, load1: loadavg()[0] };
        if (jobDir) {
          const r = await sendControl(jobDir, 'status', 1000).catch(() => undefined);
          const st = r?.ok ? (r.progress as unknown as { busyWorkers: number; frontier: { queued: number; queues: Record<string, number> } }) : undefined;
          if (st) {
            const q = st.frontier.queues;
            const active = (q.ready ?? 0) + (q.snoozed ?? 0) + (q.inProcess ?? 0);
            Object.assign(s, { queued: st.frontier.queued, queues: q.total ?? 0, active, busy: st.busyWorkers });
          }
        }
        samples.push(s);
      }
      await new Promise((res) => setTimeout(res, sampleMs));
    }
  })();
  return { stop: async () => { running = false; await loop; return samples; } };
}

// ---------------------------------------------------------------------------------------------
// Rates from crawl.log

/** The end times (ms) of crawl.log's page lines (status 200, HTML), sorted, and its line count. */
async function pageTimes(file: string): Promise<{ times: Float64Array; lines: number }> {
  let times = new Float64Array(1 << 16);
  let n = 0;
  let lines = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    lines++;
    const f = line.split(/\s+/, 7);
    if (f[1] !== '200' || !/html/i.test(f[6] ?? '')) continue;
    if (n === times.length) {
      const more = new Float64Array(n * 2);
      more.set(times);
      times = more;
    }
    times[n++] = Date.parse(f[0]);
  }
  return { times: times.subarray(0, n).sort(), lines };
}

/** Pages/s over pages [from, from + count) of sorted end times: (count − 1) ÷ the time between the first and the last. */
function rate(times: Float64Array, from: number, count: number): number {
  const a = times[from];
  const b = times[from + count - 1];
  return b > a ? ((count - 1) * 1000) / (b - a) : NaN;
}

// ---------------------------------------------------------------------------------------------
// The machine and its disk

function diskOf(dir: string): string {
  const r = spawnSync('df', ['-T', '-h', dir], { encoding: 'utf8' });
  const f = r.stdout.split('\n')[1]?.split(/\s+/) ?? [];
  const dev = f[0] ?? '?';
  const rot = /^\/dev\/([a-z]+)/.exec(dev);
  const rotational = rot ? spawnSync('cat', [`/sys/block/${rot[1]}/queue/rotational`], { encoding: 'utf8' }).stdout.trim() : '';
  const kind = rotational === '0' ? 'non-rotational' : rotational === '1' ? 'rotational (or a virtual disk that says so)' : 'kind unknown';
  return `${dev} (${f[1] ?? '?'}, ${f[2] ?? '?'}, ${kind}) mounted on ${f[6] ?? '?'}`;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const load0 = loadavg();
  const cpu = cpus();
  const server = await startManyHostsServer(shape);
  const seeds = Array.from({ length: seedCount }, (_, i) => `http://${hostAddress(i)}:${server.port}${pagePath(0)}`);
  mkdirSync(baseDir, { recursive: true });
  const work = mkdtempSync(join(baseDir, 'beancrawl-million-'));
  const out: string[] = [];
  const json: Record<string, unknown> = {
    date: new Date().toISOString(), node: process.version, cpus: cpu.length, cpuModel: cpu[0]?.model, shape, window, seeds, minDelayMs, loadBefore: load0,
  };
  const tStart = Date.now();
  const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? '?'}), ${fmt(totalmem() / 1024 ** 3)} GB, Node ${process.version}; ` +
    `job folder on ${diskOf(work)}`;
  json.machine = machine;
  try {
    // beancrawl ------------------------------------------------------------------------------
    const jobDir = join(work, 'beancrawl');
    const createArgs = [BIN, 'create', jobDir, '--profile', 'broad', ...seeds.flatMap((s) => ['--seed', s]), '--contact', CONTACT];
    const c = spawnSync(process.execPath, createArgs, { encoding: 'utf8' });
    if (c.status !== 0) throw new Error(`beancrawl create failed (${c.status}):\n${c.stdout}${c.stderr}`);
    const sets = [
      // broad's TooManyHopsDecideRule (its third rule) stops at 3 hops; the site is deeper.
      'scope.rules[2].maxHops=50',
      'disposition.delayFactor=1.0', `disposition.minDelayMs=${minDelayMs}`, 'disposition.maxDelayMs=5000',
      ...(workers !== undefined ? [`crawlController.maxToeThreads=${workers}`] : []),
      ...argv.flatMap((a, i) => (a === '--set' && argv[i + 1] !== undefined ? [argv[i + 1]] : [])),
    ];
    process.stderr.write(`  beancrawl launch: ${expected} pages over ${hosts} hosts (job folder ${jobDir})…\n`);
    let bPid: number | undefined;
    const t0 = Date.now();
    const crawlLog = join(jobDir, 'latest', 'logs', 'crawl.log');
    const bWatch = watch(() => bPid, () => crawlLog, t0, jobDir);
    const progress = setInterval(() => process.stderr.write(`  … ${fmt((Date.now() - t0) / 1000)} s\n`), 60_000);
    let b: Measured;
    try {
      b = await timedAsync(process.execPath, [BIN, 'launch', jobDir, ...sets.flatMap((s) => ['--set', s])],
        { timeoutS: num('--timeout-s', 14_400), onSpawn: (p) => (bPid = p) });
    } finally {
      clearInterval(progress);
    }
    const bSamples = await bWatch.stop();
    // 5: ended early by `beancrawl terminate JOB` (ABORTED): the figures are then those of the pages reached.
    if (b.status !== 0 && b.status !== EXIT_ABORTED) throw new Error(`beancrawl launch exited ${b.status}:\n${b.stdout.slice(-2000)}${b.stderr.slice(-2000)}`);
    const summary = b.stdout.split('\n').filter((l) => /^(FINISHED|ABORTED|INTERRUPTED)/.test(l.trim())).slice(-1)[0]?.trim() ?? '';
    const { times, lines } = await pageTimes(crawlLog);
    const pages = times.length;
    const stateMb = duMb(join(jobDir, 'state'));
    const jobMb = duMb(jobDir);
    const bytesPerUri = (stateMb * MB) / Math.max(1, lines);
    const peakSampled = Math.max(0, ...bSamples.map((s) => s.rssMb));
    const peakRss = Math.max(peakSampled, b.rssMb);
    const w = Math.min(window, Math.floor(pages / 2));
    const first = w > 1 ? rate(times, 0, w) : NaN;
    const last = w > 1 ? rate(times, pages - w, w) : NaN;
    const ratio = last / first;
    process.stderr.write(`  beancrawl: ${pages} pages in ${b.wall.toFixed(1)} s, peak RSS ${fmt(peakRss)} MB\n`);
    const bLoad = loadavg();

    // Tenths of the pages: their rate, and RSS and load while they were fetched.
    const tenths: Array<{ pages: string; rate: number; rssMb: number; load1: number; cpuMsPerUri: number; queued?: number; active?: number }> = [];
    const tenth = Math.floor(pages / 10);
    for (let k = 0; k < 10 && tenth > 1; k++) {
      const from = k * tenth;
      const to = k === 9 ? pages : from + tenth;
      const a = times[from] - t0;
      const z = times[to - 1] - t0;
      const during = bSamples.filter((s) => s.t >= a && s.t <= z);
      // CPU a URI (crawl.log line) between the tenth's first and last sample: what the load average does not change much.
      const [s0, s1] = [during[0], during.at(-1)];
      const cpuMsPerUri = s0 && s1 && s1.lines > s0.lines ? ((s1.cpuS - s0.cpuS) * 1000) / (s1.lines - s0.lines) : NaN;
      tenths.push({ cpuMsPerUri,
        pages: `${from + 1}–${to}`, rate: rate(times, from, to - from), rssMb: Math.max(0, ...during.map((s) => s.rssMb)),
        load1: during.length ? during.reduce((x, s) => x + s.load1, 0) / during.length : NaN, queued: during.at(-1)?.queued, active: during.at(-1)?.active,
      });
    }

    // Crawlee, for as long as beancrawl took -------------------------------------------------
    let crawlee: { version: string; m: Measured; pages: number; fetched: number; peakRssMb: number; samples: Sample[]; rssAt: number[] } | undefined;
    let crawleeSkip = '';
    if (!withCrawlee) crawleeSkip = 'left out (--no-crawlee)';
    else {
      const version = crawleeVersion();
      if (!version) crawleeSkip = '@crawlee/cheerio could not be installed in test/bench/peers (node test/bench/peers/install.mjs)';
      else {
        const dir = join(work, 'crawlee');
        mkdirSync(dir, { recursive: true });
        const file = join(dir, 'urls.tsv');
        const env = { ...process.env, CRAWLEE_STORAGE_DIR: join(dir, 'storage'), CRAWLEE_PERSIST_STORAGE: 'false', CRAWLEE_LOG_LEVEL: 'WARNING' };
        const limitS = Math.max(10, Math.ceil(b.wall));
        process.stderr.write(`  Crawlee for ${limitS} s…\n`);
        let cPid: number | undefined;
        const tc = Date.now();
        const cWatch = watch(() => cPid, () => file, tc);
        const args = [join(PEERS, 'crawlee-run.mjs'), seeds[0], ...seeds.slice(1).flatMap((s) => ['--start', s]), '--mode', 'memory',
          '--concurrency', String(crawleeConcurrency), '--strategy', 'all', '--same-domain-delay-secs', String(minDelayMs / 1000), '--urls', file];
        const m = await timedAsync(process.execPath, args, { cwd: dir, env, timeoutS: limitS, onSpawn: (p) => (cPid = p) });
        const samples = await cWatch.stop();
        if (m.status !== 0 && !m.timedOut) crawleeSkip = `FAILED (exit ${m.status}): ${(m.stderr.slice(-300) || m.stdout.slice(-300)).replace(/\s+/g, ' ')}`;
        let cPages = 0;
        let fetched = 0;
        if (existsSync(file)) {
          for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
            if (!line) continue;
            fetched++;
            const [status, type] = line.split('\t');
            if (status === '200' && /html/i.test(type ?? '')) cPages++;
          }
        }
        const rssAt = [0.25, 0.5, 0.75, 1].map((q) => Math.max(0, ...samples.filter((s) => s.t <= q * limitS * 1000).map((s) => s.rssMb)));
        crawlee = { version, m, pages: cPages, fetched, peakRssMb: Math.max(m.rssMb, ...samples.map((s) => s.rssMb)), samples, rssAt };
        process.stderr.write(`  Crawlee: ${cPages} pages in ${m.wall.toFixed(1)} s, peak RSS ${fmt(crawlee.peakRssMb)} MB\n`);
      }
    }

    // Report -----------------------------------------------------------------------------------
    const met = (ok: boolean) => (ok ? 'met' : '**not met**');
    out.push(`### A million pages: ${fmt(expected)} pages over ${hosts} hosts (${shape.pagesPerHost} a host), ${hostAddress(0)} … ${hostAddress(hosts - 1)}`);
    out.push('');
    out.push(`${machine}. ${new Date(tStart).toISOString().slice(0, 16)}Z. Load average before: ${load0.map((x) => x.toFixed(2)).join(' ')}, ` +
      'after beancrawl: ' +
      `${bLoad.map((x) => x.toFixed(2)).join(' ')}. beancrawl: broad profile, ${workers ?? 'its 100'} workers, politeness per host delayFactor 1, minDelayMs ` +
      `${minDelayMs}, maxDelayMs 5000; ${seedCount} seeds; ${summary}.`);
    out.push('');
    out.push('| figure | measured | goal | |');
    out.push('|---|---|---|---|');
    out.push(`| beancrawl pages (status 200 HTML) | ${pages} of ${expected} (${lines} crawl.log lines) in ${fmt(b.wall, 1)} s, ${fmt(b.cpu, 1)} s CPU | ` +
      `all | ${met(pages === expected)} |`);
    out.push(`| pages/s over the first ${fmt(w)} pages | ${fmt(first, 1)} | – | |`);
    out.push(`| pages/s over the last ${fmt(w)} pages | ${fmt(last, 1)} (${fmt(ratio, 2)}× the first) | ≥ ${GOAL_RATIO}× the first | ` +
      `${met(ratio >= GOAL_RATIO)} |`);
    out.push(`| pages/s overall | ${fmt(pages / b.wall, 1)} (whole process, start-up included) | – | |`);
    out.push(`| peak RSS | ${fmt(peakRss)} MB (sampled every ${sampleMs} ms: ${fmt(peakSampled)}; GNU time: ${fmt(b.rssMb)}) | ` +
      `≤ ${GOAL_RSS_MB} MB throughout | ${met(peakRss <= GOAL_RSS_MB)} |`);
    out.push(`| state folder ÷ URIs | ${fmt(bytesPerUri)} bytes (${fmt(stateMb, 1)} MB ÷ ${lines} URIs; whole job folder with WARC files ` +
      `${fmt(jobMb)} MB) | reported | |`);
    if (crawlee) {
      out.push(`| Crawlee ${crawlee.version} CheerioCrawler in the same ${fmt(crawlee.m.wall, 1)} s | ${crawlee.pages} pages ` +
        `(${fmt(crawlee.pages / crawlee.m.wall, 1)}/s; ` +
        `${crawlee.m.timedOut ? 'stopped at the time limit' : 'finished'}), ${fmt(crawlee.m.cpu, 1)} s CPU | reported | |`);
      out.push(`| Crawlee's peak RSS | ${fmt(crawlee.peakRssMb)} MB (highest by a quarter, a half, three quarters and all of the time: ` +
        `${crawlee.rssAt.map((x) => fmt(x)).join(', ')}) | reported | |`);
    } else out.push(`| Crawlee | ${crawleeSkip} | reported | |`);
    out.push('');
    out.push('beancrawl by tenths of its pages (rates from crawl.log\'s timestamps; RSS and load from the samples taken while that tenth was fetched; ' +
      'the frontier at the tenth\'s end):');
    out.push('');
    out.push('| pages | pages/s | CPU ms a URI | peak RSS MB | load avg (1 min) | URIs queued | active queues |');
    out.push('|---|---|---|---|---|---|---|');
    for (const x of tenths) {
      const frontier = `${x.queued ?? '–'} | ${x.active ?? '–'}`;
      out.push(`| ${x.pages} | ${fmt(x.rate, 1)} | ${fmt(x.cpuMsPerUri, 2)} | ${fmt(x.rssMb)} | ${fmt(x.load1, 1)} | ${frontier} |`);
    }
    out.push('');
    out.push('The machine is shared when the load average is above 2 on 2 cores: then the rates are indicative, and a slowdown should be checked ' +
      'against the load column and the CPU a URI (user + system CPU of the crawl\'s processes ÷ crawl.log lines), which the load changes little.');
    json.beancrawl = {
      pages, lines, wallS: b.wall, cpuS: b.cpu, gnuTimeRssMb: b.rssMb, peakRssMb: peakRss, firstRate: first, lastRate: last, ratio, window: w,
      stateMb, jobMb, bytesPerUri, summary, tenths, samples: bSamples, loadAfter: bLoad,
    };
    json.crawlee = crawlee
      ? {
        version: crawlee.version, pages: crawlee.pages, fetched: crawlee.fetched, wallS: crawlee.m.wall, cpuS: crawlee.m.cpu,
        peakRssMb: crawlee.peakRssMb, timedOut: crawlee.m.timedOut, samples: crawlee.samples,
      }
      : { skipped: crawleeSkip };
    json.goals = {
      ratio: { value: ratio, goal: GOAL_RATIO, met: ratio >= GOAL_RATIO },
      peakRssMb: { value: peakRss, goal: GOAL_RSS_MB, met: peakRss <= GOAL_RSS_MB },
    };
  } finally {
    await server.stop();
    if (keep) process.stderr.write(`  kept ${work}\n`);
    else rmSync(work, { recursive: true, force: true });
  }
  out.push('');
  out.push(`(harness time ${fmt((Date.now() - tStart) / 1000)} s; load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')})`);
  const results = join(ROOT, 'test', 'bench', 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, 'million.json'), `${JSON.stringify(json, null, 2)}\n`);
  console.log(out.join('\n'));
}

await main();
