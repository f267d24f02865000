import { ipVersion } from '../../util/url/ip-version.js';

/**
 * The ServerCache key of a URL's server, where robots.txt facts live: the lower-cased host, with
 * `:port` only when the port is not the scheme's default (`example.org`, `example.org:8080`).
 * WHATWG URL already lower-cases the host and drops a default port.
 */
export function hostKeyOf(url: string | URL): string {
  return (typeof url === 'string' ? new URL(url) : url).host.toLowerCase();
}

/**
 * The ServerCache key of a URL's host name, where DNS facts live: the lower-cased name without
 * any port (`example.org`; an IPv6 literal keeps its brackets, `[::1]`). A `dns:` URI names the
 * same key after its colon.
 */
export function dnsKeyOf(url: string | URL): string {
  return (typeof url === 'string' ? new URL(url) : url).hostname.toLowerCase();
}

/** The `dns:` URI that looks up a URL's host. */
export function dnsUriOf(url: string | URL): string {
  return `dns:${dnsKeyOf(url)}`;
}

/** The address an IP-literal host name stands for (brackets removed), or undefined for a name. */
export function ipLiteralOf(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return ipVersion(bare) === 0 ? undefined : bare;
}
