import type { CrawlUri } from '../../model/crawl-uri.js';
import type { Disposition } from '../../model/frontier.js';
import type { SharedTable } from '../../model/shared-crawl.js';
import { fetchTallyOf, quotaKeysOf, rowKey, ZERO, type FetchTally, type QuotaCategory } from './quota-tallies.js';

/** The table of the run the counts are kept in (SharedCrawlStore.table). */
export const QUOTA_TALLIES_TABLE = 'quota-tallies';

const FIELDS: ReadonlyArray<keyof FetchTally> = ['successes', 'successBytes', 'responses', 'totalBytes', 'novelUrls', 'novelBytes'];

/** One count a quota may read: a server's, host's or queue's field of its tally. */
export type QuotaCount = readonly [QuotaCategory, string, keyof FetchTally];

/** A count's entry in the table: `host\u0000example.org\u0000successes` → 3. */
function entryOf(category: QuotaCategory, key: string, field: keyof FetchTally): string {
  return `${rowKey(category, key)}\u0000${field}`;
}

/**
 * The tallies of a crawl that workers share (a RedisFrontier's), kept in a table of its run, one
 * entry a count, crawl-wide: what a URI the frontier disposed of for good yielded (fetchTallyOf,
 * as QuotaTallies counts it) is added to its server's, host's and queue's entries before the
 * frontier completes it (the store's `settled()` covers the addition), so that the next URI of
 * its queue, on whichever worker, is judged with it. The counts are the run's: dropped with it,
 * saved in its checkpoints. A URI done twice (its worker killed before Redis heard it was done,
 * or its lease run out) counts twice: a quota is then reached early, not late.
 */
export class SharedQuotaTallies {
  constructor(private readonly table: SharedTable) {}

  /** Adds what the URI yielded, in the background (Frontier.onDisposed). */
  count(curi: CrawlUri, disposition: Disposition): void {
    const add = fetchTallyOf(curi, disposition);
    if (!add) return;
    const entries: Array<readonly [string, number]> = [];
    for (const [category, key] of quotaKeysOf(curi)) {
      for (const field of FIELDS) if (add[field] !== 0) entries.push([entryOf(category, key, field), add[field]]);
    }
    this.table.add(entries);
  }

  /** The counts asked for, in one read: each row's tally, zero where a count was not asked for. */
  async read(counts: readonly QuotaCount[]): Promise<(category: QuotaCategory, key: string) => Readonly<FetchTally>> {
    const values = await this.table.read(counts.map(([category, key, field]) => entryOf(category, key, field)));
    const tallies = new Map<string, FetchTally>();
    counts.forEach(([category, key, field], i) => {
      const row = rowKey(category, key);
      let tally = tallies.get(row);
      if (!tally) tallies.set(row, (tally = { ...ZERO }));
      tally[field] = Number(values[i] ?? 0);
    });
    return (category, key) => tallies.get(rowKey(category, key)) ?? ZERO;
  }
}
