/**
 * The uniq filter's memory and speed as it grows: adds N distinct canonical keys (default
 * 5,000,000; 50,000,000 for issue 18's second goal) to a FingerprintSet, as LevelUriUniqFilter
 * and MemoryUriUniqFilter hold them, then looks up as many keys again (half members). At each
 * tenth it prints the add rate of that tenth, the set's bytes a member (packed members, their
 * index and the table of members not merged yet) and RSS. Goals: about 4 bytes a URL at 50
 * million (400 MB at 8 bytes, ≤ 200 MB with packed fingerprints), the add rate at the end within
 * 20 % of the start. With `--in-memory M`, the set is LevelUriUniqFilter's TieredFingerprints
 * instead, M fingerprints in memory and the rest in a spill file in a temporary folder (adds that
 * need a read of it awaited together every 1,000, as a page's outlinks are): bytes a member in
 * memory, reads of the file per add, and the file's size.
 * Usage: node uniq-filter.bench.js [N] [--in-memory M]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FingerprintSet, fingerprint } from '../../src/util/fingerprint-set.js';
import { TieredFingerprints } from '../../src/util/tiered-fingerprints.js';
import { fmt } from './measure.js';

const args = process.argv.slice(2);
const inMemoryAt = args.indexOf('--in-memory');
const IN_MEMORY = inMemoryAt >= 0 ? Number(args.splice(inMemoryAt, 2)[1]) : undefined;
const N = Number(args[0] ?? 5_000_000);
const STEP = N / 10;
/** Bytes a member wanted at 50,000,000 (issue 18): fingerprints packed to about 3.7 bytes, the table and index on top. */
const GOAL_BYTES = 4.5;
const mb = (bytes: number) => bytes / 1048576;
const spillDir = mkdtempSync(join(tmpdir(), 'beancrawl-uniq-bench-'));
/** The set measured: FingerprintSet, or TieredFingerprints with --in-memory. */
const set: Pick<FingerprintSet, 'size' | 'bytes'> & { addFingerprint(fp: number): boolean | Promise<boolean> } =
  IN_MEMORY === undefined ? new FingerprintSet() : Object.assign(new TieredFingerprints(IN_MEMORY, spillDir), { addFingerprint(this: TieredFingerprints, fp: number) { return this.add(fp); } });
/** Adds waiting for a read of the spill file, awaited together every 1,000 adds; and how many there were. */
const pending: Array<Promise<boolean>> = [];
let reads = 0;
/** Adds a key; an add that must read the spill file joins `pending`. */
function add(key: string): void {
  const r = set.addFingerprint(fingerprint(key));
  if (typeof r !== 'boolean') (reads++, pending.push(r));
}
console.log(`### Uniq filter: ${N.toLocaleString('en')} keys added to a ${IN_MEMORY === undefined ? 'FingerprintSet' : `TieredFingerprints ` +
  `(${IN_MEMORY.toLocaleString('en')} in memory)`}`);
console.log('');
console.log('| members | adds/s (step) | slowest add step ms | set bytes a member (in memory) | set MB | RSS MB | peak RSS MB |');
console.log('|---|---|---|---|---|---|---|');
const rates: number[] = [];
let t = performance.now();
let slowest = 0;
let t0 = t;
for (let i = 0; i < N; i++) {
  add(`http://host${i % 100_000}.example/section/${i % 97}/page-${i}.html`);
  if (IN_MEMORY !== undefined && i % 1000 === 999) {
    // The event loop turns, as in a crawl: moves to the spill file go on meanwhile.
    await Promise.all(pending);
    pending.length = 0;
    await new Promise((resolve) => setImmediate(resolve));
  }
  // The merges: a thousand adds that hold one show as a pause.
  if (i % 1000 === 999) {
    const now = performance.now();
    if (now - t0 > slowest) slowest = now - t0;
    t0 = now;
  }
  if ((i + 1) % STEP === 0) {
    const now = performance.now();
    const rate = STEP / ((now - t) / 1000);
    rates.push(rate);
    console.log(`| ${(i + 1).toLocaleString('en')} | ${fmt(rate)} | ${fmt(slowest, 1)} | ${fmt(set.bytes / set.size, 2)} | ${fmt(mb(set.bytes))} | ` +
      `${fmt(mb(process.memoryUsage.rss()))} | ${fmt(process.resourceUsage().maxRSS / 1024)} |`);
    slowest = 0;
    t = t0 = performance.now();
  }
}
await Promise.all(pending);
const addReads = reads;
const t1 = performance.now();
// Lookups, as adds of keys again: a member's add says false. Keys not added are added last. Those
// that read the spill file are awaited together every 1,000, as a page's outlinks are.
async function seen(suffix: string): Promise<number> {
  let n = 0;
  const waiting: Array<Promise<boolean>> = [];
  for (let i = 0; i < N; i += 2) {
    const r = set.addFingerprint(fingerprint(`http://host${i % 100_000}.example/section/${i % 97}/page-${i}.html${suffix}`));
    if (typeof r === 'boolean') n += r ? 0 : 1;
    else waiting.push(r);
    if (waiting.length >= 1000) n += (await Promise.all(waiting.splice(0))).filter((added) => !added).length;
  }
  return n + (await Promise.all(waiting)).filter((added) => !added).length;
}
const found = await seen('');
const strangers = await seen('#not');
const size = set.size - Math.ceil(N / 2) + strangers;
const lookups = 2 * Math.ceil(N / 2);
const lookupNs = ((performance.now() - t1) * 1e6) / lookups;
const perMember = set.bytes / set.size;
if (IN_MEMORY !== undefined) {
  const tiered = set as unknown as TieredFingerprints;
  console.log(`spill file: ${tiered.spilled.toLocaleString('en')} members, ${fmt(mb(tiered.spilled * 8))} MB on disk; adds that read it ` +
    `${addReads.toLocaleString('en')} of ${N.toLocaleString('en')} (${fmt((addReads / N) * 100, 2)} %); memory ${fmt(mb(set.bytes))} MB for ` +
    `${set.size.toLocaleString('en')} members`);
  await tiered.close();
}
rmSync(spillDir, { recursive: true, force: true });
const ratio = rates[rates.length - 1] / rates[0];
console.log('');
// A key not added is taken for a member only when its 53-bit fingerprint is a member's: about members ÷ 2^53 a lookup.
const expectedCollisions = (Math.ceil(N / 2) * N) / 2 ** 53;
console.log(`size ${size} (expected ${N}: ${size === N ? 'ok' : 'MISMATCH'}); members found ${found} of ${Math.ceil(N / 2)} ` +
  `(${found === Math.ceil(N / 2) ? 'ok' : 'MISMATCH'}); keys not added taken for members ${strangers} (fingerprint collisions, about ` +
  `${fmt(expectedCollisions, 2)} expected); lookup ${fmt(lookupNs)} ns`);
console.log(`bytes a member ${fmt(perMember, 2)} (8 and a table of 8 MB before; goal at 50,000,000 ≤ ${GOAL_BYTES}: ${N < 50_000_000 ? 'not ' +
  'measured' : perMember <= GOAL_BYTES ? 'met' : 'NOT ' +
  'met'}); add rate first → last tenth ${fmt(rates[0])} → ${fmt(rates[rates.length - 1])}/s (${fmt(ratio, 2)}×, goal ≥ 0.8×: ${ratio >= 0.8 ? 'met' : 'NOT met'}); peak RSS ${fmt(process.resourceUsage().maxRSS / 1024)} MB`);
