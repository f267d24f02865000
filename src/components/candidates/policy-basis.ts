import type { CrawlUri } from '../../model/crawl-uri.js';

/**
 * Heritrix's CrawlURI.getPolicyBasisUURI: the URI whose host decides a URI's queue. A prerequisite
 * (last hop P) or a dns: URI answers with its via, so that it joins the queue of the URI that needed
 * it; anything else with itself (`dns:host` without a via read as `http://host/`; whois: URIs keep
 * their own, shared, queue).
 */
export function policyBasis(curi: CrawlUri): string {
  const uri = curi.uri;
  if (uri.startsWith('whois:')) return uri;
  const dns = uri.startsWith('dns:');
  if ((dns || curi.isPrerequisite) && curi.via !== undefined) return curi.via;
  return dns ? `http://${uri.slice(4)}/` : uri;
}
