import type { hopCrossesAssignmentLevelDomainDecideRuleComponent } from './hop-crosses-assignment-level-domain-decide-rule.descriptor.js';
import { parse } from 'tldts';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';


const PRIVATE_TOO = { allowPrivateDomains: true } as const;

/**
 * The part of a URI's host that a registrar assigns: the public suffix plus one label
 * (`www.example.co.uk` → `example.co.uk`; private suffixes count, `a.blogspot.com` is its own);
 * an IP address or a host without a known suffix stands for itself. Undefined without a host.
 */
export function assignmentLevelDomain(uri: string): string | undefined {
  const r = parse(uri, PRIVATE_TOO);
  return r.hostname === null || r.hostname === '' ? undefined : (r.domain ?? r.hostname);
}

/**
 * Heritrix's HopCrossesAssignmentLevelDomainDecideRule: its decision for URIs whose
 * assignment-level domain differs from their via's (a hop to another site). The via's domain is
 * kept, since one page's links are decided one after the other.
 */
export class HopCrossesAssignmentLevelDomainDecideRule extends PredicatedDecideRule<typeof hopCrossesAssignmentLevelDomainDecideRuleComponent> {
  #lastVia?: string;
  #lastViaDomain?: string;

  protected evaluate(curi: CrawlUri): boolean {
    const via = curi.via;
    if (via === undefined) return false;
    const domain = assignmentLevelDomain(curi.uri);
    return domain !== undefined && domain !== this.#viaDomain(via);
  }

  #viaDomain(via: string): string | undefined {
    if (via !== this.#lastVia) {
      this.#lastViaDomain = assignmentLevelDomain(via);
      this.#lastVia = via;
    }
    return this.#lastViaDomain;
  }
}
