import type { BeanView, ComponentDescriptor, ConfigOf, PropSpec, RefSpec, ValidationIssue } from '../beans/registry/component-descriptor.js';

/** Heritrix's AbstractFrontier/WorkQueueFrontier properties, shared by every frontier. */
export const FRONTIER_PROPS = {
  queueTotalBudget: { type: 'integer', default: -1, minimum: -1, overlayable: true, live: true, description: 'A queue that has spent this much ' +
    '(each URI its cost, 1 under the default UnitCostAssignmentPolicy; failures errorPenaltyAmount more) is retired for the rest of the crawl; -1 never.' },
  balanceReplenishAmount: { type: 'integer', default: 3000, minimum: 1, overlayable: true, live: true, description: 'A queue\'s budget for one ' +
    'turn, spent by each URI\'s cost (the preparer\'s costAssignmentPolicy): when spent, the queue goes to the back of the line so other hosts get a turn.' },
  errorPenaltyAmount: { type: 'integer', default: 100, minimum: 0, overlayable: true, live: true, description: 'Extra cost charged to a queue\'s ' +
    'total for each failed URI.' },
  retryDelaySeconds: { type: 'integer', default: 900, minimum: 0, overlayable: true, live: true, description: 'How long a queue rests before ' +
    'retrying a URI whose connection failed.' },
  maxRetries: { type: 'integer', default: 30, minimum: 0, overlayable: true, live: true, description: 'Tries of one URI (connection failures, ' +
    'deferrals behind prerequisites) before it fails for good.' },
  maxOutlinks: { type: 'integer', default: 6000, minimum: 0, overlayable: true, live: true, description: 'At most this many outlinks of one ' +
    'document are scheduled.' },
  recentUrisRemembered: {
    type: 'integer', default: 1000000, minimum: 0,
    description: 'URIs remembered as scheduled, as found (before canonicalisation), so that a link found again is dropped before the candidate chain. ' +
      'Beyond this many the oldest are forgotten and the uniq filter answers for them instead (it never forgets); about 8 to 16 bytes each, twice over.',
  },
  extract404s: { type: 'boolean', default: true, overlayable: true, description: 'Accepted for Heritrix files; outlinks of error pages follow ' +
    'candidates.processErrorOutlinks.' },
  extractIndependently: { type: 'boolean', default: false, overlayable: true, description: 'Accepted for Heritrix files; ignored.' },
  snoozeLongMs: { type: 'integer', default: 300000, minimum: 0, description: 'Accepted for Heritrix files; resting queues always wait in memory here.' },
  precedenceFloor: {
    type: 'integer', default: 255,
    description: 'Queues whose precedence (queuePrecedencePolicy) is this or more are not served (Heritrix\'s ineligible queues): their URIs stay queued, ' +
      'and the crawl ends without them (FINISHED; a later launch with a higher floor takes them up).',
  },
  recoveryLogEnabled: { type: 'boolean', default: true, description: 'Accepted for Heritrix files; crash recovery comes with the state store, not a log.' },
  dumpPendingAtClose: { type: 'boolean', default: false, description: 'Accepted for Heritrix files; ignored.' },
} as const satisfies Record<string, PropSpec>;

const HAND_OFF_IGNORED = 'the frontier hands URIs to the workers itself, on one thread; there is no queue between them to size';

export const FRONTIER_REFS = {
  uriUniqFilter: { kind: 'UriUniqFilter', required: true, autowire: true, description: 'Answers "seen before?" by canonical key.' },
  inbound: { kind: 'BlockingQueue', ignored: HAND_OFF_IGNORED, description: 'Heritrix\'s queue of URIs handed to the frontier by other threads (an ' +
    'ArrayBlockingQueue). Accepted, not used.' },
  outbound: { kind: 'BlockingQueue', ignored: HAND_OFF_IGNORED, description: 'Heritrix\'s queue of URIs ready for its fetching threads (an ' +
    'ArrayBlockingQueue). Accepted, not used.' },
  queuePrecedencePolicy: {
    kind: 'QueuePrecedencePolicy',
    description: 'Gives each queue its precedence, read when the queue is made and after each of its URIs is done: queues waiting for a turn are ' +
      'served lowest precedence first. ' +
      'Without one, a BaseQueuePrecedencePolicy (every queue 3; a sheet may set basePrecedence for some sites).',
  },
} as const satisfies Record<string, RefSpec>;

/**
 * The rule of a frontier whose queues are in this process (LevelFrontier, MemoryFrontier): its
 * uniq filter answers here too, so a RedisUriUniqFilter (which only a RedisFrontier's scripts use) is refused.
 */
export function validateLocalFrontier(bean: BeanView): ValidationIssue[] {
  const filter = bean.refs('uriUniqFilter')[0];
  if (filter?.className !== 'RedisUriUniqFilter') return [];
  return [{
    property: 'uriUniqFilter', at: bean.locationOf('uriUniqFilter'),
    message: `a ${bean.className} keeps its queues in this process; its uriUniqFilter cannot be a RedisUriUniqFilter, which only a RedisFrontier uses`,
    hints: ['use <bean id="uriUniqFilter" class="LevelUriUniqFilter"/>, or make the frontier a RedisFrontier'],
  }];
}

/** What every frontier's descriptor declares: the shared properties and references. */
export type FrontierDescriptor = Omit<ComponentDescriptor, 'props' | 'refs'> & { readonly props: typeof FRONTIER_PROPS; readonly refs: typeof FRONTIER_REFS };

/** A frontier's configuration, as a URI sees it. */
export type WorkQueueFrontierConfig = ConfigOf<FrontierDescriptor>;
