import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.descriptor.js';
import { SurtPrefixedDecideRule } from './surt-prefixed-decide-rule.js';

/**
 * Heritrix's SurtPrefixSet.convertPrefixToDomain: a prefix opened to its host's subdomains:
 * everything from `)` goes, then a last `www,` label (`http://(org,example,www,)/a/` →
 * `http://(org,example,`).
 */
export function domainPrefixOf(prefix: string): string {
  const close = prefix.indexOf(')');
  const open = close >= 0 ? prefix.slice(0, close) : prefix;
  return open.endsWith('www,') ? open.slice(0, -4) : open;
}

/** Heritrix's OnDomainsDecideRule: its decision for URIs on the domains (subdomains included) of its SURT prefixes. */
export class OnDomainsDecideRule extends SurtPrefixedDecideRule {
  protected override convertPrefix(prefix: string): string {
    return domainPrefixOf(prefix);
  }
}

/** Heritrix's NotOnDomainsDecideRule: its decision for URIs on none of those domains. */
export class NotOnDomainsDecideRule extends OnDomainsDecideRule {
  protected override evaluate(curi: CrawlUri, c: ConfigOf<typeof surtPrefixedDecideRuleComponent>): boolean {
    return !super.evaluate(curi, c);
  }
}
