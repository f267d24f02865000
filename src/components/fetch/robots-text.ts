import type { RobotsPolicy } from '../../model/robots-policy.js';
import { DEFAULT_ROBOTS_MAX_BYTES, parseRobotsTxt } from '../../util/url/robots/parse-robots-txt.js';

const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The text `parseRobotsTxt` reads of a robots.txt body (its first 500 KiB, decoded as it decodes
 * them): what HostState.robotsTxt keeps, so that the policy can be parsed again when the crawl resumes.
 */
export function robotsTextOf(body: Uint8Array | undefined): string {
  return body === undefined ? '' : UTF8.decode(body.subarray(0, DEFAULT_ROBOTS_MAX_BYTES));
}

/** The policy `parseRobotsTxt(body)` gave, from `robotsTextOf(body)` (already cut to size, so not cut again). */
export function robotsPolicyOf(text: string): RobotsPolicy {
  return parseRobotsTxt(text, { maxBytes: Number.POSITIVE_INFINITY });
}
