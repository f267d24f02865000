import type { RobotsPolicy } from './robots-policy.js';
import type { UsagePreferences } from './usage-preferences.js';
import { usageMembers } from './usage-preferences.js';
import { parseUsageLine } from '../util/url/robots/usage-preference.js';

/**
 * The usage preferences of one URI: its server's robots.txt, read for the crawler's user agent
 * (the longest matching Content-Signal and Content-Usage line), and the response's Content-Usage
 * header. For aipref's Content-Usage, stated in both places, the more restrictive value of each
 * category applies (`n` over `y`). Undefined when neither states any.
 */
export function usagePreferencesOf(robots: RobotsPolicy | undefined, userAgent: string, uri: string, header?: string): UsagePreferences | undefined {
  const stated = robots?.usagePreferences?.(userAgent, uri) ?? {};
  const sources: string[] = [];
  let contentUsage: Record<string, string> | undefined;
  const signal = stated['content-signal'];
  if (signal !== undefined) sources.push(`robots.txt Content-Signal: ${signal.text}`);
  const usage = stated['content-usage'];
  if (usage !== undefined) {
    sources.push(`robots.txt Content-Usage: ${usage.text}`);
    contentUsage = { ...usage.preferences };
  }
  let malformedHeader: string | undefined;
  if (header !== undefined && header.trim() !== '') {
    const read = parseUsageLine('content-usage', header);
    if ('error' in read || read.rule.path !== undefined) malformedHeader = 'error' in read ? read.error : 'a header names no path';
    else {
      sources.push(`header Content-Usage: ${read.rule.text}`);
      contentUsage ??= {};
      for (const [k, v] of Object.entries(read.rule.preferences)) contentUsage[k] = contentUsage[k] === 'n' ? 'n' : v;
    }
  }
  if (sources.length === 0 && malformedHeader === undefined) return undefined;
  return {
    ...(signal !== undefined ? { contentSignal: signal.preferences } : {}), ...(contentUsage !== undefined ? { contentUsage } : {}),
    sources, ...(malformedHeader !== undefined ? { malformedHeader } : {}),
  };
}

/** The crawl.log annotations of a URI's preferences: `contentSignal:search=yes;ai-train=no`, `contentUsage:train-ai=n`. */
export function usageAnnotations(p: UsagePreferences): string[] {
  const notes: string[] = [];
  if (p.contentSignal !== undefined) notes.push(`contentSignal:${usageMembers(p.contentSignal)}`);
  if (p.contentUsage !== undefined) notes.push(`contentUsage:${usageMembers(p.contentUsage)}`);
  if (p.malformedHeader !== undefined) notes.push('contentUsage:malformed');
  return notes;
}

/** The preferences in words, for explain. */
export function describeUsage(p: UsagePreferences | undefined): string {
  if (p === undefined) return 'none stated';
  const parts = [...p.sources];
  if (p.malformedHeader !== undefined) parts.push(`a Content-Usage header not applied (${p.malformedHeader})`);
  return parts.join('; ');
}
