import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { CanonicalizationPolicy, QueueAssignmentPolicy } from '../../model/uri-policies.js';
import { CanonicalKeyRules } from '../../util/url/canonicalize/canonical-key-rules.js';
import type { frontierPreparerComponent } from './frontier-preparer.descriptor.js';
import { SurtAuthorityQueueAssignmentPolicy } from './surt-authority-queue-assignment-policy.js';

/** Precedence of prerequisites: before anything else of their queue. */
export const PREREQUISITE_PRECEDENCE = 0;
/** Precedence of every other URI; within one precedence the frontier keeps the order found. */
export const NORMAL_PRECEDENCE = 1;

/**
 * Heritrix's FrontierPreparer: sets the canonical (uniqueness) key, the queue key and the
 * precedence of each candidate before the frontier sees it.
 */
export class FrontierPreparer extends Processor {
  readonly canonicalizationPolicy: CanonicalizationPolicy;
  readonly queueAssignmentPolicy: QueueAssignmentPolicy;

  constructor(config: ConfigOf<typeof frontierPreparerComponent>) {
    super(config);
    this.canonicalizationPolicy = config.canonicalizationPolicy ?? new CanonicalKeyRules();
    this.queueAssignmentPolicy = config.queueAssignmentPolicy ?? new SurtAuthorityQueueAssignmentPolicy();
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
  }

  /**
   * A redirect to a URI whose key equals its via's (`http://www.example.org/a` → `http://example.org/a`
   * with StripWwwnRule) would look already seen; as in Heritrix it is fetched anyway (forceFetch).
   */
  #canonicalKey(curi: CrawlUri): string {
    const key = this.canonicalizationPolicy.canonicalKey(curi.uri);
    const via = curi.via;
    if (curi.lastHop === 'R' && via !== undefined && via !== curi.uri && this.canonicalizationPolicy.canonicalKey(via) === key) {
      curi.forceFetch = true;
    }
    return key;
  }
}
