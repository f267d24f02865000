import { build, byEffect, uriUnder, type Driver, type PropertyCase } from './driver.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import { CrawlUri } from '../../../src/model/crawl-uri.js';
import type { Frontier } from '../../../src/model/frontier.js';
import type { Processor } from '../../../src/model/processor.js';

const QUEUE = 'org,example,';

/**
 * What a QuotaEnforcer, fed by a real MemoryFrontier that has finished one 1 KiB page of
 * example.org, does with the next URI of that host: its result, status, retire directive and
 * annotations. One page reaches every quota of 1 (successes, responses, KB, novel KB and URLs)
 * for the server, the host and the queue alike.
 */
async function quotaVerdict(overlay: RecordingSheetOverlay, config: Record<string, unknown> = {}): Promise<unknown> {
  const uriUniqFilter = await build('MemoryUriUniqFilter', {}, 'uriUniqFilter');
  const frontier = await build<Frontier & { stop(): void }>('MemoryFrontier', { uriUniqFilter }, 'frontier');
  try {
    const enforcer = await build<Processor & { start(): Promise<void> }>('QuotaEnforcer', { frontier, ...config });
    await enforcer.start();
    const page = new CrawlUri('http://example.org/a', { queueKey: QUEUE });
    page.canonicalKey = page.uri;
    frontier.schedule(page);
    const taken = (await frontier.next())!;
    taken.fetchStatus = 200;
    taken.contentSize = 1024;
    frontier.finished(taken);
    const curi = uriUnder(overlay, 'http://example.org/b', { queueKey: QUEUE });
    const result = await enforcer.process(curi);
    return { result, status: curi.fetchStatus, forceRetire: curi.forceRetire, annotations: curi.annotations };
  } finally {
    frontier.stop();
  }
}

const GOES_AHEAD = { result: 'PROCEED', status: 0, forceRetire: false, annotations: [] };
const retiredBy = (quota: string) => ({ result: 'FINISH', status: 0, forceRetire: true, annotations: [`Q:${quota}`] });

const QUOTAS = ['FetchSuccesses', 'SuccessKb', 'FetchResponses', 'AllKb', 'NovelKb', 'NovelUrls'].flatMap((m) => ['server', 'host', 'group'].map((c) => `${c}Max${m}`));

const QUOTA_CASES: PropertyCase[] = QUOTAS.map((quota) =>
  byEffect(quota, 1, 'a URI of a server, host and queue that yielded one 1 KiB page is held back and its queue ' +
    'retired', { base: GOES_AHEAD, sheet: retiredBy(quota) },
    (overlay) => quotaVerdict(overlay)));

const QUOTA_ENFORCER: Driver = {
  component: 'QuotaEnforcer',
  cases: [
    // A base quota already reached, so that there is something for the sheet to change.
    byEffect('enabled', false, 'a URI over a quota goes ahead', { base: retiredBy('serverMaxFetchSuccesses'), sheet: GOES_AHEAD },
      (overlay) => quotaVerdict(overlay, { serverMaxFetchSuccesses: 1 })),
    byEffect('forceRetire', false, 'a URI over a quota finishes with -5003 instead of retiring its queue',
      { base: retiredBy('serverMaxFetchSuccesses'), sheet: { result: 'FINISH', status: -5003, forceRetire: false, annotations: ['Q:serverMaxFetchSuccesses'] } },
      (overlay) => quotaVerdict(overlay, { serverMaxFetchSuccesses: 1 })),
    ...QUOTA_CASES,
  ],
};

export const QUOTA_DRIVERS: Driver[] = [QUOTA_ENFORCER];
