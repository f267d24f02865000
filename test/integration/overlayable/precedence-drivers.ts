import { build, byEffect, uriUnder, type Driver, type PropertyCase } from './driver.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import type { Processor } from '../../../src/model/processor.js';
import type { PrecedenceQueue, QueuePrecedencePolicy, UriPrecedencePolicy } from '../../../src/model/precedence-policies.js';

/** The precedence a URI policy gives `uri` (reached by `hopsPath`) under the overlay. */
async function uriPrecedence(component: string, overlay: RecordingSheetOverlay, hopsPath: string): Promise<number> {
  const policy = await build<UriPrecedencePolicy>(component);
  const curi = uriUnder(overlay, 'http://example.org/page', { hopsPath, via: 'http://example.org/' });
  policy.uriScheduled(curi);
  return curi.precedence;
}

/** The precedence a queue policy gives a queue with `successes` and URIs of precedence 2 waiting, as a URI under the overlay sees it. */
async function queuePrecedence(component: string, overlay: RecordingSheetOverlay, successes = 0): Promise<number> {
  const policy = await build<QueuePrecedencePolicy>(component);
  const queue: PrecedenceQueue = { successes, lowestUriPrecedence: () => 2 };
  return policy.precedenceOf(queue, uriUnder(overlay, 'http://example.org/page'));
}

/** The scheduling directive the preparer gives a URI reached by `hopsPath`. */
async function directive(overlay: RecordingSheetOverlay, hopsPath: string): Promise<number> {
  const preparer = await build<Processor>('FrontierPreparer');
  const curi = uriUnder(overlay, 'http://example.org/page', { hopsPath, via: 'http://example.org/' });
  await preparer.process(curi);
  return curi.schedulingDirective;
}

/** The preparer's scheduling directive properties (its driver is with the candidate chain's). */
export const PREPARER_DIRECTIVE_CASES: PropertyCase[] = [
  byEffect('preferenceDepthHops', 2, 'a URI two link hops from its seed gets HIGH (1) instead of NORMAL (3)', { base: 3, sheet: 1 },
    (overlay) => directive(overlay, 'LL')),
  byEffect('preferenceEmbedHops', 0, 'an embed no longer gets MEDIUM (2): it stays NORMAL (3)', { base: 2, sheet: 3 },
    (overlay) => directive(overlay, 'LE')),
];

export const PRECEDENCE_DRIVERS: Driver[] = [
  {
    component: 'BaseUriPrecedencePolicy',
    cases: [byEffect('basePrecedence', 7, 'the URI\'s precedence', { base: 1, sheet: 7 }, (overlay) => uriPrecedence('BaseUriPrecedencePolicy', overlay, 'L'))],
  },
  {
    component: 'HopsUriPrecedencePolicy',
    cases: [
      byEffect('basePrecedence', 5, 'the URI\'s precedence: the base plus its link ' +
        'hops', { base: 3, sheet: 7 }, (overlay) => uriPrecedence('HopsUriPrecedencePolicy', overlay, 'LLE')),
      byEffect('navlinksOnly', false, 'every hop counts, the embed ' +
        'too', { base: 3, sheet: 4 }, (overlay) => uriPrecedence('HopsUriPrecedencePolicy', overlay, 'LLE')),
    ],
  },
  {
    component: 'BaseQueuePrecedencePolicy',
    cases: [byEffect('basePrecedence', 1, 'the queue\'s ' +
      'precedence', { base: 3, sheet: 1 }, (overlay) => queuePrecedence('BaseQueuePrecedencePolicy', overlay))],
  },
  {
    component: 'HighestUriQueuePrecedencePolicy',
    cases: [byEffect('basePrecedence', 10, 'the queue\'s precedence: the base plus its lowest URI precedence (2)', { base: 5, sheet: 12 },
      (overlay) => queuePrecedence('HighestUriQueuePrecedencePolicy', overlay))],
  },
  {
    component: 'SuccessCountsQueuePrecedencePolicy',
    cases: [
      byEffect('basePrecedence', 10, 'the queue\'s precedence (150 successes: one bump)', { base: 4, sheet: 11 },
        (overlay) => queuePrecedence('SuccessCountsQueuePrecedencePolicy', overlay, 150)),
      byEffect('incrementCounts', '50', 'the queue\'s precedence: 150 successes pass 50, 100 and 150', { base: 4, sheet: 6 },
        (overlay) => queuePrecedence('SuccessCountsQueuePrecedencePolicy', overlay, 150)),
    ],
  },
];
