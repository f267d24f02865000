import type { QueuedUri } from './crawl-uri.js';

/**
 * A queued URI as stored (a durable frontier's journal, a shared frontier's queues in Redis): its
 * fields in a JSON array, in a fixed order, absent ones null and the trailing absent ones left
 * out; the queue key is not written (where it is stored says it). Half the bytes of the object.
 */
export function encodeQueuedRow(item: QueuedUri): string {
  const row: unknown[] = [
    item.uri, item.hopsPath, item.via ?? null, item.viaContext ?? null, item.isSeed ? 1 : 0, item.sourceTag ?? null, item.precedence,
    // As toQueued leaves them out: the defaults (NORMAL, a cost of 1, no deferral) and what is false.
    item.schedulingDirective === undefined || item.schedulingDirective === 3 ? null : item.schedulingDirective,
    item.cost === undefined || item.cost === 1 ? null : item.cost, item.fetchAttempts, item.deferrals || null, item.forceFetch ? 1 : null,
    (item as { overlay?: { key?: string } }).overlay?.key ?? item.sheetKey ?? null, item.deltaCheck ? 1 : null, item.delivered ?? null, item.warc ?? null,
  ];
  let n = row.length;
  while (row[n - 1] === null) n--;
  row.length = n;
  return JSON.stringify(row);
}

type StoredRow = [string, string, string | null, string | null, 0 | 1, string | null, number, (number | null)?, (number | null)?, number?,
  (number | null)?, (1 | null)?, (string | null)?, (1 | null)?, (Record<string, number> | null)?, (Record<string, readonly [string, number]> | null)?];

/** A queued URI from its stored row and the queue it was stored in. */
export function decodeQueuedRow(value: string, queueKey: string): QueuedUri {
  const r = JSON.parse(value) as StoredRow;
  return {
    uri: r[0], hopsPath: r[1], via: r[2] ?? undefined, viaContext: r[3] ?? undefined, isSeed: r[4] === 1, sourceTag: r[5] ?? undefined,
    queueKey, precedence: r[6], schedulingDirective: r[7] ?? undefined,
    cost: r[8] ?? undefined, fetchAttempts: r[9] ?? 0, deferrals: r[10] ?? undefined, forceFetch: r[11] === 1 ? true : undefined,
    sheetKey: r[12] ?? undefined, deltaCheck: r[13] === 1 ? true : undefined, delivered: r[14] ?? undefined, warc: r[15] ?? undefined,
  };
}
