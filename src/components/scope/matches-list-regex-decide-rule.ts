import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { fullMatchRegex } from '../../util/java-regex.js';
import type { matchesListRegexDecideRuleComponent } from './matches-list-regex-decide-rule.descriptor.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

/** Heritrix's MatchesListRegexDecideRule: its decision when the URI matches any (or, AND-wise, every) expression. */
export class MatchesListRegexDecideRule extends PredicatedDecideRule<typeof matchesListRegexDecideRuleComponent> {
  /** The compiled list of each `regexList` in force (the base one, and any a sheet gives). */
  readonly #compiled = new WeakMap<readonly string[], readonly RegExp[]>();

  protected evaluate(curi: CrawlUri, c: ConfigOf<typeof matchesListRegexDecideRuleComponent>): boolean {
    const regexes = this.#regexes(c.regexList);
    if (regexes.length === 0) return false;
    const uri = curi.uri;
    const any = c.listLogicalOr;
    for (const regex of regexes) {
      if (regex.test(uri) === any) return any;
    }
    return !any;
  }

  #regexes(list: readonly string[]): readonly RegExp[] {
    let regexes = this.#compiled.get(list);
    if (regexes === undefined) this.#compiled.set(list, (regexes = list.map(fullMatchRegex)));
    return regexes;
  }
}
