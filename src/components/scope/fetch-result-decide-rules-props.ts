import { isIP } from 'node:net';

/** Heritrix's Long.MAX_VALUE defaults, as the largest integer a bean file's number holds exactly. */
export const NO_LIMIT = Number.MAX_SAFE_INTEGER;

export const BODY = 'the body\'s length in bytes as received (before content decoding, as crawl.log\'s size column)';

/** An IPv4 or IPv6 address, brackets allowed. */
export function isIpAddress(s: string): boolean {
  return isIP(s.trim().replace(/^\[(.*)\]$/, '$1')) !== 0;
}
