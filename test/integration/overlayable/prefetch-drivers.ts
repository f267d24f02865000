import { build, byEffect, uriUnder, type Driver } from './driver.js';
import { HOUR_MS, knownHost, type HostFacts } from './known-host.js';
import { metadata } from './loopback-fetch.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import type { CrawlUri } from '../../../src/model/crawl-uri.js';
import type { Processor } from '../../../src/model/processor.js';
import type { ServerCache } from '../../../src/model/server-cache.js';

/** What the preconditions made of a URI of example.org: its status, the prerequisite it waits for, its annotations. */
async function preconditionsOf(overlay: RecordingSheetOverlay, facts: HostFacts, uri = 'http://example.org/page'): Promise<unknown> {
  const enforcer = await build<Processor>('PreconditionEnforcer', { serverCache: await knownHost(facts), metadata: await metadata() });
  const curi: CrawlUri = uriUnder(overlay, uri);
  await enforcer.process(curi);
  return { status: curi.fetchStatus, prerequisite: curi.prerequisite?.uri, annotations: curi.annotations };
}

const PROCEEDS = { status: 0, prerequisite: undefined, annotations: [] };
const AWAITS_DNS = { status: -50, prerequisite: 'dns:example.org', annotations: [] };
const AWAITS_ROBOTS = { status: -50, prerequisite: 'http://example.org/robots.txt', annotations: [] };

const PRECONDITION_ENFORCER: Driver = {
  component: 'PreconditionEnforcer',
  cases: [
    byEffect('enabled', false, 'a URI of a host never looked up goes ahead without a dns: prerequisite',
      { base: { status: -50, prerequisite: 'dns:never-seen.test', annotations: [] }, sheet: PROCEEDS },
      (overlay) => preconditionsOf(overlay, {}, 'http://never-seen.test/page')),
    byEffect('ipValidityDurationSeconds', 3600, 'an address looked up two hours ago is looked up again', { base: PROCEEDS, sheet: AWAITS_DNS },
      (overlay) => preconditionsOf(overlay, { ipAgeMs: 2 * HOUR_MS, robotsTxt: '' })),
    byEffect('robotsValidityDurationSeconds', 3600, 'a robots.txt fetched two hours ago is fetched again', { base: PROCEEDS, sheet: AWAITS_ROBOTS },
      (overlay) => preconditionsOf(overlay, { robotsTxt: '', robotsAgeMs: 2 * HOUR_MS })),
    byEffect('robotsRetrySeconds', 600, 'a robots.txt unavailable two minutes ago is not asked for again yet (-61)',
      // The URI says why, for crawl.log and the seeds report: robots.txt last answered 503.
      { base: AWAITS_ROBOTS, sheet: { status: -61, prerequisite: undefined, annotations: ['robots:503'] } },
      (overlay) => preconditionsOf(overlay, { robotsTxt: 'unavailable', robotsAgeMs: 120_000 })),
    byEffect('calculateRobotsOnly', true, 'a URI robots.txt disallows is only annotated, and goes ahead',
      { base: { status: -9998, prerequisite: undefined, annotations: ['robotExcluded'] }, sheet: { status: 0, prerequisite: undefined, annotations: ['robotExcluded'] } },
      (overlay) => preconditionsOf(overlay, { robotsTxt: 'User-agent: *\nDisallow: /private/\n' }, 'http://example.org/private/x')),
  ],
};

/** What FetchDns made of dns:127.0.0.1 (an address literal: no resolver is asked). */
async function dnsLookup(overlay: RecordingSheetOverlay): Promise<{ curi: CrawlUri; ip: string | undefined }> {
  const serverCache = await build<ServerCache>('ServerCache', {}, 'serverCache');
  const curi = uriUnder(overlay, 'dns:127.0.0.1', { hopsPath: 'P', via: 'http://127.0.0.1/' });
  await (await build<Processor>('FetchDns', { serverCache })).process(curi);
  return { curi, ip: serverCache.host('127.0.0.1').ip };
}

const FETCH_DNS: Driver = {
  component: 'FetchDns',
  cases: [
    byEffect('enabled', false, 'nothing is looked up', { base: [1, '127.0.0.1'], sheet: [0, undefined] }, async (overlay) => {
      const { curi, ip } = await dnsLookup(overlay);
      return [curi.fetchStatus, ip];
    }),
    byEffect('digestContent', false, 'the DNS record gets no digest', { base: true, sheet: false },
      async (overlay) => (await dnsLookup(overlay)).curi.contentDigest !== undefined),
  ],
};

/** The status the preselector leaves on a URI of example.org's private folder. */
async function preselected(overlay: RecordingSheetOverlay, config: Record<string, unknown> = {}): Promise<number> {
  const preselector = await build<Processor>('Preselector', config);
  const curi = uriUnder(overlay, 'http://example.org/private/a');
  await preselector.process(curi);
  return curi.fetchStatus;
}

const PRESELECTOR: Driver = {
  component: 'Preselector',
  cases: [
    // A base blockAll, so that there is something for a disabled preselector not to do.
    byEffect('enabled', false, 'a URI blockAll would block goes ahead', { base: -5001, sheet: 0 }, (overlay) => preselected(overlay, { blockAll: true })),
    byEffect('recheckScope', true, 'a URI the scope now rejects is marked out of scope (-5000)', { base: 0, sheet: -5000 },
      async (overlay) => preselected(overlay, { scope: await build('RejectDecideRule', {}, 'scope') })),
    byEffect('blockAll', true, 'every URI is blocked (-5001)', { base: 0, sheet: -5001 }, (overlay) => preselected(overlay)),
    byEffect('blockByRegex', '.*/private/.*', 'a URI the expression matches is blocked (-5001)', { base: 0, sheet: -5001 }, (overlay) => preselected(overlay)),
    byEffect('allowByRegex', '.*/public/.*', 'a URI the expression does not match is blocked ' +
      '(-5001)', { base: 0, sheet: -5001 }, (overlay) => preselected(overlay)),
  ],
};

export const PREFETCH_DRIVERS: Driver[] = [PRESELECTOR, PRECONDITION_ENFORCER, FETCH_DNS];
