import type { UsageRule, UsageVocabulary } from '../util/url/robots/usage-preference.js';

/** What robots.txt allows, as the precondition enforcer needs it. */
export interface RobotsPolicy {
  isAllowed(userAgent: string, url: string): boolean;
  crawlDelaySeconds(userAgent: string): number | undefined;
  /** The Content-Signal and Content-Usage lines of the crawler's group that apply to the URL (the longest match of each). */
  usagePreferences?(userAgent: string, url: string): Partial<Record<UsageVocabulary, UsageRule>>;
  /** Preference lines that could not be read (`line N: why`). */
  readonly malformedPreferences?: readonly string[];
}
