import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { fullMatchRegex } from '../../util/java-regex.js';
import type { matchesListRegexDecideRuleComponent } from './matches-list-regex-decide-rule.descriptor.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

/** Heritrix's MatchesListRegexDecideRule: its decision when the URI matches any (or, AND-wise, every) expression. */
export class MatchesListRegexDecideRule extends PredicatedDecideRule {
  readonly #regexes: readonly RegExp[];

  constructor(override readonly config: ConfigOf<typeof matchesListRegexDecideRuleComponent>) {
    super(config);
    this.#regexes = config.regexList.map(fullMatchRegex);
  }

  protected evaluate(curi: CrawlUri): boolean {
    const regexes = this.#regexes;
    if (regexes.length === 0) return false;
    const uri = curi.uri;
    const any = this.config.listLogicalOr;
    for (const regex of regexes) {
      if (regex.test(uri) === any) return any;
    }
    return !any;
  }
}
