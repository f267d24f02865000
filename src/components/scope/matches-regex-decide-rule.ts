import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { validateRegexes } from './regex-issues.js';
import { regexAliases, URI_PROPS } from './regex-decide-rules-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { fullMatchRegex } from '../../util/java-regex.js';
import { PredicatedDecideRule, type PredicatedRuleConfig } from './predicated-decide-rule.js';

export const matchesRegexDecideRuleComponent = defineComponent({
  name: 'MatchesRegexDecideRule',
  aliases: regexAliases('MatchesRegexDecideRule'),
  description: 'Gives its decision to URIs that `regex` matches, the whole URI.',
  kinds: ['DecideRule'],
  props: URI_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => MatchesRegexDecideRule,
});

export const notMatchesRegexDecideRuleComponent = defineComponent({
  name: 'NotMatchesRegexDecideRule',
  aliases: regexAliases('NotMatchesRegexDecideRule'),
  description: 'Gives its decision to URIs that `regex` does not match, the whole URI.',
  kinds: ['DecideRule'],
  props: URI_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => NotMatchesRegexDecideRule,
});

export interface RegexRuleConfig extends PredicatedRuleConfig {
  readonly regex: string;
}

/**
 * Heritrix's MatchesRegexDecideRule: its decision when `regex` matches the whole of the string
 * `subject` picks (the URI here; subclasses pick the hops path or the content type). The
 * expression is the URI's own (a sheet may give another), compiled once per source.
 */
export class MatchesRegexDecideRule extends PredicatedDecideRule<typeof matchesRegexDecideRuleComponent> {
  readonly #compiled = new Map<string, RegExp>();

  /** The source of the expression in force under a URI's configuration (a subclass may choose another than `regex`). */
  protected source(c: ConfigOf<typeof matchesRegexDecideRuleComponent>): string {
    return c.regex;
  }

  protected subject(curi: CrawlUri): string | undefined {
    return curi.uri;
  }

  protected evaluate(curi: CrawlUri, c: ConfigOf<typeof matchesRegexDecideRuleComponent>): boolean {
    const s = this.subject(curi);
    return s !== undefined && this.#pattern(this.source(c)).test(s);
  }

  #pattern(source: string): RegExp {
    let pattern = this.#compiled.get(source);
    if (pattern === undefined) this.#compiled.set(source, (pattern = fullMatchRegex(source)));
    return pattern;
  }
}

/** Heritrix's NotMatchesRegexDecideRule: its decision when `regex` does not match the URI. */
export class NotMatchesRegexDecideRule extends MatchesRegexDecideRule {
  protected override evaluate(curi: CrawlUri, c: ConfigOf<typeof matchesRegexDecideRuleComponent>): boolean {
    return !super.evaluate(curi, c);
  }
}
