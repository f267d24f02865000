/**
 * How the durable frontier's cost grows with its size: a LevelStateStore (committing every 25 ms,
 * as the profiles do) + LevelUriUniqFilter + LevelFrontier (maxUrisInMemory 50,000) filled with N
 * generated, never fetched, discovered URIs (default 5,000,000) spread over H hosts (default
 * 10,000, one queue a host), the event loop turning every 1,000 URIs as it does in a crawl that
 * schedules a page's outlinks per fetch. At each 1,000,000 it prints the insert rate of that
 * million, RSS and heap now, peak RSS so far, and the state folder's size on disk (du, after a
 * commit). Issue 18's goals: at 5,000,000 URIs peak RSS ≤ 300 MB; at 50,000,000 over 100,000 hosts
 * (`node scale.bench.js 50000000 100000 5000000`, TMPDIR on a disk with a few GB free) RSS ≤ 500 MB
 * and the insert rate of the last step within 20 % of the first's. The uniq filter keeps its
 * default maxFingerprintsInMemory (the rest in its spill file, under the state folder's); URIs
 * whose admission waits for a read of that file are awaited together at each turn, as a page's
 * outlinks are. At the end, resident memory by mapping (/proc/self/smaps).
 * Usage: node scale.bench.js [N] [hosts] [step]   (--json FILE: also write the rows as JSON;
 * --in-memory N: the uniq filter's maxFingerprintsInMemory, 0 for all in memory)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LevelFrontier } from '../../src/components/frontier/level-frontier.js';
import { LevelUriUniqFilter, levelUriUniqFilterComponent } from '../../src/components/state/level-uri-uniq-filter.js';
import { CrawlUri } from '../../src/model/crawl-uri.js';
import { levelStore } from '../support/level-store.js';
import { duMb, fmt } from './measure.js';

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonPath = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : undefined;
const N = Number(args[0] ?? 5_000_000);
const HOSTS = Number(args[1] ?? 10_000);
const STEP = Number(args[2] ?? 1_000_000);
/** `--in-memory N`: the uniq filter's maxFingerprintsInMemory (its default otherwise; 0 keeps every fingerprint in memory). */
const inMemoryAt = args.indexOf('--in-memory');
const IN_MEMORY = inMemoryAt >= 0 ? Number(args.splice(inMemoryAt, 2)[1]) : levelUriUniqFilterComponent.props.maxFingerprintsInMemory.default;
/** Issue 18: 300 MB at 5,000,000 URIs, 500 MB at 50,000,000 (with the insert rate at the end within 20 % of the start). */
const TARGET_RSS_MB = N >= 50_000_000 ? 500 : 300;
const TARGET_RATE_RATIO = 0.8;

const dir = mkdtempSync(join(tmpdir(), 'beancrawl-scale-bench-'));
const mb = (bytes: number) => bytes / 1048576;
interface Row { uris: number; stepS: number; totalS: number; rate: number; rssMb: number; heapMb: number; heapTotalMb: number; externalMb: number; peakRssMb: number; diskMb: number; queued: number }
const rows: Row[] = [];
/** What memory held when RSS was at its highest (sampled every 1,000 URIs): where the peak comes from. */
let peakSample = { uris: 0, rssMb: 0, heapUsedMb: 0, heapTotalMb: 0, externalMb: 0, arrayBuffersMb: 0 };
/** Resident memory by kind now (anonymous: heaps and allocators; file: the binary, mapped tables), from /proc. */
function rssByKind(): string {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
    return `anon ${fmt(kb('RssAnon'))}, file ${fmt(kb('RssFile'))}`;
  } catch {
    return '';
  }
}
/**
 * Resident memory by mapping (/proc/self/smaps): malloc's main arena ([heap]), its thread arenas
 * (a 64 MB reservation each, used part then the rest reserved), other anonymous mappings (V8's
 * heap, large allocations, LevelDB's and the fingerprints' buffers) and files.
 */
function smapsSummary(): string {
  try {
    const maps: Array<{ perms: string; name: string; kb: number; rssKb: number }> = [];
    for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
      if (head) maps.push({ perms: head[3], name: head[4], kb: (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1024, rssKb: 0 });
      else if (line.startsWith('Rss:') && maps.length) maps[maps.length - 1].rssKb = Number(/\d+/.exec(line)![0]);
    }
    let heap = 0, arenas = 0, arenaCount = 0, anonBig = 0, anonSmall = 0, files = 0, tables = 0, tableCount = 0;
    maps.forEach((m, i) => {
      const next = maps[i + 1];
      if (m.name === '[heap]') heap += m.rssKb;
      else if (m.name.endsWith('.ldb')) (tables += m.rssKb), tableCount++;
      else if (m.name.startsWith('/')) files += m.rssKb;
      else if (m.name === '' && m.perms.startsWith('rw') && (m.kb === 65536 || (next && next.name === '' && next.perms.startsWith('---') && m.kb + next.kb === 65536))) (arenas += m.rssKb), arenaCount++;
      else if (m.name === '' && m.kb > 1024) anonBig += m.rssKb;
      else anonSmall += m.rssKb;
    });
    const f = (kb: number) => fmt(kb / 1024);
    return `resident by mapping: malloc's main arena ${f(heap)} MB, ${arenaCount} thread arenas ${f(arenas)} MB, other anonymous mappings over 1 ` +
      `MB ${f(anonBig)} MB, smaller ones ${f(anonSmall)} MB, ${tableCount} LevelDB tables mapped ${f(tables)} MB, other files ${f(files)} MB.`;
  } catch {
    return '';
  }
}
try {
  const store = levelStore(dir, 25);
  const uniq = new LevelUriUniqFilter({ batchSize: 10000, maxFingerprintsInMemory: IN_MEMORY, spillDir: join(dir, 'scratch'), stateStore: store, loggerModule: undefined });
  const frontier = new LevelFrontier({
    queueTotalBudget: -1, balanceReplenishAmount: 3000, errorPenaltyAmount: 100, retryDelaySeconds: 900, maxRetries: 30, maxOutlinks: 6000,
    extract404s: true, extractIndependently: false, snoozeLongMs: 300000, precedenceFloor: 255, queuePrecedencePolicy: undefined, recoveryLogEnabled: true, dumpPendingAtClose: false, recentUrisRemembered: 1_000_000,
    maxUrisInMemory: 50000, uriUniqFilter: uniq, stateStore: store,
  });
  await store.start();
  await uniq.start();
  await frontier.start();
  console.error(`filling ${N} URIs over ${HOSTS} hosts into ${dir}`);
  const mem0 = process.memoryUsage();
  rows.push({ uris: 0, stepS: 0, totalS: 0, rate: NaN, rssMb: mb(mem0.rss), heapMb: mb(mem0.heapUsed), heapTotalMb: mb(mem0.heapTotal), externalMb: mb(mem0.external), peakRssMb: process.resourceUsage().maxRSS / 1024, diskMb: duMb(dir), queued: 0 });
  const t0 = performance.now();
  let tStep = t0;
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < N; i++) {
    const host = `host${i % HOSTS}.example`;
    const c = new CrawlUri(`http://${host}/section/${i % 97}/page-${i}.html`, { queueKey: host, hopsPath: 'LL', via: `http://${host}/` });
    c.canonicalKey = c.uri;
    // As a crawl admits a page's outlinks: together, the ones the uniq filter has to read for awaited at once.
    const scheduled = frontier.schedule(c);
    if (scheduled) pending.push(scheduled);
    if (i % 1000 === 0) {
      await Promise.all(pending);
      pending.length = 0;
      await new Promise((r) => setImmediate(r));
      const rss = process.memoryUsage.rss();
      if (rss / 1048576 > peakSample.rssMb) {
        const m = process.memoryUsage();
        peakSample = { uris: i, rssMb: m.rss / 1048576, heapUsedMb: mb(m.heapUsed), heapTotalMb: mb(m.heapTotal), externalMb: mb(m.external), arrayBuffersMb: mb(m.arrayBuffers) };
      }
    }
    if ((i + 1) % STEP === 0 || i + 1 === N) {
      await Promise.all(pending);
      pending.length = 0;
      const tInserted = performance.now();
      await store.commit();
      const mem = process.memoryUsage();
      const row: Row = {
        uris: i + 1, stepS: (tInserted - tStep) / 1000, totalS: (tInserted - t0) / 1000, rate: ((i + 1) % STEP || STEP) / ((tInserted - tStep) / 1000),
        rssMb: mb(mem.rss), heapMb: mb(mem.heapUsed), heapTotalMb: mb(mem.heapTotal), externalMb: mb(mem.external), peakRssMb: process.resourceUsage().maxRSS / 1024, diskMb: duMb(dir), queued: frontier.stats().queued,
      };
      rows.push(row);
      console.error(`  ${row.uris}: ${fmt(row.rate)} URIs/s, RSS ${fmt(row.rssMb)} MB (${rssByKind()}), heap ${fmt(row.heapMb)} / ` +
        `${fmt(row.heapTotalMb)} MB, external ${fmt(row.externalMb)} MB, peak ${fmt(row.peakRssMb)} MB, disk ${fmt(row.diskMb)} MB`);
      tStep = performance.now();
    }
  }
  const queued = frontier.stats().queued;
  const uniqCount = uniq.count;
  const smapsAtEnd = smapsSummary();
  const tStop = performance.now();
  frontier.stop();
  await store.stop();
  const stopS = (performance.now() - tStop) / 1000;
  const finalDisk = duMb(dir);

  console.log(`### Frontier at scale: ${N.toLocaleString('en')} discovered URIs over ${HOSTS.toLocaleString('en')} hosts`);
  console.log('');
  console.log('LevelStateStore (commits every 25 ms) + LevelUriUniqFilter + LevelFrontier (maxUrisInMemory 50,000), filled in-process with ' +
    'generated URIs (not fetched); the event loop turns every 1,000. Insert rate of each step; RSS, JS heap and external (Buffers, ArrayBuffers) ' +
    'after the step\'s commit (RSS beyond heap + external is native memory: LevelDB, the allocator); peak RSS since the process started; disk: du ' +
    'of the state folder.');
  console.log('');
  console.log('| URIs queued | step s | total s | URIs/s (step) | RSS MB | JS heap used / total MB | external MB | peak RSS MB | state on disk MB ' +
    '| bytes on disk per URI |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.uris.toLocaleString('en')} | ${fmt(r.stepS, 1)} | ${fmt(r.totalS, 1)} | ${fmt(r.rate)} | ${fmt(r.rssMb)} | ${fmt(r.heapMb)} ` +
      `/ ${fmt(r.heapTotalMb)} | ${fmt(r.externalMb)} | ${fmt(r.peakRssMb)} | ${fmt(r.diskMb, 1)} | ${r.uris ? fmt((r.diskMb * 1048576) / r.uris) : '–'} |`);
  }
  const first = rows[1] ?? rows[0];
  const last = rows[rows.length - 1];
  const peak = Math.max(...rows.map((r) => r.peakRssMb));
  console.log('');
  console.log(`stop (final commit and close) ${fmt(stopS, 2)} s; state folder after close ${fmt(finalDisk)} MB; queued ${queued}, uniq filter ` +
    `${uniqCount} (expected ${N}${queued === N && uniqCount === N ? ': ok' : ': MISMATCH'}).`);
  const ratio = last.rate / first.rate;
  console.log(`insert rate from the first step to the last: ${fmt(first.rate)} → ${fmt(last.rate)} URIs/s (${fmt(ratio, 2)}×, goal ≥ ` +
    `${TARGET_RATE_RATIO}×: ${ratio >= TARGET_RATE_RATIO ? 'met' : 'NOT met'}); RSS ${fmt(first.rssMb)} → ${fmt(last.rssMb)} MB ` +
    `(${fmt(((last.rssMb - first.rssMb) / Math.max(1, (last.uris - first.uris) / 1e6)), 1)} MB per further million); peak RSS ${fmt(peak)} MB ` +
    `(goal ≤ ${TARGET_RSS_MB} MB: ${peak <= TARGET_RSS_MB ? 'met' : 'NOT met'}); RSS at the end ${fmt(last.rssMb)} MB (goal ≤ ${TARGET_RSS_MB} MB: ` +
    `${last.rssMb <= TARGET_RSS_MB ? 'met' : 'NOT met'}).`);
  console.log(smapsAtEnd);
  const p = peakSample;
  console.log(`highest RSS sampled: ${fmt(p.rssMb)} MB at ${p.uris.toLocaleString('en')} URIs: JS heap ${fmt(p.heapUsedMb)} used of ` +
    `${fmt(p.heapTotalMb)}, external ${fmt(p.externalMb)} (array buffers ${fmt(p.arrayBuffersMb)}), the rest ` +
    `(${fmt(p.rssMb - p.heapTotalMb - p.externalMb)} MB) native: LevelDB, the allocator, the binary.`);
  if (jsonPath) {
    mkdirSync(dirname(jsonPath), { recursive: true });
    writeFileSync(jsonPath, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, n: N, hosts: HOSTS, step: STEP, rows, stopS, finalDiskMb: finalDisk, queued, uniqCount }, null, 2)}\n`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
