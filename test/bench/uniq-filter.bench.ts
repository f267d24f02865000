/**
 * The uniq filter's memory and speed as it grows: adds N distinct canonical keys (default
 * 5,000,000; 50,000,000 for issue 18's second goal) to a FingerprintSet, as LevelUriUniqFilter
 * and MemoryUriUniqFilter hold them, then looks up as many keys again (half members). At each
 * tenth it prints the add rate of that tenth, the set's bytes a member (packed members, their
 * index and the table of members not merged yet) and RSS. Goals: about 4 bytes a URL at 50
 * million (400 MB at 8 bytes, ≤ 200 MB with packed fingerprints), the add rate at the end within
 * 20 % of the start.
 * Usage: node uniq-filter.bench.js [N]
 */
import { performance } from 'node:perf_hooks';
import { FingerprintSet } from '../../src/util/fingerprint-set.js';
import { fmt } from './measure.js';

const N = Number(process.argv[2] ?? 5_000_000);
const STEP = N / 10;
/** Bytes a member wanted at 50,000,000 (issue 18): fingerprints packed to about 3.7 bytes, the table and index on top. */
const GOAL_BYTES = 4.5;
const mb = (bytes: number) => bytes / 1048576;
const set = new FingerprintSet();
console.log(`### Uniq filter: ${N.toLocaleString('en')} keys added to a FingerprintSet`);
console.log('');
console.log('| members | adds/s (step) | slowest add step ms | set bytes a member | set MB | RSS MB | peak RSS MB |');
console.log('|---|---|---|---|---|---|---|');
const rates: number[] = [];
let t = performance.now();
let slowest = 0;
let t0 = t;
for (let i = 0; i < N; i++) {
  set.add(`http://host${i % 100_000}.example/section/${i % 97}/page-${i}.html`);
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
    console.log(`| ${(i + 1).toLocaleString('en')} | ${fmt(rate)} | ${fmt(slowest, 1)} | ${fmt(set.bytes / set.size, 2)} | ${fmt(mb(set.bytes))} | ${fmt(mb(process.memoryUsage.rss()))} | ${fmt(process.resourceUsage().maxRSS / 1024)} |`);
    slowest = 0;
    t = t0 = performance.now();
  }
}
const t1 = performance.now();
let found = 0;
let strangers = 0;
for (let i = 0; i < N; i += 2) if (set.has(`http://host${i % 100_000}.example/section/${i % 97}/page-${i}.html`)) found++;
for (let i = 0; i < N; i += 2) if (set.has(`http://host${i % 100_000}.example/section/${i % 97}/page-${i}.html#not`)) strangers++;
const lookups = 2 * Math.ceil(N / 2);
const lookupNs = ((performance.now() - t1) * 1e6) / lookups;
const perMember = set.bytes / set.size;
const ratio = rates[rates.length - 1] / rates[0];
console.log('');
// A key not added is taken for a member only when its 53-bit fingerprint is a member's: about members ÷ 2^53 a lookup.
const expectedCollisions = (Math.ceil(N / 2) * N) / 2 ** 53;
console.log(`size ${set.size} (expected ${N}: ${set.size === N ? 'ok' : 'MISMATCH'}); members found ${found} of ${Math.ceil(N / 2)} (${found === Math.ceil(N / 2) ? 'ok' : 'MISMATCH'}); keys not added taken for members ${strangers} (fingerprint collisions, about ${fmt(expectedCollisions, 2)} expected); lookup ${fmt(lookupNs)} ns`);
console.log(`bytes a member ${fmt(perMember, 2)} (8 and a table of 8 MB before; goal at 50,000,000 ≤ ${GOAL_BYTES}: ${N < 50_000_000 ? 'not measured' : perMember <= GOAL_BYTES ? 'met' : 'NOT met'}); add rate first → last tenth ${fmt(rates[0])} → ${fmt(rates[rates.length - 1])}/s (${fmt(ratio, 2)}×, goal ≥ 0.8×: ${ratio >= 0.8 ? 'met' : 'NOT met'}); peak RSS ${fmt(process.resourceUsage().maxRSS / 1024)} MB`);
