import { acceptingCandidateChain } from './candidate-chain.js';
import { build, byEffect, uriUnder, type Driver, type PropertyCase } from './driver.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import { levelStore } from '../../support/level-store.js';
import { tempDir } from '../../support/temp-dir.js';
import type { CrawlUri } from '../../../src/model/crawl-uri.js';
import { FetchStatus } from '../../../src/model/fetch-status.js';
import type { Disposition, Frontier, FrontierStats } from '../../../src/model/frontier.js';
import { RedisServer } from '../../support/redis-server.js';
import type { Processor } from '../../../src/model/processor.js';

/** A frontier with a real uniq filter (and, for LevelFrontier, a real state store in a fresh folder). */
interface OpenFrontier {
  readonly frontier: Frontier;
  close(): Promise<void>;
}

async function openFrontier(component: string, config: Record<string, unknown> = {}): Promise<OpenFrontier> {
  if (component === 'RedisFrontier') return openRedisFrontier(config);
  const uriUniqFilter = await build('MemoryUriUniqFilter', {}, 'uriUniqFilter');
  if (component !== 'LevelFrontier') {
    const frontier = await build<Frontier & { stop(): void }>(component, { uriUniqFilter, ...config });
    return { frontier, close: async () => frontier.stop() };
  }
  const folder = await tempDir();
  const stateStore = levelStore(folder.dir);
  await stateStore.start();
  const frontier = await build<Frontier & { start(): Promise<void>; stop(): void }>(component, { uriUniqFilter, stateStore, ...config });
  await frontier.start();
  return {
    frontier,
    close: async () => {
      frontier.stop();
      await stateStore.stop();
      await folder.cleanup();
    },
  };
}

/** A RedisFrontier on a Redis of its own, with its connection and seen set. */
async function openRedisFrontier(config: Record<string, unknown>): Promise<OpenFrontier> {
  const server = await RedisServer.create();
  const redis = await build<{ start(): Promise<void>; stop(): Promise<void> }>('RedisConnection', { redisUrl: server.url, crawlName: 'drivers', workerId: 'w1', queueShards: 4 }, 'redis');
  try {
    await redis.start();
    const uriUniqFilter = await build('RedisUriUniqFilter', { redis }, 'uriUniqFilter');
    const frontier = await build<Frontier & { start(): Promise<void>; stop(): Promise<void> }>('RedisFrontier', { redis, uriUniqFilter, ...config });
    await frontier.start();
    return {
      frontier,
      close: async () => {
        await frontier.stop();
        await redis.stop();
        await server.close();
      },
    };
  } catch (e) {
    await redis.stop();
    await server.close();
    throw e;
  }
}

/** The frontier's figures as of now (a RedisFrontier reads them from Redis once a second otherwise). */
async function statsNow(f: Frontier): Promise<FrontierStats> {
  await (f as { refreshStats?(): Promise<void> }).refreshStats?.();
  return f.stats();
}

/** Runs `steps` against a fresh frontier and closes it, whatever happens. */
async function withFrontier<T>(component: string, config: Record<string, unknown>, steps: (f: Frontier) => Promise<T>): Promise<T> {
  const open = await openFrontier(component, config);
  try {
    return await steps(open.frontier);
  } finally {
    await open.close();
  }
}

/** A URI readied as the candidate chain leaves it (keys set), carrying the overlay. */
function candidate(overlay: RecordingSheetOverlay, uri: string, queueKey: string): CrawlUri {
  const curi = uriUnder(overlay, uri);
  curi.canonicalKey = uri;
  curi.queueKey = queueKey;
  return curi;
}

/** The next URI, its sheets restored by the key it was queued with, as the controller restores them. */
async function take(f: Frontier, overlay: RecordingSheetOverlay): Promise<CrawlUri | undefined> {
  const curi = await f.next();
  if (curi !== undefined) curi.overlay = curi.sheetKey === overlay.key ? overlay : undefined;
  return curi;
}

/** Takes the next URI and finishes it with `status`; returns what the frontier made of it. */
async function takeAndFinish(f: Frontier, overlay: RecordingSheetOverlay, status: number): Promise<Disposition> {
  const curi = await take(f, overlay);
  if (curi === undefined) throw new Error('the frontier had nothing to hand out');
  curi.fetchStatus = status;
  return f.finished(curi);
}

function frontierDriver(component: string, without: readonly string[] = []): Driver {
  const a = (overlay: RecordingSheetOverlay, n: number) => candidate(overlay, `http://a.test/${n}`, 'a.test');
  return {
    component,
    cases: ([
      byEffect('queueTotalBudget', 1, 'a queue that spent one URI is retired, its second URI never handed out', { base: 'http://a.test/2', sheet: undefined },
        (overlay) => withFrontier(component, {}, async (f) => {
          f.schedule(a(overlay, 1));
          f.schedule(a(overlay, 2));
          await takeAndFinish(f, overlay, 200);
          return (await take(f, overlay))?.uri;
        })),
      byEffect('balanceReplenishAmount', 1, 'a queue whose turn was one URI goes behind another host', { base: 'http://a.test/2', sheet: 'http://b.test/1' },
        (overlay) => withFrontier(component, {}, async (f) => {
          f.schedule(a(overlay, 1));
          f.schedule(a(overlay, 2));
          f.schedule(candidate(overlay, 'http://b.test/1', 'b.test'));
          await takeAndFinish(f, overlay, 200);
          return (await take(f, overlay))?.uri;
        })),
      // A base budget of 50 that one failure's default penalty (100) exhausts.
      byEffect('errorPenaltyAmount', 0, 'a failure no longer costs its queue the budget', { base: undefined, sheet: 'http://a.test/2' },
        (overlay) => withFrontier(component, { queueTotalBudget: 50 }, async (f) => {
          f.schedule(a(overlay, 1));
          f.schedule(a(overlay, 2));
          await takeAndFinish(f, overlay, FetchStatus.RUNTIME_EXCEPTION);
          return (await take(f, overlay))?.uri;
        })),
      byEffect('retryDelaySeconds', 0, 'a connection failure is retried at once instead of after the queue rests',
        { base: { disposition: 'retry', snoozed: 1, ready: 0 }, sheet: { disposition: 'retry', snoozed: 0, ready: 1 } },
        (overlay) => withFrontier(component, {}, async (f) => {
          f.schedule(a(overlay, 1));
          const disposition = await takeAndFinish(f, overlay, FetchStatus.CONNECT_FAILED);
          const { snoozed, ready } = (await statsNow(f)).queues;
          return { disposition, snoozed, ready };
        })),
      byEffect('maxRetries', 0, 'a connection failure fails for good instead of being retried', { base: 'retry', sheet: 'failure' },
        (overlay) => withFrontier(component, {}, async (f) => {
          f.schedule(a(overlay, 1));
          return takeAndFinish(f, overlay, FetchStatus.CONNECT_FAILED);
        })),
      byEffect('maxOutlinks', 1, 'of a page\'s three links, the candidates processor schedules one', { base: 3, sheet: 1 },
        (overlay) => withFrontier(component, {}, async (f) => {
          // The real disposition path: candidates processor, candidate chain, this frontier.
          const candidateChain = await acceptingCandidateChain();
          const candidates = await build<Processor>('CandidatesProcessor', { candidateChain, frontier: f }, 'candidates');
          const page = uriUnder(overlay, 'http://a.test/');
          page.fetchStatus = 200;
          for (const n of [1, 2, 3]) page.outlinks.push({ uri: `http://a.test/${n}`, hop: 'L', context: 'a/@href' });
          await candidates.process(page);
          return (await statsNow(f)).discovered;
        })),
    ] as PropertyCase[]).filter((c) => !without.includes(c.property)),
  };
}

export const FRONTIER_DRIVERS: Driver[] = [
  frontierDriver('MemoryFrontier'), frontierDriver('LevelFrontier'),
  // Queues of a RedisFrontier take turns by time: balanceReplenishAmount is accepted without effect (ignored-properties.ts).
  frontierDriver('RedisFrontier', ['balanceReplenishAmount']),
];
