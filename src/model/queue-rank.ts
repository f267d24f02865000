import type { QueuedUri } from './crawl-uri.js';

/** Heritrix's BdbWorkQueue clips a URI's precedence to one byte of its key; here too, so that memory and disk agree. */
export const MAX_URI_PRECEDENCE = 127;

/**
 * Where a URI stands in its queue: its scheduling directive (NORMAL when absent), then its
 * precedence clipped to 0..127, as the two bytes Heritrix puts before the ordinal in its key.
 */
export function rankOf(item: QueuedUri): number {
  const p = item.precedence;
  return (item.schedulingDirective ?? 3) * 128 + Math.min(Math.max(p, 0), MAX_URI_PRECEDENCE);
}
