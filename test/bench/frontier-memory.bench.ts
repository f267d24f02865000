/**
 * LevelFrontier memory with a large frontier: schedules N URIs (default 1,000,000) over 1,000
 * hosts and prints RSS after scheduling and after draining a tenth, against the 300 MB target.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LevelFrontier } from '../../src/components/frontier/level-frontier.js';
import { LevelUriUniqFilter } from '../../src/components/state/level-uri-uniq-filter.js';
import { CrawlUri } from '../../src/model/crawl-uri.js';
import { levelStore } from '../support/level-store.js';

const N = Number(process.argv[2] ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'beancrawl-frontier-bench-'));
const store = levelStore(dir, 200);
await store.start();
const uniq = new LevelUriUniqFilter({ batchSize: 10000, maxFingerprintsInMemory: 4000000, spillDir: '', stateStore: store, loggerModule: undefined });
await uniq.start();
const frontier = new LevelFrontier({
  queueTotalBudget: -1, balanceReplenishAmount: 3000, errorPenaltyAmount: 100, retryDelaySeconds: 900, maxRetries: 30, maxOutlinks: 6000,
  extract404s: true, extractIndependently: false, snoozeLongMs: 300000, precedenceFloor: 255, queuePrecedencePolicy: undefined, recoveryLogEnabled: true, dumpPendingAtClose: false, recentUrisRemembered: 1_000_000,
  maxUrisInMemory: 50000, uriUniqFilter: uniq, stateStore: store,
});
await frontier.start();
const mb = () => (process.memoryUsage().rss / 1048576).toFixed(0);
const t0 = Date.now();
for (let i = 0; i < N; i++) {
  const host = `host${i % 1000}.example`;
  const c = new CrawlUri(`http://${host}/section/${i % 97}/page-${i}.html`, { queueKey: host, hopsPath: 'LL', via: `http://${host}/` });
  c.canonicalKey = c.uri;
  frontier.schedule(c);
  // A crawl schedules a page's outlinks (about 11) per fetch; let the event loop turn as it would.
  if (i % 1000 === 0) await new Promise((r) => setImmediate(r));
}
await store.commit();
global.gc?.();
const heap = () => (process.memoryUsage().heapUsed / 1048576).toFixed(0);
console.log(JSON.stringify(process.memoryUsage()));
console.log(`scheduled ${N} URIs in ${((Date.now() - t0) / 1000).toFixed(1)} s; RSS ${mb()} MB, heap ${heap()} MB (target < 300 MB RSS)`);
const t1 = Date.now();
for (let i = 0; i < N / 10; i++) {
  const c = await frontier.next();
  if (!c) break;
  c.fetchStatus = 200;
  frontier.finished(c);
}
console.log(`drained ${N / 10} in ${((Date.now() - t1) / 1000).toFixed(1)} s; RSS ${mb()} MB; peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await frontier.stop();

await store.stop();
rmSync(dir, { recursive: true, force: true });
