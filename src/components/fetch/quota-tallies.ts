import type { CrawlUri } from '../../model/crawl-uri.js';
import type { Disposition } from '../../model/frontier.js';
import type { StateStore, StateSublevel } from '../../model/state-store.js';

/** The three things a quota counts for (Heritrix's CrawlServer, CrawlHost and the URI's queue). */
export type QuotaCategory = 'server' | 'host' | 'group';

/** What is counted of each server, host or queue: Heritrix's FetchStats, the fields its QuotaEnforcer reads. */
export interface FetchTally {
  /** URIs finished with a success status (2xx and other non-errors, dns: 1). */
  successes: number;
  /** Their body bytes. */
  successBytes: number;
  /** URIs finished with any response, errors (3xx, 4xx, 5xx) included. */
  responses: number;
  /** Their body bytes. */
  totalBytes: number;
  /** Responses that were not revisits (a delta run's unchanged documents are), and their body bytes: Heritrix's novel URLs and bytes. */
  novelUrls: number;
  novelBytes: number;
}

/** Sublevel of the state store: one row a category and key, `server\u0000example.org` → [successes, successBytes, responses, totalBytes, novelUrls, novelBytes]. */
export const QUOTA_TALLIES_SUBLEVEL = 'quota-tallies';

/**
 * Heritrix's server key: the authority without user info, and `:443` for https without a port (so
 * that a host's http and https servers count apart); a `dns:` URI counts for the name it looks up.
 */
export function quotaServerKey(curi: CrawlUri): string | undefined {
  if (curi.uri.startsWith('dns:')) return curi.uri.slice(4).toLowerCase();
  const url = curi.url;
  if (!url || url.host === '') return undefined;
  return url.protocol === 'https:' && url.port === '' ? `${url.host}:443` : url.host;
}

/** Heritrix's host key: the host name (a `dns:` URI's is the name it looks up). */
export function quotaHostKey(curi: CrawlUri): string | undefined {
  if (curi.uri.startsWith('dns:')) return curi.uri.slice(4).toLowerCase();
  const host = curi.url?.hostname;
  return host ? host : undefined;
}

/** The server, host and queue a URI counts for, in Heritrix's order of checking (those it has). */
export function quotaKeysOf(curi: CrawlUri): Array<readonly [QuotaCategory, string]> {
  const keys: Array<readonly [QuotaCategory, string]> = [];
  const server = quotaServerKey(curi);
  if (server !== undefined) keys.push(['server', server]);
  const host = quotaHostKey(curi);
  if (host !== undefined) keys.push(['host', host]);
  if (curi.queueKey) keys.push(['group', curi.queueKey]);
  return keys;
}

/**
 * What a URI the frontier disposed of for good adds to the tallies of its server, host and queue
 * (as Heritrix's frontier tallies FetchStats): a success adds one success, one response and its
 * bytes to both byte counts; a failure that got a response adds one response and its bytes to
 * totalBytes; either, unless a delta run found it unchanged, adds one novel URL and its bytes;
 * anything else (no response, disregarded) adds nothing (undefined).
 */
export function fetchTallyOf(curi: CrawlUri, disposition: Disposition): FetchTally | undefined {
  const success = disposition === 'success';
  if (!success && !(disposition === 'failure' && curi.fetchStatus > 0)) return undefined;
  const bytes = Math.max(0, curi.contentSize);
  const novel = curi.delta !== 'unchanged';
  return { successes: success ? 1 : 0, successBytes: success ? bytes : 0, responses: 1, totalBytes: bytes, novelUrls: novel ? 1 : 0, novelBytes: novel ? bytes : 0 };
}

/**
 * What each server, host and queue of a crawl on one machine has yielded so far, tallied from the
 * URIs the frontier finishes (fetchTallyOf says what each adds). With a state store,
 * the tallies changed since the last commit are staged with each commit, in the same batch as
 * the frontier's record of the URIs that made them, so that a resumed crawl goes on counting
 * where the one it resumes stopped.
 */
export class QuotaTallies {
  readonly #tallies = new Map<string, FetchTally>();
  readonly #changed = new Set<string>();
  /**
   * What URIs counted at their queue's turn and not yet done (writing behind) added, by row: a
   * commit stores the tallies without it, as the frontier's record of those URIs is still in flight.
   */
  readonly #unsettled = new Map<string, FetchTally>();
  readonly #unsettledBy = new Map<CrawlUri, { readonly rows: readonly string[]; readonly add: Readonly<FetchTally> }>();
  #sublevel?: StateSublevel;

  /** Loads the tallies the run this launch resumes left, and stores changes with each commit from now on. */
  async attach(store: StateStore): Promise<void> {
    if (this.#sublevel) return;
    const sublevel = (this.#sublevel = store.sublevel(QUOTA_TALLIES_SUBLEVEL));
    for (const [key, value] of await sublevel.range('', '\uffff')) {
      // One counted before attach() is newer than its row.
      if (this.#tallies.has(key)) continue;
      const [successes, successBytes, responses, totalBytes, novelUrls, novelBytes] = JSON.parse(value) as number[];
      this.#tallies.set(key, { successes, successBytes, responses, totalBytes, novelUrls, novelBytes });
    }
    store.participate({ stage: () => this.#stage() });
  }

  /** The tally of one server, host or queue (zeros when nothing was counted). */
  get(category: QuotaCategory, key: string): Readonly<FetchTally> {
    return this.#tallies.get(rowKey(category, key)) ?? ZERO;
  }

  /**
   * Counts a URI the frontier disposed of for good, at its queue's turn (Frontier.onDisposed), so
   * that the next URI of the queue sees it. Until `settled` is told the URI is done, commits leave
   * it out, so that a URI done again after a crash is not counted twice.
   */
  count(curi: CrawlUri, disposition: Disposition): void {
    const add = fetchTallyOf(curi, disposition);
    if (!add) return;
    const rows: string[] = [];
    for (const [category, key] of quotaKeysOf(curi)) {
      const row = rowKey(category, key);
      rows.push(row);
      addTo(this.#tallies, row, add, 1);
      if (this.#sublevel) {
        addTo(this.#unsettled, row, add, 1);
        this.#changed.add(row);
      }
    }
    if (this.#sublevel && rows.length) this.#unsettledBy.set(curi, { rows, add });
  }

  /** The URI counted at its turn is done (Frontier.onFinal): the next commit stores it. */
  settled(curi: CrawlUri): void {
    const counted = this.#unsettledBy.get(curi);
    if (!counted) return;
    this.#unsettledBy.delete(curi);
    for (const row of counted.rows) {
      addTo(this.#unsettled, row, counted.add, -1);
      this.#changed.add(row);
    }
  }

  #stage(): void {
    const sublevel = this.#sublevel;
    if (!sublevel) return;
    for (const row of this.#changed) {
      const t = this.#tallies.get(row)!;
      const u = this.#unsettled.get(row) ?? ZERO;
      sublevel.put(row, JSON.stringify([
        t.successes - u.successes, t.successBytes - u.successBytes, t.responses - u.responses, t.totalBytes - u.totalBytes, t.novelUrls - u.novelUrls, t.novelBytes - u.novelBytes,
      ]));
      if (u.responses === 0) this.#unsettled.delete(row);
    }
    this.#changed.clear();
  }
}

/** Adds `sign` times `add` to the row's tally (made at zero when missing). */
function addTo(tallies: Map<string, FetchTally>, row: string, add: Readonly<FetchTally>, sign: 1 | -1): void {
  let t = tallies.get(row);
  if (!t) tallies.set(row, (t = { successes: 0, successBytes: 0, responses: 0, totalBytes: 0, novelUrls: 0, novelBytes: 0 }));
  t.successes += sign * add.successes;
  t.successBytes += sign * add.successBytes;
  t.responses += sign * add.responses;
  t.totalBytes += sign * add.totalBytes;
  t.novelUrls += sign * add.novelUrls;
  t.novelBytes += sign * add.novelBytes;
}

/** Nothing counted. */
export const ZERO: Readonly<FetchTally> = Object.freeze({ successes: 0, successBytes: 0, responses: 0, totalBytes: 0, novelUrls: 0, novelBytes: 0 });

/** A row's key: the category and the server's, host's or queue's key. */
export function rowKey(category: QuotaCategory, key: string): string {
  return `${category}\u0000${key}`;
}
