import { build } from './driver.js';
import { updateRobots } from '../../../src/components/fetch/robots-outcome.js';
import type { ServerCache } from '../../../src/model/server-cache.js';

export const HOUR_MS = 3_600_000;

/** What the crawl has learnt of example.org, and when. */
export interface HostFacts {
  /** How long ago example.org was looked up. */
  readonly ipAgeMs?: number;
  /** Its robots.txt (none: never fetched), or `unavailable` (a 5xx), fetched this long ago. */
  readonly robotsTxt?: string | 'unavailable';
  readonly robotsAgeMs?: number;
}

/** A real ServerCache that knows example.org as FetchDns and FetchHttp would have left it. */
export async function knownHost(facts: HostFacts): Promise<ServerCache> {
  const cache = await build<ServerCache>('ServerCache', {}, 'serverCache');
  const now = Date.now();
  Object.assign(cache.host('example.org'), { ip: '192.0.2.1', ipFetchedAt: now - (facts.ipAgeMs ?? 0) });
  if (facts.robotsTxt === 'unavailable') updateRobots(cache.host('example.org'), 503, undefined, now - (facts.robotsAgeMs ?? 0));
  else if (facts.robotsTxt !== undefined) updateRobots(cache.host('example.org'), 200, Buffer.from(facts.robotsTxt), now - (facts.robotsAgeMs ?? 0));
  return cache;
}
