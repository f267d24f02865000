import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { validateRegexes } from './regex-issues.js';
import { regexAliases, CONTENT_TYPE_PROPS } from './regex-decide-rules-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { MatchesRegexDecideRule } from './matches-regex-decide-rule.js';
import type { matchesRegexDecideRuleComponent } from './matches-regex-decide-rule.js';

export const contentTypeMatchesRegexDecideRuleComponent = defineComponent({
  name: 'ContentTypeMatchesRegexDecideRule',
  aliases: regexAliases('ContentTypeMatchesRegexDecideRule'),
  description: 'Gives its decision to fetched URIs whose Content-Type `regex` matches; NONE before a fetch. Typically a processor\'s `shouldProcessRule`.',
  kinds: ['DecideRule'],
  props: CONTENT_TYPE_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => ContentTypeMatchesRegexDecideRule,
});

export const contentTypeNotMatchesRegexDecideRuleComponent = defineComponent({
  name: 'ContentTypeNotMatchesRegexDecideRule',
  aliases: regexAliases('ContentTypeNotMatchesRegexDecideRule'),
  description: 'Gives its decision to fetched URIs that have a Content-Type `regex` does not match; NONE before a fetch or without a Content-Type.',
  kinds: ['DecideRule'],
  props: CONTENT_TYPE_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => ContentTypeNotMatchesRegexDecideRule,
});

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
