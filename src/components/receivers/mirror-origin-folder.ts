import type { MirrorUrlParts } from './mirror-path.js';

/**
 * The folder name a mirror gives an origin: `scheme_host`, then `_port` when the URL names a
 * port other than its scheme's default (`http_127.0.0.1_8080`, `https_example.org`). No file
 * system refuses it (no `:`), and no two origins share one: a `_` of the host is written `%5F`
 * (a host never holds `%`), so the last `_` always sets off the port, and an IPv6 address keeps
 * its brackets, its colons written `%3A`. `host` replaces the URL's host when given (a hostMap's
 * name, taken as it is); `withPort` false leaves the port out (for a port folder of its own).
 */
export function mirrorOriginFolder(parts: MirrorUrlParts, host?: string, withPort = true): string {
  const name = host ?? parts.host.replace(/_/g, '%5F').replace(/:/g, '%3A');
  return `${parts.scheme}_${name}${withPort && parts.port > 0 ? `_${parts.port}` : ''}`;
}
