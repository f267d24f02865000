/** The most spilled URIs a queue brings back into memory at a time. */
export const MAX_HEAD_CHUNK = 100;

/** The fewest, however many queues share the allowance (fewer would be a read of the state for every few URIs). */
export const MIN_HEAD_CHUNK = 10;

/**
 * How many spilled URIs a queue reads back from the journal at a time: its share of
 * `maxUrisInMemory` among the `queues` that are not retired, MIN_HEAD_CHUNK to MAX_HEAD_CHUNK.
 * A queue's head is read back in addition to the URIs the allowance counts: at 100 a queue, the
 * heads of a broad crawl's 10,000 queues alone could hold a million URIs, however small the
 * allowance; at their share they hold about as many as it allows (at most 10 a queue).
 */
export function headChunk(maxUrisInMemory: number, queues: number): number {
  if (!Number.isFinite(maxUrisInMemory)) return MAX_HEAD_CHUNK;
  return Math.min(MAX_HEAD_CHUNK, Math.max(MIN_HEAD_CHUNK, Math.floor(maxUrisInMemory / Math.max(1, queues))));
}
