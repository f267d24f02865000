import type { FetchHistory } from '../../model/fetch-history.js';
import { HISTORY_SUBLEVEL, type StateStore } from '../../model/state-store.js';
import { FetchHistoryStore } from './fetch-history-store.js';

/** Heritrix's PersistProcessor.URI_HISTORY_DBNAME: the name that stands for the job's fetch history. */
export const URI_HISTORY_DBNAME = 'uri_history';

/** The histories made for processors without a FetchHistoryStore bean, by state store and sublevel. */
const made = new WeakMap<StateStore, Map<string, Promise<FetchHistoryStore>>>();

/**
 * The fetch history a PersistLoadProcessor or PersistStoreProcessor uses when the file declares no
 * FetchHistoryStore, as Heritrix's use the crawl's BdbModule: a FetchHistoryStore with its defaults
 * (no delta reports) on the crawl's state store, one per store and `historyDbName`, shared by every
 * processor that asks, and started once. `uri_history` is the job's fetch history (sublevel
 * `history`, the one a FetchHistoryStore bean keeps); any other name is a history of its own.
 */
export function defaultFetchHistory(store: StateStore, historyDbName: string): Promise<FetchHistory> {
  let byName = made.get(store);
  if (!byName) made.set(store, (byName = new Map()));
  const sublevel = historyDbName === URI_HISTORY_DBNAME ? HISTORY_SUBLEVEL : `${HISTORY_SUBLEVEL}:${historyDbName}`;
  let history = byName.get(sublevel);
  if (!history) {
    const created = new FetchHistoryStore({
      deltaCrawl: false, historyLength: 2, deleteAfterGoneCount: 1, maxDeletePercent: 20, dryRunDeletes: false,
      withheldListPath: '', stateStore: store, loggerModule: undefined,
    }, sublevel);
    history = created.start().then(() => created);
    byName.set(sublevel, history);
    // A start that failed (the store not open) is tried again by the next processor that asks.
    history.catch(() => byName.delete(sublevel));
  }
  return history;
}
