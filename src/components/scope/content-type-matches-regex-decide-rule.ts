import type { CrawlUri } from '../../model/crawl-uri.js';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import { MatchesRegexDecideRule } from './matches-regex-decide-rule.js';
import type { matchesRegexDecideRuleComponent } from './regex-decide-rules.descriptor.js';

/**
 * Heritrix's ContentTypeMatchesRegexDecideRule: its decision when the URI has a content type (it
 * was fetched) and `regex` matches the whole of it, parameters included (`text/html; charset=utf-8`).
 */
export class ContentTypeMatchesRegexDecideRule extends MatchesRegexDecideRule {
  protected override subject(curi: CrawlUri): string | undefined {
    return curi.contentType === '' ? undefined : curi.contentType;
  }
}

/** Heritrix's ContentTypeNotMatchesRegexDecideRule: its decision when the URI has a content type that `regex` does not match. */
export class ContentTypeNotMatchesRegexDecideRule extends ContentTypeMatchesRegexDecideRule {
  protected override evaluate(curi: CrawlUri, c: ConfigOf<typeof matchesRegexDecideRuleComponent>): boolean {
    return this.subject(curi) !== undefined && !super.evaluate(curi, c);
  }
}
