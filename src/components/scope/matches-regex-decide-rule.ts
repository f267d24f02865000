import type { CrawlUri } from '../../model/crawl-uri.js';
import { fullMatchRegex } from '../../util/java-regex.js';
import { PredicatedDecideRule, type PredicatedRuleConfig } from './predicated-decide-rule.js';

export interface RegexRuleConfig extends PredicatedRuleConfig {
  readonly regex: string;
}

/**
 * Heritrix's MatchesRegexDecideRule: its decision when `regex` matches the whole of the string
 * `subject` picks (the URI here; subclasses pick the hops path or the content type).
 */
export class MatchesRegexDecideRule extends PredicatedDecideRule {
  protected readonly pattern: RegExp;

  constructor(override readonly config: RegexRuleConfig) {
    super(config);
    this.pattern = this.compile(config);
  }

  /** The expression in force (a subclass may choose another than `regex`). */
  protected compile(config: RegexRuleConfig): RegExp {
    return fullMatchRegex(config.regex);
  }

  protected subject(curi: CrawlUri): string | undefined {
    return curi.uri;
  }

  protected evaluate(curi: CrawlUri): boolean {
    const s = this.subject(curi);
    return s !== undefined && this.pattern.test(s);
  }
}

/** Heritrix's NotMatchesRegexDecideRule: its decision when `regex` does not match the URI. */
export class NotMatchesRegexDecideRule extends MatchesRegexDecideRule {
  protected override evaluate(curi: CrawlUri): boolean {
    return !super.evaluate(curi);
  }
}
