import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { FetchHistoryBook, type HistoryRecords } from '../../model/fetch-history-book.js';
import { FETCH_HISTORY_PROPS, FETCH_HISTORY_REFS } from '../../model/fetch-history-props.js';
import { HISTORY_SUBLEVEL, type StateStore, type StateSublevel } from '../../model/state-store.js';

export const fetchHistoryStoreComponent = defineComponent({
  name: 'FetchHistoryStore',
  description:
    'The fetch history of a job, kept in the state store from run to run (it survives new runs; `launch --forget-history` ' +
    'drops it): per URI its last fetches (status, ETag, Last-Modified, digest, size, type, time), whether it is a document, ' +
    'when it was last seen and its outlinks. PersistLoadProcessor, FetchHistoryProcessor and PersistStoreProcessor use it. ' +
    'With `deltaCrawl`, every run after the first is a delta run: each document is reported new, changed, unchanged or ' +
    'deleted, and documents of earlier runs not reached are fetched again at the end to see whether they are gone.',
  kinds: ['FetchHistory'],
  props: FETCH_HISTORY_PROPS,
  refs: {
    stateStore: { kind: 'StateStore', required: true, autowire: true, description: 'Where the history is kept (sublevel `history`).' },
    ...FETCH_HISTORY_REFS,
  },
  load: async (): Promise<ComponentClass> => FetchHistoryStore,
});

/** History keys are URIs; this one, which no URI can be, holds the number of the job's last run. */
const LAST_RUN_KEY = '\u0000lastRun';

/** Sublevel `delta` (cleared with every new run) holds the run in progress, so a resumed launch keeps its number. */
const RUN_KEY = 'run';

/** The history is read a slice of this many records at a time. */
const SCAN_CHUNK = 1000;

/**
 * The fetch history in the state store (sublevel `history`, one JSON record per URI), written
 * with the commits that count the URI done, so that history and crawl never disagree after a crash.
 */
export class FetchHistoryStore extends FetchHistoryBook {
  #records?: HistoryRecords;
  protected readonly marksScheduled = true;

  /**
   * `sublevel` is where the records are kept: `history` (the job's fetch history), or
   * `history:NAME` for a PersistProcessor's own `historyDbName`.
   */
  constructor(override readonly config: ConfigOf<typeof fetchHistoryStoreComponent>, readonly sublevel: string = HISTORY_SUBLEVEL) {
    super(config);
  }

  async start(): Promise<void> {
    if (this.#records) return;
    const store = this.config.stateStore;
    const history = store.sublevel(this.sublevel);
    this.#records = sublevelRecords(store, history);
    const delta = store.sublevel('delta');
    const runKey = this.sublevel === HISTORY_SUBLEVEL ? RUN_KEY : `${RUN_KEY}:${this.sublevel}`;
    const current = await delta.get(runKey);
    if (current !== undefined) {
      this.run = (JSON.parse(current) as { run: number }).run;
      return;
    }
    const last = await history.get(LAST_RUN_KEY);
    this.run = (last === undefined ? 0 : Number(last)) + 1;
    delta.put(runKey, JSON.stringify({ run: this.run }));
    history.put(LAST_RUN_KEY, String(this.run));
  }

  protected records(): HistoryRecords {
    if (!this.#records) throw new Error('FetchHistoryStore was used before start()');
    return this.#records;
  }
}

/** Records in a sublevel of the state store, staged for the commit that counts their URI done; a run's end marks go in the same commit as its reports. */
function sublevelRecords(store: StateStore, history: StateSublevel): HistoryRecords {
  return {
    get: (uri) => history.get(uri),
    put: (uri, text) => history.put(uri, text),
    mark: (uri, text) => history.put(uri, text),
    settle: async () => undefined,
    async *scan() {
      // Reads see what is committed: the records this run staged are committed first.
      await store.commit();
      let from = '';
      for (;;) {
        const rows = await history.range(from, '\uffff', SCAN_CHUNK);
        for (const row of rows) if (row[0] !== LAST_RUN_KEY) yield row;
        if (rows.length < SCAN_CHUNK) return;
        from = rows[rows.length - 1][0] + '\u0000';
      }
    },
  };
}
