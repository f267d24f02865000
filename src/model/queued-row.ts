import { QUEUED_FIELDS, sheetKeyOf, type QueuedUri } from './queued-fields.js';

/**
 * A queued URI as stored (a durable frontier's journal, a shared frontier's queues in Redis): the
 * fields of QUEUED_FIELDS that have a place in the row, in its order, in a JSON array, absent ones
 * null and the trailing absent ones left out; the queue key and the store key are not written
 * (where it is stored says them). Half the bytes of the object. A CrawlUri may be given as it is
 * (its sheet key is its overlay's). A line a field, checked against QUEUED_FIELDS by
 * queued-fields.test.ts; the order never changes, so that rows already stored still read.
 */
export function encodeQueuedRow(item: QueuedUri): string {
  const F = QUEUED_FIELDS;
  const row: unknown[] = [
    F.uri.toRow(item.uri),
    F.hopsPath.toRow(item.hopsPath),
    F.via.toRow(item.via),
    F.viaContext.toRow(item.viaContext),
    F.isSeed.toRow(item.isSeed),
    F.sourceTag.toRow(item.sourceTag),
    F.precedence.toRow(item.precedence),
    F.schedulingDirective.toRow(item.schedulingDirective),
    F.cost.toRow(item.cost),
    F.fetchAttempts.toRow(item.fetchAttempts),
    F.deferrals.toRow(item.deferrals),
    F.forceFetch.toRow(item.forceFetch),
    F.sheetKey.toRow(sheetKeyOf(item)),
    F.deltaCheck.toRow(item.deltaCheck),
    F.delivered.toRow(item.delivered),
    F.warc.toRow(item.warc),
  ];
  let n = row.length;
  while (row[n - 1] === null) n--;
  row.length = n;
  return JSON.stringify(row);
}

/**
 * A queued URI from its stored row, the queue it was stored in and the key it is stored under (a
 * durable frontier's). Its fields are in CrawlUri.toQueued's order, the store key among them, so
 * that every record read and made has one hidden class: a copy of the record with the key added
 * after was a hidden class of its own for every row read (530 bytes of V8's each, 12 MB of a
 * broad crawl's heap).
 */
export function decodeQueuedRow(value: string, queueKey: string, storeKey?: string): QueuedUri {
  const F = QUEUED_FIELDS;
  const r = JSON.parse(value) as unknown[];
  return {
    uri: F.uri.fromRow(r[0]),
    hopsPath: F.hopsPath.fromRow(r[1]),
    via: F.via.fromRow(r[2]),
    viaContext: F.viaContext.fromRow(r[3]),
    isSeed: F.isSeed.fromRow(r[4]),
    sourceTag: F.sourceTag.fromRow(r[5]),
    queueKey,
    precedence: F.precedence.fromRow(r[6]),
    schedulingDirective: F.schedulingDirective.fromRow(r[7]),
    cost: F.cost.fromRow(r[8]),
    fetchAttempts: F.fetchAttempts.fromRow(r[9]),
    deferrals: F.deferrals.fromRow(r[10]),
    forceFetch: F.forceFetch.fromRow(r[11]),
    sheetKey: F.sheetKey.fromRow(r[12]),
    storeKey,
    deltaCheck: F.deltaCheck.fromRow(r[13]),
    delivered: F.delivered.fromRow(r[14]),
    warc: F.warc.fromRow(r[15]),
  };
}
