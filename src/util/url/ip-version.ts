import { isIPv4, isIPv6 } from 'node:net';

const DOTTED_QUAD = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * 4 or 6 for an IP address (without brackets), 0 for anything else: node:net's isIP, but a host
 * name never reaches its IPv6 pattern, which V8 takes milliseconds to compile at its first use
 * and which every name runs through otherwise. Only text with a colon can be IPv6, and only
 * digits and dots IPv4.
 */
export function ipVersion(text: string): 0 | 4 | 6 {
  if (text.includes(':')) return isIPv6(text) ? 6 : 0;
  return DOTTED_QUAD.test(text) && isIPv4(text) ? 4 : 0;
}
