import type { HostState } from '../../model/server-cache.js';

/**
 * What a server's robots.txt, as the ServerCache holds it (under `hostKeyOf(url)`), says of one
 * URI for one user agent: the one reading of it, for the precondition enforcer that applies it
 * and for `explain` asked of the running crawl.
 */
export type RobotsVerdict =
  | { readonly kind: 'ignored' }
  | { readonly kind: 'not-fetched' }
  | { readonly kind: 'unavailable'; readonly fetchedAt?: number }
  | { readonly kind: 'allowed' | 'disallowed'; readonly fetchedAt?: number; readonly crawlDelaySeconds?: number };

export function robotsVerdict(server: HostState | undefined, robotsPolicyName: string, userAgent: string, uri: string): RobotsVerdict {
  if (robotsPolicyName === 'ignore') return { kind: 'ignored' };
  if (server?.robotsUnavailable) return { kind: 'unavailable', fetchedAt: server.robotsFetchedAt };
  const robots = server?.robots;
  if (robots === undefined) return { kind: 'not-fetched' };
  return {
    kind: robots.isAllowed(userAgent, uri) ? 'allowed' : 'disallowed', fetchedAt: server!.robotsFetchedAt, crawlDelaySeconds: robots.crawlDelaySeconds(userAgent),
  };
}

/** The verdict in words, naming the server key it was looked up under and the user agent it was read for. */
export function describeRobotsVerdict(verdict: RobotsVerdict, serverKey: string, userAgent: string): string {
  const fetched = (at: number | undefined) => (at === undefined ? '' : `, fetched ${new Date(at).toISOString()}`);
  switch (verdict.kind) {
    case 'ignored': return 'not applied (robotsPolicyName is ignore)';
    case 'not-fetched': return `not fetched yet from ${serverKey}: the crawl fetches it before the first URI of that server`;
    case 'unavailable': return `${serverKey}'s robots.txt could not be had${fetched(verdict.fetchedAt)}: its URIs fail with -61 until it is fetched again`;
    default: {
      const delay = verdict.crawlDelaySeconds !== undefined ? `; Crawl-delay ${verdict.crawlDelaySeconds} s` : '';
      return `${verdict.kind === 'allowed' ? 'allows' : 'disallows'} it for ${JSON.stringify(userAgent)} (robots.txt of ` +
        `${serverKey}${fetched(verdict.fetchedAt)})${delay}`;
    }
  }
}
