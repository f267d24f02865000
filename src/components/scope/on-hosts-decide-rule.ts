import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.descriptor.js';
import { SurtPrefixedDecideRule } from './surt-prefixed-decide-rule.js';

/**
 * Heritrix's SurtPrefixSet.convertPrefixToHost: a prefix reduced to exactly its host (and port):
 * the path after `)` goes, and an open domain prefix is closed (`http://(org,example,` →
 * `http://(org,example,)`).
 */
export function hostPrefixOf(prefix: string): string {
  if (prefix.endsWith(')')) return prefix;
  const close = prefix.indexOf(')');
  if (close >= 0) return prefix.slice(0, close + 1);
  return (prefix.endsWith(',') ? prefix : prefix + ',') + ')';
}

/** Heritrix's OnHostsDecideRule: its decision for URIs on the hosts (exactly, any path) of its SURT prefixes. */
export class OnHostsDecideRule extends SurtPrefixedDecideRule {
  protected override convertPrefix(prefix: string): string {
    return hostPrefixOf(prefix);
  }
}

/** Heritrix's NotOnHostsDecideRule: its decision for URIs on none of those hosts. */
export class NotOnHostsDecideRule extends OnHostsDecideRule {
  protected override evaluate(curi: CrawlUri, c: ConfigOf<typeof surtPrefixedDecideRuleComponent>): boolean {
    return !super.evaluate(curi, c);
  }
}
