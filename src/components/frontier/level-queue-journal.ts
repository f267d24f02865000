import type { QueuedUri } from '../../model/crawl-uri.js';
import { decodeQueuedRow, encodeQueuedRow } from '../../model/queued-row.js';
import type { StateStore, StateSublevel } from '../../model/state-store.js';
import type { FrontierTotals, QueueJournal, StoredQueue } from './queue-journal.js';

const ORDINARY = '\u0000';
const URGENT = '\u0001';
const TOTALS_KEY = 'totals';

/** Rows one step of a scan reads. */
const SCAN_PAGE = 1000;

/** Digits of the sequence number in a key (base 36). */
const SEQ_DIGITS = 10;

/** A rank (0..511) as the two base-32 digits of a key. */
const RANKS = Array.from({ length: 512 }, (_, rank) => rank.toString(32).padStart(2, '0'));

/**
 * The frontier's URIs in the state store, sublevel `queues`, under `queueKey \0 directive
 * precedence sequence` (Heritrix's BdbWorkQueue key: the class key, a byte of scheduling
 * directive, a byte of precedence clipped to 127, the ordinal), or `queueKey \1 sequence` for
 * prerequisites. The sequence only grows, so a range read returns a queue's URIs by directive,
 * then precedence, then the order they were scheduled. Queue states go to sublevel `qstate`,
 * totals to `frontier`, URIs fetched outside the queues while a copy of them may be queued to `elsewhere`.
 */
export class LevelQueueJournal implements QueueJournal {
  #seq = 0;
  #committedSpill?: Promise<void>;
  #stagedTotals = '';
  readonly #uris: StateSublevel;
  readonly #queues: StateSublevel;
  readonly #totals: StateSublevel;
  readonly #elsewhere: StateSublevel;

  constructor(readonly store: StateStore) {
    this.#uris = store.sublevel('queues');
    this.#queues = store.sublevel('qstate');
    this.#totals = store.sublevel('frontier');
    this.#elsewhere = store.sublevel('elsewhere');
  }

  get nextSequence(): number {
    return this.#seq;
  }

  sequenceOf(storeKey: string): number {
    return Number.parseInt(storeKey.slice(-SEQ_DIGITS), 36);
  }

  isOrdinary(storeKey: string, queueKey: string): boolean {
    return storeKey.charCodeAt(queueKey.length) === 0;
  }

  added(item: QueuedUri, urgent: boolean, rank: number): string {
    const seq = (this.#seq++).toString(36).padStart(SEQ_DIGITS, '0');
    // Two characters of rank: directive * 128 + precedence, 0..511, in base 32, sort as the numbers do.
    const key = urgent ? item.queueKey + URGENT + seq : item.queueKey + ORDINARY + RANKS[rank] + seq;
    this.#uris.put(key, encodeQueuedRow(item));
    return key;
  }

  updated(item: QueuedUri): void {
    if (item.storeKey) this.#uris.put(item.storeKey, encodeQueuedRow(item));
  }

  removed(storeKey: string): void {
    this.#uris.del(storeKey);
  }

  async read(queueKey: string, limit: number): Promise<QueuedUri[]> {
    await this.#committed();
    const rows = await this.#uris.range(queueKey + ORDINARY, queueKey + URGENT, limit);
    return rows.map(toItem);
  }

  async *scan(queueKey: string): AsyncIterable<QueuedUri> {
    await this.#committed();
    let from = queueKey + ORDINARY;
    for (;;) {
      const rows = await this.#uris.range(from, queueKey + URGENT, SCAN_PAGE);
      for (const row of rows) yield toItem(row);
      if (rows.length < SCAN_PAGE) return;
      from = `${rows.at(-1)![0]}\u0000`;
    }
  }

  async readUrgent(queueKey: string): Promise<QueuedUri[]> {
    return (await this.#uris.range(queueKey + URGENT, queueKey + '\u0002')).map(toItem);
  }

  /** URIs that left memory may still be staged: a read waits for the commit that writes them. */
  #committed(): Promise<void> {
    return (this.#committedSpill ??= this.store.commit().catch((e: unknown) => {
      // A failed commit is not remembered: the next read tries again.
      this.#committedSpill = undefined;
      throw e;
    }));
  }

  doneElsewhere(uri: string, done: boolean): void {
    if (done) this.#elsewhere.put(uri, '');
    else this.#elsewhere.del(uri);
  }

  async loadDoneElsewhere(): Promise<string[]> {
    return (await this.#elsewhere.range('', '\uffff')).map(([uri]) => uri);
  }

  spilled(): void {
    this.#committedSpill = undefined;
  }

  stageQueue(state: StoredQueue): void {
    if (state.stored === 0 && state.storedUrgent === 0 && state.totalSpent === 0 && !state.retired && !state.successes) this.#queues.del(state.key);
    else {
      // The JSON array written as one string: a commit stages a row for every queue that changed.
      // A retry's note (rare: queues waiting to retry a failed fetch) comes last, after the precedences' place.
      const r = state.retry;
      const retry = r ? `,${JSON.stringify([r.uri, r.status, r.error, r.nextTry, r.maxTries])}` : '';
      const tail = state.uriPrecedences || r ? `,${JSON.stringify(state.uriPrecedences ?? null)}${retry}]` : ']';
      this.#queues.put(state.key, `[${finite(state.stored)},${finite(state.storedUrgent)},${finite(state.totalSpent)},${state.retired ? 1 : 0},${finite(state.wakeAt ?? 0)},${finite(state.successes ?? 0)},${finite(state.precedence ?? null)}${tail}`);
    }
  }

  stageTotals(totals: FrontierTotals): void {
    const text = JSON.stringify({ ...totals, seq: this.#seq });
    if (text === this.#stagedTotals) return;
    this.#stagedTotals = text;
    this.#totals.put(TOTALS_KEY, text);
  }

  async load(): Promise<{ queues: StoredQueue[]; totals?: FrontierTotals }> {
    const text = await this.#totals.get(TOTALS_KEY);
    const totals = text === undefined ? undefined : (JSON.parse(text) as FrontierTotals);
    this.#seq = totals?.seq ?? 0;
    const queues = (await this.#queues.range('', '\uffff')).map(([key, value]): StoredQueue => {
      const [stored, storedUrgent, totalSpent, retired, wakeAt, successes, precedence, uriPrecedences, retry] =
        JSON.parse(value) as [number, number, number, number, number?, number?, (number | null)?, (Record<string, number> | null)?, [string, number, string, number, number]?];
      return {
        key, stored, storedUrgent, totalSpent, retired: retired === 1, wakeAt: wakeAt || undefined,
        successes: successes ?? 0, precedence: precedence ?? undefined, uriPrecedences: uriPrecedences ?? undefined,
        retry: retry && { uri: retry[0], status: retry[1], error: retry[2], nextTry: retry[3], maxTries: retry[4] },
      };
    });
    return { queues, totals };
  }
}

/** A number as JSON writes it (null when not finite). */
function finite(n: number | null): number | null {
  return n !== null && Number.isFinite(n) ? n : null;
}

function toItem([key, value]: [string, string]): QueuedUri {
  // Values stored as an object (before the array form) are read as they are.
  if (value.charCodeAt(0) !== 0x5b) {
    const item = JSON.parse(value) as QueuedUri & { storeKey?: string };
    item.storeKey = key;
    return item;
  }
  // queueKey \0 rank (2) sequence, or queueKey \1 sequence.
  const urgent = key.charCodeAt(key.length - SEQ_DIGITS - 1) === 1;
  return decodeQueuedRow(value, key.slice(0, key.length - SEQ_DIGITS - (urgent ? 1 : 3)), key);
}
