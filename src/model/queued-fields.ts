/**
 * How one field of a queued URI is kept: on a CrawlUri (never absent, `initial` when its record
 * has none), in a queued record (left out where it says nothing: a default, a false flag) and in a
 * stored row (a place in a JSON array, null when absent). QUEUED_FIELDS lists them once: the
 * QueuedUri type and CrawlUri's fields are made from it, and CrawlUri's constructor and toQueued
 * and the stored row (queued-row.ts) carry each field with its codec, a line a field, by name
 * (named property reads and writes keep V8's objects fast; a loop over names would not), which
 * queued-fields.test.ts checks field by field against this list.
 */
export interface QueuedField<L, S = L, O extends boolean = boolean> {
  /** Its value on a CrawlUri whose record has none. */
  readonly initial: L;
  /** Whether a queued record may leave it out. */
  readonly optional: O;
  /** Whether the stored row has a place for it (the queue key and the store key are where the row is stored). */
  readonly inRow: boolean;
  /** A value other than `initial`, for the tests that check each field is carried everywhere. */
  readonly sample: S;
  /** Its value in a queued record, from a CrawlUri's: undefined where the record leaves it out. */
  queued(v: L): O extends true ? S | undefined : S;
  /** Its value on a CrawlUri, from a record's. */
  live(v: S): L;
  /** Its value in a stored row, from a record's or a CrawlUri's: null when absent. */
  toRow(v: L | S | undefined): unknown;
  /** Its value in a record, from a stored row's (null or missing when absent). */
  fromRow(x: unknown): O extends true ? S | undefined : S;
}

const same = <T>(v: T): T => v;

/** A string every record has. */
function text(inRow = true): QueuedField<string, string, false> {
  return { initial: '', optional: false, inRow, sample: 'x', queued: same, live: same, toRow: same, fromRow: (x) => x as string };
}

/** A value a record may lack; `copy` makes the CrawlUri's own (a map its processors add to). */
function optional<T>(sample: T, inRow = true, copy: (v: T) => T = same): QueuedField<T | undefined, T, true> {
  return {
    initial: undefined, optional: true, inRow, sample, queued: same, live: copy,
    toRow: (v) => v ?? null, fromRow: (x) => (x ?? undefined) as T | undefined,
  };
}

/** A number every record has (written even when it is `initial`). */
function count(initial: number): QueuedField<number, number, false> {
  return {
    initial, optional: false, inRow: true, sample: initial + 2, queued: same, live: same,
    toRow: same, fromRow: (x) => (x as number | null | undefined) ?? initial,
  };
}

/** A number left out (null in the row) where it is `initial`. */
function defaulted(initial: number): QueuedField<number, number, true> {
  return {
    initial, optional: true, inRow: true, sample: initial + 2, queued: (v) => (v === initial ? undefined : v), live: same,
    toRow: (v) => (v === undefined || v === initial ? null : v), fromRow: (x) => (x as number | null | undefined) ?? undefined,
  };
}

/** A boolean every record has, 1 or 0 in the row. */
function bit(): QueuedField<boolean, boolean, false> {
  return { initial: false, optional: false, inRow: true, sample: true, queued: same, live: same, toRow: (v) => (v ? 1 : 0), fromRow: (x) => x === 1 };
}

/** A boolean written only when true (1 in the row, else null; true in a record, else left out). */
function flag(): QueuedField<boolean, boolean, true> {
  return {
    initial: false, optional: true, inRow: true, sample: true, queued: (v) => v || undefined, live: (v) => v === true,
    toRow: (v) => (v ? 1 : null), fromRow: (x) => (x === 1 ? true : undefined),
  };
}

const copyMap = <T extends object>(v: T): T => ({ ...v });

/**
 * What a URI carries through the frontier's queues (and onto disk); everything else is per fetch.
 * The stored row holds those `inRow` in this order, so a field is only ever added at the end.
 */
export const QUEUED_FIELDS = {
  uri: text(),
  hopsPath: text(),
  via: optional('http://example.org/'),
  viaContext: optional('a/@href'),
  isSeed: bit(),
  sourceTag: optional('seeds'),
  queueKey: text(false),
  /** Lower comes first within a queue, after the scheduling directive (set by the preparer's uriPrecedencePolicy). */
  precedence: count(1),
  /** Heritrix's scheduling directive (SchedulingDirective: HIGHEST 0, HIGH 1, MEDIUM 2, NORMAL 3): lower comes first within a queue. */
  schedulingDirective: defaulted(3),
  /**
   * What this URI charges its queue's budgets (balanceReplenishAmount, queueTotalBudget) when it
   * is done or retried: Heritrix's holderCost, set by the preparer's cost assignment policy.
   */
  cost: defaulted(1),
  /** Tries made so far (retries after connection failures). */
  fetchAttempts: count(0),
  /** Times it waited behind a prerequisite (dns:, robots.txt). */
  deferrals: defaulted(0),
  forceFetch: flag(),
  /** The key of the sheets that apply (restored into an overlay when the URI is taken; written from the overlay while it has one). */
  sheetKey: optional('sheet'),
  /** Where a durable frontier stores it, until it is done. */
  storeKey: optional('store', false),
  /** Fetched again at the end of a delta run to see whether a document not reached is still there. */
  deltaCheck: flag(),
  /**
   * Which receivers have had its document, a bit a receiver, by receiver processor. A durable
   * frontier stores these marks with the URI while it is in flight, in the commit that holds what
   * the receivers wrote, so that a URI done again after a crash is not delivered twice (its
   * documents.jsonl line, its list event).
   */
  delivered: optional<Record<string, number>>({ receiver: 3 }, true, copyMap),
  /** Where each WARC writer put its records (file name, offset), kept as `delivered` is. */
  warc: optional<Record<string, readonly [string, number]>>({ warcWriter: ['a.warc.gz', 120] }, true, copyMap),
};

type Fields = typeof QUEUED_FIELDS;
export type QueuedFieldName = keyof Fields;
type LiveOf<F> = F extends QueuedField<infer L, infer _S, infer _O> ? L : never;
type StoredOf<F> = F extends QueuedField<infer _L, infer S, infer _O> ? S : never;

/** A URI as its queue holds it (and a durable frontier stores it): QUEUED_FIELDS' values, the defaults left out. */
export type QueuedUri = { readonly [K in keyof Fields as Fields[K]['optional'] extends true ? never : K]: StoredOf<Fields[K]> } & {
  readonly [K in keyof Fields as Fields[K]['optional'] extends true ? K : never]?: StoredOf<Fields[K]>;
};

/** The same fields on a CrawlUri: all there, defaults filled in. */
export type QueuedState = { -readonly [K in keyof Fields as K extends 'uri' ? never : K]: LiveOf<Fields[K]> };

type AnyField = QueuedField<unknown, unknown>;
/** The fields in QUEUED_FIELDS' order, each with its name. */
export const QUEUED_FIELD_LIST: readonly (AnyField & { readonly name: QueuedFieldName })[] = Object.entries(QUEUED_FIELDS).map(
  ([name, f]) => ({ ...(f as AnyField), name: name as QueuedFieldName }),
);
/** The fields of a stored row, in its order. */
export const ROW_FIELDS = QUEUED_FIELD_LIST.filter((f) => f.inRow);

/** A field's value on a CrawlUri from its value in a record (`initial` when the record has none). */
export function liveValue<L, S>(field: QueuedField<L, S>, v: S | undefined): L {
  return v === undefined ? field.initial : field.live(v);
}
/** The sheet key a URI is queued with: its overlay's while it has one (a CrawlUri), else the one it came with. */
export function sheetKeyOf(item: QueuedUri | { readonly overlay?: { readonly key: string }; readonly sheetKey?: string }): string | undefined {
  return (item as { overlay?: { key: string } }).overlay?.key ?? item.sheetKey;
}
