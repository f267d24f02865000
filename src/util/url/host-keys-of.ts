import { ipVersion } from './ip-version.js';

/** The ServerCache keys of a URI's host, and its address when the host is written as one. */
export interface HostKeys {
  /** Where DNS facts live: the lower-cased host name, no port (`example.org`; IPv6 keeps its brackets, `[::1]`). */
  readonly host: string;
  /** Where robots.txt facts live: the host with `:port` when the port is not the scheme's default. */
  readonly server: string;
  /** The address an IP-literal host stands for (brackets removed); undefined for a name. */
  readonly ipLiteral?: string;
}

/**
 * The keys under which the ServerCache holds what the crawl knows of a URI's host, as the fetch
 * chain writes them (DNS under the bare host name, robots.txt under host and non-default port).
 * A `dns:name` URI names its host after the colon. Undefined for a URI without a host.
 */
export function hostKeysOf(uri: string): HostKeys | undefined {
  if (uri.startsWith('dns:')) {
    const name = uri.slice(4).toLowerCase();
    return name === '' || name.includes('/') ? undefined : keys(name, name);
  }
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  return url.hostname === '' ? undefined : keys(url.hostname.toLowerCase(), url.host.toLowerCase());
}

function keys(host: string, server: string): HostKeys {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  return ipVersion(bare) === 0 ? { host, server } : { host, server, ipLiteral: bare };
}
