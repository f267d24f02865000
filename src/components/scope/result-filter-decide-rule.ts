import { Configurable } from '../../model/configurable.js';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import type { resultFilterDecideRuleComponent } from './result-filter-decide-rule.descriptor.js';
import { wildcardRegex } from './wildcard-regex.js';

const DAY_MS = 86_400_000;

/** The last segment of a URI's path, percent-decoded (`/docs/Annual%20Report.pdf` → `Annual Report.pdf`; '' for `/docs/`). */
export function resourceNameOf(uri: string): string {
  const start = uri.indexOf('://');
  const pathStart = start < 0 ? -1 : uri.indexOf('/', start + 3);
  if (pathStart < 0) return '';
  const end = uri.slice(pathStart).search(/[?#]/);
  const path = end < 0 ? uri.slice(pathStart) : uri.slice(pathStart, pathStart + end);
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * SAP xcrawler's result filters: ACCEPT when the URI passes every configured filter, REJECT
 * otherwise. Within one filter any pattern may match; a filter left empty (or -1) is not applied.
 */
export class ResultFilterDecideRule extends Configurable<typeof resultFilterDecideRuleComponent> implements DecideRule {
  readonly #mimeTypes: readonly RegExp[];
  readonly #names: readonly RegExp[];
  readonly #urls: readonly RegExp[];

  constructor(config: ConfigOf<typeof resultFilterDecideRuleComponent>) {
    super(config);
    this.#mimeTypes = config.mimeTypes.map((p) => wildcardRegex(p.trim(), true));
    this.#names = config.names.map((p) => wildcardRegex(p, config.ignoreCase));
    this.#urls = config.urls.map((p) => wildcardRegex(p, config.ignoreCase));
  }

  decisionFor(curi: CrawlUri): DecideResult {
    if (!this.configFor(curi).enabled) return DecideResult.NONE;
    return this.passes(curi) ? DecideResult.ACCEPT : DecideResult.REJECT;
  }

  /** Every configured filter passes. */
  passes(curi: CrawlUri): boolean {
    return this.#lengthPasses(curi) && anyMatches(this.#mimeTypes, () => curi.mimeType) &&
      anyMatches(this.#names, () => resourceNameOf(curi.uri)) && anyMatches(this.#urls, () => curi.uri) && this.#modifiedPasses(curi);
  }

  #lengthPasses(curi: CrawlUri): boolean {
    const { contentLengthMin: min, contentLengthMax: max } = this.config;
    if (min < 0 && max < 0) return true;
    const size = curi.contentSize;
    return size >= 0 && (min < 0 || size >= min) && (max < 0 || size <= max);
  }

  /** Last-Modified no older than `modifiedWithinDays` days; a response without a readable one fails. */
  #modifiedPasses(curi: CrawlUri): boolean {
    const days = this.config.modifiedWithinDays;
    if (days < 0) return true;
    const header = curi.response?.headers['last-modified'];
    const modified = header === undefined ? NaN : Date.parse(header);
    return !Number.isNaN(modified) && modified >= Date.now() - days * DAY_MS;
  }
}

function anyMatches(patterns: readonly RegExp[], subject: () => string): boolean {
  if (patterns.length === 0) return true;
  const s = subject();
  return patterns.some((p) => p.test(s));
}
