import type { CrawlUri } from '../model/crawl-uri.js';
import type { Frontier } from '../model/frontier.js';
import type { ProcessorChain } from '../model/processor-chain.js';
import type { SheetOverlays } from '../sheets/sheet-overlay.js';

/** What admission needs: the candidate chain, the frontier, and the sheets when the job has any. */
export interface AdmissionParts {
  readonly candidateChain: ProcessorChain;
  /** Absent where nothing is scheduled (explain only judges). */
  readonly frontier?: Frontier;
  readonly sheetOverlaysManager?: SheetOverlays;
}

/**
 * The one path by which a URI reaches the frontier, Heritrix's CandidatesProcessor
 * runCandidateChain: seeds, outlinks, redirects, prerequisites, seeds a redirect adds and a delta
 * run's checks all come through here. The candidate gets the sheets that apply to it (a
 * prerequisite keeps those of the URI that needs it, as it joins that URI's queue), goes through
 * the candidate chain (scope, then preparation: keys, queue, precedence), and is scheduled
 * unless the chain put it out of scope or diverted it (any negative status). Synchronous until a processor answers with a promise.
 */
export class CandidateAdmission {
  constructor(readonly parts: AdmissionParts) {}

  /** Its sheets and the candidate chain, without scheduling (explain shows what admission would do). */
  judge(candidate: CrawlUri, source?: CrawlUri): void | Promise<void> {
    candidate.overlay = source && candidate.isPrerequisite ? source.overlay : this.parts.sheetOverlaysManager?.overlayFor(candidate);
    const r = this.parts.candidateChain.run(candidate);
    return r ? r.then(() => undefined) : undefined;
  }

  /**
   * Admits a candidate: true when it was handed to the frontier, false when the chain gave it a
   * negative status (out of scope, diverted to another crawler by a crawl mapper), which Heritrix
   * does not schedule either.
   */
  admit(candidate: CrawlUri, source?: CrawlUri): boolean | Promise<boolean> {
    const judged = this.judge(candidate, source);
    return judged ? judged.then(() => this.#schedule(candidate)) : this.#schedule(candidate);
  }

  #schedule(candidate: CrawlUri): boolean | Promise<boolean> {
    if (candidate.fetchStatus < 0) return false;
    const scheduled = this.parts.frontier?.schedule(candidate);
    return scheduled ? scheduled.then(() => true) : true;
  }
}
