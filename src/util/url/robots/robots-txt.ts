import { robotsMatchForm } from './robots-match-form.js';
import { robotsProductToken } from './robots-product-token.js';
import type { RobotsRule } from './robots-rule.js';
import { applicableUsage, type UsageRule, type UsageVocabulary } from './usage-preference.js';

/** The rules of every group naming one product token, merged, most specific first. */
export interface RobotsGroup {
  /** Sorted by length, longest first, `Allow` before `Disallow` at equal length. */
  readonly rules: readonly RobotsRule[];
  readonly crawlDelaySeconds: number | undefined;
  /** Its Content-Signal and Content-Usage lines, in file order. */
  readonly usage?: readonly UsageRule[];
}

/**
 * A parsed robots.txt (RFC 9309). The group for a user agent is chosen by its product token
 * (case-insensitive); the `*` group applies only when no group names the crawler; with neither,
 * everything is allowed. The choice is cached per user-agent string.
 */
export class RobotsTxt {
  /** Every `Sitemap:` URL, in file order, whatever group it stands in. */
  readonly sitemaps: readonly string[];
  /** Content-Signal and Content-Usage lines that could not be read, each `line N: why`: reported, never fatal. */
  readonly malformedPreferences: readonly string[];
  readonly #groups: ReadonlyMap<string, RobotsGroup>;
  readonly #chosen = new Map<string, RobotsGroup | undefined>();

  /** `groups` is keyed by lower-case product token, `*` for the default group. */
  constructor(groups: ReadonlyMap<string, RobotsGroup>, sitemaps: readonly string[], malformedPreferences: readonly string[] = []) {
    this.#groups = groups;
    this.sitemaps = sitemaps;
    this.malformedPreferences = malformedPreferences;
  }

  /**
   * The usage preferences the crawler's group states for the URL: per vocabulary, the line whose
   * path pattern matches it longest (a line without a path matches every URL, shortest of all).
   */
  usagePreferences(userAgent: string, url: string | URL): Partial<Record<UsageVocabulary, UsageRule>> {
    const usage = this.#groupFor(userAgent)?.usage;
    if (usage === undefined || usage.length === 0) return {};
    return applicableUsage(usage, robotsMatchForm(pathAndQueryOf(url)));
  }

  /** May this user agent fetch the URL (absolute, or a path with optional query)? */
  isAllowed(userAgent: string, url: string | URL): boolean {
    const pathAndQuery = pathAndQueryOf(url);
    if (pathAndQuery === '/robots.txt' || pathAndQuery.startsWith('/robots.txt?')) return true;
    const group = this.#groupFor(userAgent);
    if (!group || group.rules.length === 0) return true;
    const path = robotsMatchForm(pathAndQuery);
    for (const rule of group.rules) if (rule.matches(path)) return rule.allow;
    return true;
  }

  /** The `Crawl-delay` of the chosen group (the first valid one when groups were merged). */
  crawlDelaySeconds(userAgent: string): number | undefined {
    return this.#groupFor(userAgent)?.crawlDelaySeconds;
  }

  #groupFor(userAgent: string): RobotsGroup | undefined {
    if (this.#chosen.has(userAgent)) return this.#chosen.get(userAgent);
    const token = robotsProductToken(userAgent);
    const group = (token ? this.#groups.get(token) : undefined) ?? this.#groups.get('*');
    this.#chosen.set(userAgent, group);
    return group;
  }
}

/** `http://h:80/a/b?q#f` → `/a/b?q`; a string starting with `/` is taken as path and query already. */
function pathAndQueryOf(url: string | URL): string {
  if (typeof url !== 'string') return url.pathname + url.search;
  const hash = url.indexOf('#');
  const s = hash < 0 ? url : url.slice(0, hash);
  if (s.charCodeAt(0) === SLASH) return s;
  const scheme = s.indexOf('://');
  let i = scheme < 0 ? 0 : scheme + 3;
  if (scheme >= 0) while (i < s.length && s.charCodeAt(i) !== SLASH && s.charCodeAt(i) !== QUESTION) i++;
  const rest = s.slice(i);
  return rest.charCodeAt(0) === SLASH ? rest : '/' + rest;
}

const SLASH = 0x2f;
const QUESTION = 0x3f;
