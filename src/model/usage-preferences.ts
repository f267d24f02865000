import { ExtraKey } from './extra-key.js';

/**
 * The usage preferences that apply to one URI, computed once when it is fetched (FetchHttp): what
 * its server's robots.txt states for the crawler's group (`Content-Signal`, `Content-Usage`, the
 * longest matching line of each) and the response's `Content-Usage` header. Category → value as
 * written (`yes`/`no`; `y`/`n`). Written with the capture: crawl.log annotations, a WARC metadata
 * record's fields, the document receivers get.
 */
export interface UsagePreferences {
  /** contentsignals.org's `Content-Signal` of robots.txt. */
  readonly contentSignal?: Readonly<Record<string, string>>;
  /** aipref's `Content-Usage`: robots.txt's and the header's together, `n` winning over `y` for a category both state. */
  readonly contentUsage?: Readonly<Record<string, string>>;
  /** Where they came from: `robots.txt` (with the line), `header`. */
  readonly sources: readonly string[];
  /** A Content-Usage header that could not be read: why (reported, not applied). */
  readonly malformedHeader?: string;
}

/** Where a URI's usage preferences are kept on its try (set by FetchHttp). */
export const USAGE_PREFERENCES = new ExtraKey<UsagePreferences>('usagePreferences');

/** `search=yes;ai-train=no`: the members of one vocabulary in one token (crawl.log annotations are comma-separated). */
export function usageMembers(preferences: Readonly<Record<string, string>>, separator = ';'): string {
  return Object.entries(preferences).map(([k, v]) => `${k}=${v}`).join(separator);
}
