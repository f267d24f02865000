import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { CanonicalizationPolicy, CostAssignmentPolicy, QueueAssignmentPolicy } from '../../model/uri-policies.js';
import { RulesCanonicalizationPolicy } from './rules-canonicalization-policy.js';
import { SurtAuthorityQueueAssignmentPolicy } from './surt-authority-queue-assignment-policy.js';
import { UnitCostAssignmentPolicy } from './unit-cost-assignment-policy.js';

export const frontierPreparerComponent = defineComponent({
  name: 'FrontierPreparer',
  aliases: ['org.archive.crawler.prefetch.FrontierPreparer'],
  description:
    'Candidate chain: readies a URI for the frontier: its uniqueness key (canonicalization policy), its queue ' +
    '(queue assignment policy), what it costs its queue\'s budgets (cost assignment policy) and its precedence within the queue (0 for prerequisites, 1 for the rest, in the ' +
    'order found: breadth-first).',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    preferenceDepthHops: {
      type: 'integer', default: -1, minimum: -1, overlayable: true,
      description: 'Heritrix: URIs within this many hops of a seed go before the rest (0 depth-first, -1 breadth-first). Accepted; not yet applied: the frontier orders by precedence, then order found.',
    },
    preferenceEmbedHops: {
      type: 'integer', default: 1, minimum: 0, overlayable: true,
      description: 'Heritrix: embeds within this many trailing embed hops go before links. Accepted; not yet applied (see preferenceDepthHops).',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    canonicalizationPolicy: {
      kind: 'CanonicalizationPolicy', autowire: true,
      description: 'Makes the uniqueness key; without one, a RulesCanonicalizationPolicy with the default rules.',
    },
    queueAssignmentPolicy: {
      kind: 'QueueAssignmentPolicy', autowire: true,
      description: 'Names the queue; without one, a SurtAuthorityQueueAssignmentPolicy with its defaults.',
    },
    costAssignmentPolicy: {
      kind: 'CostAssignmentPolicy', autowire: true,
      description: 'What each URI costs its queue\'s budgets (balanceReplenishAmount, queueTotalBudget); without one, a UnitCostAssignmentPolicy (1 a URI).',
    },
  },
  load: async (): Promise<ComponentClass> => FrontierPreparer,
});

/** Precedence of prerequisites: before anything else of their queue. */
export const PREREQUISITE_PRECEDENCE = 0;

/** Precedence of every other URI; within one precedence the frontier keeps the order found. */
export const NORMAL_PRECEDENCE = 1;

/**
 * Heritrix's FrontierPreparer: sets the canonical (uniqueness) key, the queue key and the
 * precedence of each candidate before the frontier sees it.
 */
export class FrontierPreparer extends Processor<typeof frontierPreparerComponent> {
  readonly canonicalizationPolicy: CanonicalizationPolicy;
  readonly queueAssignmentPolicy: QueueAssignmentPolicy;
  readonly costAssignmentPolicy: CostAssignmentPolicy;

  constructor(config: ConfigOf<typeof frontierPreparerComponent>) {
    super(config);
    this.canonicalizationPolicy = config.canonicalizationPolicy ?? new RulesCanonicalizationPolicy({ rules: [] });
    this.queueAssignmentPolicy = config.queueAssignmentPolicy ?? new SurtAuthorityQueueAssignmentPolicy();
    this.costAssignmentPolicy = config.costAssignmentPolicy ?? new UnitCostAssignmentPolicy();
  }

  protected innerProcess(curi: CrawlUri): ProcessResult {
    this.prepare(curi);
    return PROCEED;
  }

  /** Also for URIs that reach the frontier without the candidate chain. */
  prepare(curi: CrawlUri): void {
    curi.canonicalKey = this.#canonicalKey(curi);
    curi.queueKey = this.queueAssignmentPolicy.queueKey(curi);
    curi.precedence = curi.isPrerequisite ? PREREQUISITE_PRECEDENCE : NORMAL_PRECEDENCE;
    curi.cost = this.costAssignmentPolicy.costOf(curi);
  }

  /**
   * A redirect to a URI whose key equals its via's (`http://www.example.org/a` → `http://example.org/a`
   * with StripWwwnRule) would look already seen; as in Heritrix it is fetched anyway (forceFetch).
   */
  #canonicalKey(curi: CrawlUri): string {
    const key = this.canonicalizationPolicy.canonicalKey(curi.uri, curi);
    const via = curi.via;
    if (curi.lastHop === 'R' && via !== undefined && via !== curi.uri && this.canonicalizationPolicy.canonicalKey(via, curi) === key) {
      curi.forceFetch = true;
    }
    return key;
  }
}
