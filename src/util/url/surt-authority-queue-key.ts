import { surt } from './surt.js';

/** The key Heritrix falls back to when a URI has no SURT authority. */
export const DEFAULT_QUEUE_KEY = 'default...';

export interface QueueKeyOptions {
  /** Split each host over this many queues by its first path segment (Heritrix's `parallelQueues`). */
  parallelQueues?: number;
}

/**
 * The frontier queue of a URI under Heritrix's SurtAuthorityQueueAssignmentPolicy: the SURT
 * authority with ':' written '#', e.g. `org,example,www,` or `org,example,www,#8080`. All `whois:`
 * URIs share `whois...`. With `parallelQueues` > 1 a `+N` suffix spreads a host over N queues by
 * its first path segment (a stable hash of our own, not Heritrix's consistent hash).
 */
export function surtAuthorityQueueKey(uri: string, options: QueueKeyOptions = {}, surtOfUri?: string): string {
  if (uri.startsWith('whois:')) return 'whois...';
  const s = surtOfUri ?? surt(uri);
  const open = s.indexOf('://(');
  const close = s.indexOf(')');
  if (open < 0 || close < 0 || open + 4 >= close) return DEFAULT_QUEUE_KEY;
  const key = s.slice(open + 4, close).replaceAll(':', '#');
  const subqueue = subqueueOf(uri, options.parallelQueues ?? 1);
  return subqueue > 0 ? key + '+' + subqueue : key;
}

/** 0..n-1 from the first path segment (`/a/b` → `a`); 0 when there is none or n ≤ 1. */
function subqueueOf(uri: string, n: number): number {
  if (n <= 1) return 0;
  const segment = firstPathSegment(uri);
  return segment ? fnv1a(segment) % n : 0;
}

function firstPathSegment(uri: string): string | undefined {
  const authority = uri.indexOf('://');
  const pathStart = authority < 0 ? -1 : uri.indexOf('/', authority + 3);
  if (pathStart < 0) return undefined;
  const end = uri.slice(pathStart).search(/[?#]/);
  const path = end < 0 ? uri.slice(pathStart) : uri.slice(pathStart, pathStart + end);
  const second = path.indexOf('/', 1);
  return second < 0 ? undefined : path.slice(1, second);
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
