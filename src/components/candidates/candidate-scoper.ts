import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { candidateScoperComponent } from './candidate-scoper.descriptor.js';

/** Heritrix's CandidateScoper: a candidate the scope does not ACCEPT is marked out of scope and its chain ends. */
export class CandidateScoper extends Processor<typeof candidateScoperComponent> {
  readonly #scope: DecideRule;

  constructor(config: ConfigOf<typeof candidateScoperComponent>) {
    super(config);
    this.#scope = config.scope;
  }

  protected innerProcess(curi: CrawlUri): ProcessResult {
    if (this.#scope.decisionFor(curi) === DecideResult.ACCEPT) return PROCEED;
    curi.fetchStatus = FetchStatus.OUT_OF_SCOPE;
    return FINISH;
  }
}
