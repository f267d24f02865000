import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { finishWith } from './finish-with.js';
import { fullMatchRegex as fullMatchPattern } from '../../util/java-regex.js';
import type { preselectorComponent } from './preselector.descriptor.js';

export type PreselectorConfig = ConfigOf<typeof preselectorComponent>;

/** Heritrix's Preselector: blockAll, then allowByRegex, then blockByRegex, then the scope recheck. */
export class Preselector extends Processor<typeof preselectorComponent> {
  readonly #patterns = new Map<string, RegExp>();

  protected innerProcess(curi: CrawlUri, c: PreselectorConfig): ProcessResult {
    if (c.blockAll) return finishWith(curi, FetchStatus.BLOCKED_BY_USER);
    if (c.allowByRegex !== '' && !this.#pattern(c.allowByRegex).test(curi.uri)) return finishWith(curi, FetchStatus.BLOCKED_BY_USER);
    if (c.blockByRegex !== '' && this.#pattern(c.blockByRegex).test(curi.uri)) return finishWith(curi, FetchStatus.BLOCKED_BY_USER);
    if (c.recheckScope && c.scope && c.scope.decisionFor(curi) !== DecideResult.ACCEPT) return finishWith(curi, FetchStatus.OUT_OF_SCOPE);
    return PROCEED;
  }

  /** Compiled once per source, so that sheets giving other expressions cost one compile each. */
  #pattern(source: string): RegExp {
    let pattern = this.#patterns.get(source);
    if (pattern === undefined) this.#patterns.set(source, (pattern = fullMatchPattern(source)));
    return pattern;
  }
}
