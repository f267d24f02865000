import { ipVersion } from '../../util/url/ip-version.js';

/** The TTL written for an answer that came without one (Heritrix's DEFAULT_TTL_FOR_NON_DNS_RESOLVES). */
export const UNKNOWN_TTL_SECONDS = 21600;

/**
 * A DNS answer as Heritrix records it (the content of a `dns:` URI and of its WARC record): the
 * 14-digit UTC fetch date (RFC 2540), then the record in zone-file form, the name ending in a dot.
 */
export function dnsRecordText(fetchTime: number, name: string, address: string, ttlSeconds: number | undefined): string {
  const type = ipVersion(address) === 6 ? 'AAAA' : 'A';
  const bare = name.startsWith('[') ? name.slice(1, -1) : name;
  return `${fourteenDigitDate(fetchTime)}\n${bare}.\t${ttlSeconds ?? UNKNOWN_TTL_SECONDS}\tIN\t${type}\t${address}\n`;
}

function fourteenDigitDate(time: number): string {
  const iso = new Date(time).toISOString();
  return iso.slice(0, 4) + iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13) + iso.slice(14, 16) + iso.slice(17, 19);
}
