import { join } from 'node:path';
import { tempDir } from '../../support/temp-dir.js';
import { build, byEffect, uriUnder, type Driver } from './driver.js';
import { PREPARER_DIRECTIVE_CASES } from './precedence-drivers.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import type { Processor } from '../../../src/model/processor.js';
import type { CrawlUri } from '../../../src/model/crawl-uri.js';

/** A FrontierPreparer (the real user of both policies) with the given ones, named apart from the subject. */
function preparer(parts: { canonicalizationPolicy?: unknown; queueAssignmentPolicy?: unknown }): Promise<Processor> {
  return build<Processor>('FrontierPreparer', parts, 'preparer');
}

/** The uniqueness key the candidate chain's preparer gives `uri` with the subject as the only canonicalization rule. */
async function canonicalKeyWithRule(component: string, overlay: RecordingSheetOverlay, uri: string): Promise<string> {
  const rule = await build(component);
  const policy = await build('RulesCanonicalizationPolicy', { rules: [rule] }, 'canonicalizationPolicy');
  const curi = uriUnder(overlay, uri);
  await (await preparer({ canonicalizationPolicy: policy })).process(curi);
  return curi.canonicalKey;
}

/** A canonicalization rule's driver: a rule switched off by a sheet leaves the key as it was. */
function ruleDriver(component: string, uri: string, key: string): Driver {
  return {
    component,
    cases: [byEffect('enabled', false, `the uniqueness key of ${uri} keeps what the rule would take off`, { base: key, sheet: uri },
      (overlay) => canonicalKeyWithRule(component, overlay, uri))],
  };
}

const CANONICALIZATION_RULE_DRIVERS: Driver[] = [
  ruleDriver('LowercaseRule', 'http://example.org/Path/A', 'http://example.org/path/a'),
  ruleDriver('StripUserinfoRule', 'http://user:secret@example.org/a', 'http://example.org/a'),
  ruleDriver('StripWwwnRule', 'http://www.example.org/a', 'http://example.org/a'),
  ruleDriver('StripSessionIds', 'http://example.org/a?jsessionid=0123456789abcdef0123456789abcdef&x=1', 'http://example.org/a?x=1'),
  ruleDriver('StripSessionCfids', 'http://example.org/a?CFID=1234567&CFTOKEN=89012345', 'http://example.org/a?'),
  ruleDriver('FixupQueryString', 'http://example.org/a?', 'http://example.org/a'),
];

/** The queue key the preparer gives a URI (carrying its overlay) with the subject as queue assignment policy. */
async function queueKeyWith(component: string, curi: CrawlUri, config: Record<string, unknown> = {}): Promise<string> {
  const policy = await build(component, config);
  await (await preparer({ queueAssignmentPolicy: policy })).process(curi);
  return curi.queueKey;
}

/** A queue assignment policy's driver; `hostKey` is its key for http://example.org/... and the +N a sheet's parallelQueues adds. */
function policyDriver(component: string, hostKey: string, subqueue: string, config: () => Promise<Record<string, unknown>> = async () => ({})): Driver {
  const uri = 'http://example.org/seg/page';
  return {
    component,
    cases: [
      byEffect('parallelQueues', 3, 'the host is spread over sub-queues by first path segment', { base: hostKey, sheet: hostKey + subqueue },
        async (overlay) => queueKeyWith(component, uriUnder(overlay, uri), await config())),
      byEffect('forceQueueAssignment', 'forced-queue', 'every URI goes to the sheet\'s queue', { base: hostKey, sheet: 'forced-queue' },
        async (overlay) => queueKeyWith(component, uriUnder(overlay, uri), await config())),
      byEffect('deferToPrevious', false, 'a URI that has a queue key gets a new one', { base: 'earlier-queue', sheet: hostKey },
        async (overlay) => queueKeyWith(component, uriUnder(overlay, uri, { queueKey: 'earlier-queue' }), await config())),
    ],
  };
}

const QUEUE_POLICY_DRIVERS: Driver[] = [
  policyDriver('SurtAuthorityQueueAssignmentPolicy', 'org,example,', '+1'),
  policyDriver('AssignmentLevelSurtQueueAssignmentPolicy', 'org,example,', '+1'),
  policyDriver('HostnameQueueAssignmentPolicy', 'example.org', '+1'),
  // A real ServerCache that has not been in touch with the host: the policy falls back to host keys.
  policyDriver('IpQueueAssignmentPolicy', 'example.org', '+1', async () => ({ serverCache: await build('ServerCache', {}, 'serverCache') })),
];

const CANDIDATE_PROCESSOR_DRIVERS: Driver[] = [
  {
    component: 'CandidateScoper',
    cases: [byEffect('enabled', false, 'a candidate the scope rejects is no longer marked out of scope', { base: -5000, sheet: 0 }, async (overlay) => {
      const scoper = await build<Processor>('CandidateScoper', { scope: await build('RejectDecideRule', {}, 'scope') });
      const curi = uriUnder(overlay, 'http://example.org/a', { hopsPath: 'L', via: 'http://example.org/' });
      await scoper.process(curi);
      return curi.fetchStatus;
    })],
  },
  {
    component: 'HashCrawlMapper',
    // http://www.example.org/ hashes to crawler 1 of 2 (org,example,): crawler 0 diverts it. Only judged: no divert file.
    cases: [byEffect('enabled', false, 'a candidate of another crawler is no longer diverted', { base: -5002, sheet: 0 }, async (overlay) => {
      const mapper = await build<Processor>('HashCrawlMapper', { crawlerCount: 2, localName: '0' });
      const curi = uriUnder(overlay, 'http://www.example.org/a', { hopsPath: 'L', via: 'http://example.com/' });
      curi.judgedOnly = true;
      await mapper.process(curi);
      return curi.fetchStatus;
    })],
  },
  {
    component: 'LexicalCrawlMapper',
    // Every key goes to crawler `other` (one map entry): crawler `here` diverts all. Only judged: no divert file.
    cases: [byEffect('enabled', false, 'a candidate of another crawler is no longer diverted', { base: -5002, sheet: 0 }, async (overlay) => {
      const folder = await tempDir({ 'map.config': 'com, other\n' });
      try {
        const mapper = await build<Processor & { start(): Promise<void> }>('LexicalCrawlMapper', { localName: 'here', mapPath: join(folder.dir, 'map.config') });
        await mapper.start();
        const curi = uriUnder(overlay, 'http://www.example.org/a', { hopsPath: 'L', via: 'http://example.com/' });
        curi.judgedOnly = true;
        await mapper.process(curi);
        return curi.fetchStatus;
      } finally {
        await folder.cleanup();
      }
    })],
  },
  {
    component: 'FrontierPreparer',
    cases: [byEffect('enabled', false, 'a candidate gets no queue key', { base: 'org,example,', sheet: '' }, async (overlay) => {
      const curi = uriUnder(overlay, 'http://example.org/a');
      await (await build<Processor>('FrontierPreparer')).process(curi);
      return curi.queueKey;
    }), ...PREPARER_DIRECTIVE_CASES],
  },
];

export const CANDIDATE_DRIVERS: Driver[] = [...CANDIDATE_PROCESSOR_DRIVERS, ...CANONICALIZATION_RULE_DRIVERS, ...QUEUE_POLICY_DRIVERS];
