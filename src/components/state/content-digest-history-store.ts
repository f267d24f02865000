import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { ContentDigestEntry, ContentDigestHistory } from '../../model/content-digest-history.js';
import { HISTORY_SUBLEVEL, type StateSublevel } from '../../model/state-store.js';

export const contentDigestHistoryStoreComponent = defineComponent({
  name: 'ContentDigestHistoryStore',
  aliases: ['BdbContentDigestHistory', 'org.archive.modules.recrawl.BdbContentDigestHistory'],
  description:
    'Heritrix\'s BdbContentDigestHistory: the URL-agnostic deduplication history, keyed by payload digest (`sha1:BASE32`), ' +
    'holding the capture whose `response` record has the payload (original URL, date, WARC-Record-ID, file and offset, ' +
    'and how many captures of it there were). ContentDigestHistoryLoader looks payloads up in it, ContentDigestHistoryStorer ' +
    'keeps them. It lives in `bdbModule`: the crawl\'s state store (it survives new runs, as the fetch history does, until ' +
    '`launch --forget-history`), or, as Heritrix\'s recipe declares it, a LevelStateStore (BdbModule) of its own with ' +
    'autowire-candidate="false" and its own `dir`, which no launch clears and jobs run one after another can share (one ' +
    'at a time: a store is open in one process only). An entry becomes durable with the crawl\'s commit that counts its ' +
    'URI done, so that after a crash none refers to a record the crash undid.',
  kinds: ['ContentDigestHistory'],
  props: {
    historyDbName: {
      type: 'string', default: 'contentDigestHistory', minLength: 1,
      description: 'The history\'s name in its store (sublevel `history:NAME`): histories of other names in one store are apart.',
    },
  },
  refs: {
    bdbModule: { kind: 'StateStore', required: true, autowire: true, description: 'Where the history is kept (Heritrix\'s BdbModule): the crawl\'s ' +
      'state store, or one declared for it.' },
    stateStore: { kind: 'StateStore', autowire: true, description: 'The crawl\'s state store, whose commits make entries durable (the autowired ' +
      'one; leave it out).' },
  },
  load: async (): Promise<ComponentClass> => ContentDigestHistoryStore,
});

/** Entries by digest. */
type Entries = Map<string, ContentDigestEntry>;

/**
 * The content digest history in a state store (sublevel `history:NAME`, one JSON entry per
 * digest). Entries go through three hands before a lookup finds them in the store: `#pending`
 * (stored since the crawl's last commit), `#committing` (taken by the crawl's commit being
 * written), `#handed` (staged in a history store of its own, until that store's commit is
 * written); lookups see all of them, so a payload met twice in a few milliseconds is still found.
 */
export class ContentDigestHistoryStore implements ContentDigestHistory {
  #sub?: StateSublevel;
  #pending: Entries = new Map();
  readonly #committing: Entries = new Map();
  #handed: Entries = new Map();
  #handedCommitting: Entries = new Map();
  /** Entries being written behind their URIs (expect): a load of their digest waits for them. */
  readonly #expected = new Map<string, Promise<void>>();

  constructor(readonly config: ConfigOf<typeof contentDigestHistoryStoreComponent>) {}

  start(): void {
    if (this.#sub) return;
    const history = this.config.bdbModule;
    const crawl = this.config.stateStore ?? history;
    const sub = (this.#sub = history.sublevel(`${HISTORY_SUBLEVEL}:${this.config.historyDbName}`));
    if (crawl === history) {
      // One store: the entries go into the commit that counts their URIs done.
      crawl.participate({
        stage: () => this.#take((digest, entry) => sub.put(digest, JSON.stringify(entry))),
        committed: () => this.#committing.clear(),
      });
      return;
    }
    // A store of its own: handed to it once the crawl's commit is written; its own commit follows.
    const marker = crawl.sublevel(`${HISTORY_SUBLEVEL}:${this.config.historyDbName}:handoff`);
    crawl.participate({
      // A put of the crawl's own, so that its commit is written (and `committed` called) even with nothing else staged.
      stage: () => this.#take(() => undefined) && marker.put('handed', String(Date.now())),
      committed: () => {
        for (const [digest, entry] of this.#committing) {
          sub.put(digest, JSON.stringify(entry));
          this.#handed.set(digest, entry);
        }
        this.#committing.clear();
      },
    });
    history.participate({
      stage: () => {
        for (const [digest, entry] of this.#handed) this.#handedCommitting.set(digest, entry);
        this.#handed = new Map();
      },
      committed: () => this.#handedCommitting.clear(),
    });
  }

  async stop(): Promise<void> {
    const { stateStore, bdbModule } = this.config;
    // Every URI is done: the last entries are handed over before the history store's last commit.
    // A commit that fails is told by the state store to its fault listeners; the entries stay staged for its last commit.
    if (stateStore && stateStore !== bdbModule && (this.#pending.size || this.#committing.size)) await stateStore.commit().catch(() => undefined);
  }

  expect(digest: string, stored: Promise<unknown>): void {
    const settled: Promise<void> = stored.then(() => undefined, () => undefined).finally(() => {
      if (this.#expected.get(digest) === settled) this.#expected.delete(digest);
    });
    this.#expected.set(digest, settled);
  }

  async load(digest: string): Promise<ContentDigestEntry | undefined> {
    // An entry on its way (a URI's capture still being written behind) is waited for, not missed.
    const coming = this.#expected.get(digest);
    if (coming) await coming;
    const recent = this.#pending.get(digest) ?? this.#committing.get(digest) ?? this.#handed.get(digest) ?? this.#handedCommitting.get(digest);
    if (recent) return recent;
    if (!this.#sub) throw new Error('ContentDigestHistoryStore was used before start()');
    const text = await this.#sub.get(digest);
    return text === undefined ? undefined : (JSON.parse(text) as ContentDigestEntry);
  }

  store(digest: string, entry: ContentDigestEntry): void {
    this.#pending.set(digest, entry);
  }

  /** Moves the pending entries to those of the commit being taken, each through `each`; true when there were any. */
  #take(each: (digest: string, entry: ContentDigestEntry) => void): boolean {
    if (this.#pending.size === 0) return false;
    for (const [digest, entry] of this.#pending) {
      each(digest, entry);
      this.#committing.set(digest, entry);
    }
    this.#pending = new Map();
    return true;
  }
}

