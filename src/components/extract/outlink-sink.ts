import type { Hop, Link } from '../../model/hop.js';
import { normalizeUrl } from '../../util/url/normalize-url.js';

/** Heritrix's UURI.MAX_URL_LENGTH: extractors that guess (CSS, JavaScript) drop longer candidates. */
export const MAX_URL_LENGTH = 2083;

/**
 * Adds what an extractor finds to a URI's outlinks: made absolute and normalised, uncrawlable
 * ones (`javascript:`, `mailto:`, `data:`, unparsable) dropped, each (uri, hop) pair once.
 */
export class OutlinkSink {
  readonly #seen = new Set<string>();

  constructor(private readonly outlinks: Link[]) {
    for (const link of outlinks) this.#seen.add(link.hop + link.uri);
  }

  /** Resolves `href` against `base`; true when a new link was added. Blank and `#fragment` hrefs name the page itself and are skipped. */
  add(href: string, base: string, hop: Hop, context: string): boolean {
    if (href.length === 0 || href.charCodeAt(0) === HASH || href.trim().length === 0) return false;
    const uri = normalizeUrl(href, base);
    if (uri === null) return false;
    const key = hop + uri;
    if (this.#seen.has(key)) return false;
    this.#seen.add(key);
    this.outlinks.push({ uri, hop, context });
    return true;
  }
}

const HASH = 0x23;
