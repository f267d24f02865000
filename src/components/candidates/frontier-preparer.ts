import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { CanonicalizationPolicy, CostAssignmentPolicy, QueueAssignmentPolicy } from '../../model/uri-policies.js';
import { SchedulingDirective, type UriPrecedencePolicy } from '../../model/precedence-policies.js';
import { CostUriPrecedencePolicy } from './precedence/cost-uri-precedence-policy.js';
import { RulesCanonicalizationPolicy } from './rules-canonicalization-policy.js';
import { SurtAuthorityQueueAssignmentPolicy } from './surt-authority-queue-assignment-policy.js';
import { UnitCostAssignmentPolicy } from './unit-cost-assignment-policy.js';

export const frontierPreparerComponent = defineComponent({
  name: 'FrontierPreparer',
  aliases: ['org.archive.crawler.prefetch.FrontierPreparer'],
  description:
    'Candidate chain: readies a URI for the frontier: its uniqueness key (canonicalization policy), its queue ' +
    '(queue assignment policy), what it costs its queue\'s budgets (cost assignment policy), its scheduling directive ' +
    '(preferenceDepthHops, preferenceEmbedHops) and its precedence (uri precedence policy). Within a queue, prerequisites go first, ' +
    'then URIs by directive (HIGHEST, HIGH, MEDIUM, NORMAL), then precedence, then the order found.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    preferenceDepthHops: {
      type: 'integer', default: -1, minimum: -1, overlayable: true,
      description: 'URIs within this many hops of a seed get the HIGH scheduling directive: they go before the rest of their queue, seeds included ' +
        '(0: every discovered URI, a depth-first crawl; -1: none, a breadth-first crawl with seeds first). Redirect targets get HIGH when it is 0 ' +
          'or more, MEDIUM otherwise.',
    },
    preferenceEmbedHops: {
      type: 'integer', default: 1, minimum: 0, overlayable: true,
      description: 'URIs at most this many non-link hops past their last link (embeds: images, stylesheets, scripts) get the MEDIUM scheduling directive: ' +
        'they go before ordinary links of their queue. 0 turns this off.',
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
    uriPrecedencePolicy: {
      kind: 'UriPrecedencePolicy', autowire: true,
      description: 'Each URI\'s precedence within its queue (lower first, after the scheduling directive); without one, a CostUriPrecedencePolicy (its cost).',
    },
  },
  load: async (): Promise<ComponentClass> => FrontierPreparer,
});

type PreparerConfig = ConfigOf<typeof frontierPreparerComponent>;

/**
 * Heritrix's FrontierPreparer.getSchedulingDirective: a redirect target HIGH (MEDIUM when
 * preferenceDepthHops is -1); with preferenceDepthHops 0 every URI HIGH, with N > 0 those at most
 * N hops from their seed (as Heritrix documents it: its code, written when the preparer saw the
 * URI's via, counts one hop more, which makes 1 mean seeds only); else an embed-like URI (1 to preferenceEmbedHops
 * hops past its last link) that is NORMAL becomes MEDIUM, and any other keeps its directive.
 */
export function schedulingDirective(curi: CrawlUri, preferenceDepthHops: number, preferenceEmbedHops: number): number {
  const path = curi.hopsPath;
  if (path.length > 0 && path.charCodeAt(path.length - 1) === 82 /* R */) {
    return preferenceDepthHops >= 0 ? SchedulingDirective.HIGH : SchedulingDirective.MEDIUM;
  }
  if (preferenceDepthHops === 0) return SchedulingDirective.HIGH;
  if (preferenceDepthHops > 0 && path.length <= preferenceDepthHops) return SchedulingDirective.HIGH;
  if (preferenceEmbedHops > 0 && curi.schedulingDirective === SchedulingDirective.NORMAL) {
    const embedHops = transHops(path);
    if (embedHops > 0 && embedHops <= preferenceEmbedHops) return SchedulingDirective.MEDIUM;
  }
  return curi.schedulingDirective;
}

/** Heritrix's CrawlURI.getTransHops: the hops after the last link hop (`L`). */
function transHops(path: string): number {
  const last = path.lastIndexOf('L');
  return path.length - 1 - last;
}

/**
 * Heritrix's FrontierPreparer: sets the scheduling directive, the canonical (uniqueness) key, the
 * queue key, the cost and the precedence of each candidate before the frontier sees it.
 */
export class FrontierPreparer extends Processor<typeof frontierPreparerComponent> {
  readonly canonicalizationPolicy: CanonicalizationPolicy;
  readonly queueAssignmentPolicy: QueueAssignmentPolicy;
  readonly costAssignmentPolicy: CostAssignmentPolicy;
  readonly uriPrecedencePolicy: UriPrecedencePolicy;

  constructor(config: ConfigOf<typeof frontierPreparerComponent>) {
    super(config);
    this.canonicalizationPolicy = config.canonicalizationPolicy ?? new RulesCanonicalizationPolicy({ rules: [] });
    this.queueAssignmentPolicy = config.queueAssignmentPolicy ?? new SurtAuthorityQueueAssignmentPolicy();
    this.costAssignmentPolicy = config.costAssignmentPolicy ?? new UnitCostAssignmentPolicy();
    this.uriPrecedencePolicy = config.uriPrecedencePolicy ?? new CostUriPrecedencePolicy();
  }

  protected innerProcess(curi: CrawlUri, c: PreparerConfig): ProcessResult {
    this.prepare(curi, c);
    return PROCEED;
  }

  /** Also for URIs that reach the frontier without the candidate chain. */
  prepare(curi: CrawlUri, c: PreparerConfig = this.configFor(curi)): void {
    curi.schedulingDirective = schedulingDirective(curi, c.preferenceDepthHops, c.preferenceEmbedHops);
    curi.canonicalKey = this.#canonicalKey(curi);
    curi.queueKey = this.queueAssignmentPolicy.queueKey(curi);
    curi.cost = this.costAssignmentPolicy.costOf(curi);
    // After the cost: CostUriPrecedencePolicy reads it.
    this.uriPrecedencePolicy.uriScheduled(curi);
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
