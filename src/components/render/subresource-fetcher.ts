import { unlink } from 'node:fs/promises';
import type { CrawlLogger } from '../../model/crawl-logger.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { politenessDelayMs, type PolitenessSource } from '../../model/politeness.js';
import type { Frontier, UriUniqFilter } from '../../model/frontier.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { Hop } from '../../model/hop.js';
import type { ProcessorChain } from '../../model/processor-chain.js';
import type { SheetOverlays } from '../../sheets/sheet-overlay.js';
import { orAfter } from '../../util/or-after.js';
import type { RecordedResponses } from './recorded-responses.js';
import type { Served, SubresourceCache } from './subresource-cache.js';

/** The crawl's parts a page's requests go through, as any URI does. */
export interface CrawlPaths {
  /** The fetch chain the processor is in (known once the chain is built). */
  readonly fetchChain: () => ProcessorChain | undefined;
  readonly candidateChain: ProcessorChain;
  readonly dispositionChain: ProcessorChain;
  readonly uriUniqFilter: UriUniqFilter;
  /** The frontier, which takes what a page's requests fetched as the crawl's fetch of it (Frontier.fetchedElsewhere). */
  readonly frontier?: Pick<Frontier, 'fetchedElsewhere' | 'claimElsewhere' | 'trackInFlight'>;
  readonly sheetOverlaysManager?: SheetOverlays;
  readonly loggerModule?: CrawlLogger;
  /** Each request's politeness: the next request to its server waits for the rest after it. */
  readonly politeness?: PolitenessSource;
}

/** One page's share: the URIs its requests fetched (disposed of once it is rendered) and what was refused. */
export class PageRequests {
  readonly fetched: CrawlUri[] = [];
  /** Requests refused (scope, method, robots.txt, failed fetches), by reason. */
  readonly refused = new Map<string, number>();
  /** Every URL the page asked for (its outlinks once rendered). */
  readonly asked = new Set<string>();
  /** Set once what its requests fetched was disposed of: a fetch ending later is disposed of at once. */
  disposed = false;

  constructor(readonly page: CrawlUri) {}

  refuse(why: string): Served {
    this.refused.set(why, (this.refused.get(why) ?? 0) + 1);
    return { kind: 'refused', why };
  }
}

/** The annotation of every URI fetched for a page's request (its via is the page). */
export const BROWSER_ANNOTATION = 'browser';
/** The context of a page's requests as outlinks (Heritrix writes a context of its own kind as `=NAME`). */
export const BROWSER_CONTEXT = '=BROWSER';
/** How many prerequisites (dns:, robots.txt) one request may wait behind before it is given up. */
const MAX_PREREQUISITES = 3;
/** The longest a page's request waits for the frontier's fetch of the same URI to be written, to be served from its record. */
const IN_FLIGHT_WAIT_MS = 15_000;
/** Response headers not passed to the browser: the body it gets is decoded and whole. */
const DROPPED_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * Answers a page's requests through the crawl. A request is a candidate like any outlink (its
 * sheets, then the candidate chain: scope, preparation); one refused is not fetched. Then, by its
 * canonical key: what the crawl kept (the cache) serves it; a fetch of it under way for another
 * page is shared; else the key is marked in the uniq filter (an extractor's copy is then not
 * scheduled) and the URI goes through the fetch chain (preconditions: robots.txt, DNS, each
 * prerequisite fetched and written first; FetchHttp with the crawl's user agent, cookies and
 * credentials), one request at a time per server, each after the server's rest from the one before
 * (the politeness the frontier gives a queue). What it fetched is written by the disposition
 * chain and logged once its page is rendered (its outlinks are scheduled then, after those the
 * page itself asked for were marked), and is kept in the cache for the next page.
 */
export class SubresourceFetcher {
  readonly #inFlight = new Map<string, Promise<Served>>();
  readonly #servers = new Map<string, Promise<unknown>>();
  /** What pages' requests fetched and their pages have not yet written, by URI: served to other pages meanwhile (the cache may not keep it). */
  readonly #unwritten = new Map<string, Served>();
  /** Requests answered, by how. */
  readonly counts = { asked: 0, fetched: 0, fromCache: 0, refused: 0, again: 0, fromRecord: 0, unread: 0 };

  /** When the frontier's fetch of a URI in flight is done (undefined when none is); kept only with `recorded`. */
  readonly #frontierDone?: (uri: string) => Promise<void> | undefined;

  /**
   * `recorded`: where the crawl wrote each response, read back for a request the cache cannot serve
   * (and, for a URI the frontier is fetching at the time, once that fetch is written).
   */
  constructor(readonly paths: CrawlPaths, readonly cache: SubresourceCache, readonly recorded?: RecordedResponses) {
    if (recorded !== undefined) this.#frontierDone = paths.frontier?.trackInFlight?.();
  }

  async serve(url: string, method: string, page: PageRequests): Promise<Served> {
    this.counts.asked++;
    page.asked.add(url);
    if (method !== 'GET' && method !== 'HEAD') return this.#refuse(page, 'method');
    if (!url.startsWith('http:') && !url.startsWith('https:')) return this.#refuse(page, 'scheme');
    const child = page.page.child({ uri: url, hop: Hop.EMBED, context: BROWSER_CONTEXT });
    child.worker = page.page.worker;
    await this.#judge(child);
    if (child.fetchStatus < 0) return this.#refuse(page, 'scope');
    const key = child.uri;
    const kept = await this.cache.get(key);
    // Kept in the cache, or fetched for another page that has not written it yet.
    const known = kept ?? this.#unwritten.get(key);
    if (known !== undefined) {
      this.counts.fromCache++;
      return this.#answer(page, known);
    }
    const flying = this.#inFlight.get(key);
    if (flying !== undefined) {
      this.counts.fromCache++;
      return this.#answer(page, await flying);
    }
    const fetching = this.#fetchOnce(child, key, page);
    this.#inFlight.set(key, fetching);
    try {
      return this.#answer(page, await fetching);
    } finally {
      this.#inFlight.delete(key);
    }
  }

  /** What the page gets: the response, or its refusal counted against the page. */
  #answer(page: PageRequests, served: Served): Served {
    return served.kind === 'refused' ? this.#refuse(page, served.why) : served;
  }

  /** Writes and logs what the page's requests fetched, once the page is rendered. */
  async dispose(page: PageRequests): Promise<void> {
    page.disposed = true;
    for (const curi of page.fetched) await this.#dispose(curi, true);
    page.fetched.length = 0;
  }

  #refuse(page: PageRequests, why: string): Served {
    this.counts.refused++;
    return page.refuse(why);
  }

  /** Its sheets and the candidate chain, as CandidateAdmission judges any candidate; nothing written (a crawl mapper's divert file). */
  async #judge(child: CrawlUri): Promise<void> {
    child.overlay = this.paths.sheetOverlaysManager?.overlayFor(child);
    child.judgedOnly = true;
    try {
      await this.paths.candidateChain.run(child);
    } finally {
      child.judgedOnly = false;
    }
  }

  /** Keeps what the crawl fetched of a URI on its own (its queued copy, fetched before any page asked for it), for pages that will. */
  async keep(curi: CrawlUri): Promise<void> {
    if (!this.cache.has(curi.uri)) await this.cache.put(curi.uri, servedOf(curi));
  }

  async #fetchOnce(child: CrawlUri, key: string, page: PageRequests): Promise<Served> {
    let recorded = await this.#recorded(key);
    // Not the page itself (in flight until it is rendered); two pages asking for each other wait at most IN_FLIGHT_WAIT_MS.
    const inFlight = recorded === undefined && child.uri !== page.page.uri ? this.#frontierDone?.(child.uri) : undefined;
    if (inFlight !== undefined) {
      // The frontier is fetching it now: its record, once written, serves the page.
      await orAfter(inFlight, IN_FLIGHT_WAIT_MS, undefined);
      recorded = await this.#recorded(key);
    }
    if (recorded !== undefined) {
      await this.cache.put(key, recorded);
      return recorded;
    }
    const frontier = this.paths.frontier;
    // The frontier marks its key seen once it is written (fetchedElsewhere), and holds back a queued copy meanwhile; without one, it is marked now.
    if (frontier?.fetchedElsewhere) frontier.claimElsewhere?.(child.uri, child.queueKey);
    else if (!(await this.paths.uriUniqFilter.add(child.canonicalKey || key))) this.counts.again++;
    const served = await this.#oneAtATime(child, () => this.#fetch(child, page));
    await this.cache.put(key, served);
    return served;
  }

  /**
   * What the crawl recorded of the key (fetched by the frontier on a site not rendered, or dropped
   * from the cache), read back from its WARC record; undefined when nothing was, or when it cannot
   * be read (the file gone: the request is then fetched again, counted `unread`).
   */
  async #recorded(key: string): Promise<Served | undefined> {
    const read = await this.recorded?.read(key);
    if (read === undefined) return undefined;
    if (typeof read === 'string') {
      this.counts.unread++;
      return undefined;
    }
    this.counts.fromRecord++;
    return read;
  }

  /** The rest its server gets after a request made outside this fetcher (the page itself): the next request there waits for it. */
  rest(curi: CrawlUri): void {
    void this.#oneAtATime(curi, async () => undefined);
  }

  /**
   * One request at a time per server (host:port), the page's requests and other pages' alike, each
   * after the rest from the one before: clamp(delayFactor × fetch time, minDelayMs, maxDelayMs) from
   * the end of its fetch, as the frontier rests a queue (no rest after a request not made).
   */
  async #oneAtATime<T>(curi: CrawlUri, work: () => Promise<T>): Promise<T> {
    const server = curi.url?.host ?? '';
    const before = this.#servers.get(server) ?? Promise.resolve();
    const mine = before.then(work, work);
    // The next request to the server waits for this one to end, however it ended, and the rest after it; its caller gets its error from `mine`.
    const tail = mine.catch(() => undefined).then(() => this.#rested(curi));
    this.#servers.set(server, tail);
    tail.then(() => this.#servers.get(server) === tail && this.#servers.delete(server));
    return mine;
  }

  /** Resolves once the server's rest after `curi` has passed. */
  async #rested(curi: CrawlUri): Promise<void> {
    const politeness = this.paths.politeness?.politenessFor(curi);
    if (politeness === undefined || curi.fetchBeginTime === 0) return;
    const ms = curi.fetchBeginTime + curi.fetchDurationMs + politenessDelayMs(curi, politeness) - Date.now();
    // Unref'd: a rest nobody waits for (the crawl ended) does not keep the process alive.
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms).unref());
  }

  async #fetch(child: CrawlUri, page: PageRequests): Promise<Served> {
    await this.#through(child, 0);
    this.counts.fetched++;
    child.annotations.push(BROWSER_ANNOTATION);
    // A request the page made as it was closed: nobody waits to dispose of it.
    const served = servedOf(child);
    if (page.disposed) await this.#dispose(child, true);
    else {
      page.fetched.push(child);
      this.#unwritten.set(child.uri, served);
    }
    return served;
  }

  /** The fetch chain, with each prerequisite it asks for (dns:, robots.txt) fetched and written first. */
  async #through(curi: CrawlUri, depth: number): Promise<void> {
    const chain = this.paths.fetchChain();
    if (chain === undefined) throw new Error('BrowserProcessor is not in a fetch chain');
    curi.resetForRetry();
    for (let i = 0; ; i++) {
      try {
        await chain.run(curi);
      } catch (e) {
        curi.fetchStatus = FetchStatus.RUNTIME_EXCEPTION;
        curi.annotations.push('err=runtime');
        this.paths.loggerModule?.runtimeError(curi, e);
        return;
      }
      const link = curi.prerequisite;
      if (link === undefined || i >= MAX_PREREQUISITES || depth >= MAX_PREREQUISITES) return;
      const pre = curi.child(link);
      pre.forceFetch = true;
      pre.queueKey = curi.queueKey;
      pre.overlay = curi.overlay;
      pre.worker = curi.worker;
      await this.#through(pre, depth + 1);
      await this.#dispose(pre, false);
      curi.resetForRetry();
    }
  }

  /**
   * The disposition chain (writers, receivers, candidates) and its work behind, as the controller
   * runs it for any URI; then the frontier takes it as the crawl's fetch of it (its key marked seen
   * only now that it is written, counted, crawl.log), or without one that can, crawl.log here.
   * `asked`: a page's request (not a prerequisite), counted when seen before.
   */
  async #dispose(curi: CrawlUri, asked: boolean): Promise<void> {
    const logger = this.paths.loggerModule;
    try {
      await this.paths.dispositionChain.run(curi);
    } catch (e) {
      logger?.runtimeError(curi, e);
    }
    await curi.behindDone;
    const frontier = this.paths.frontier;
    if (frontier?.fetchedElsewhere) {
      try {
        if (!(await frontier.fetchedElsewhere(curi)) && asked) this.counts.again++;
      } catch (e) {
        logger?.runtimeError(curi, e);
      }
    } else {
      // Without a frontier to tell its listeners (onFinal), where it was written is noted here.
      this.recorded?.note(curi);
      for (const e of curi.behindErrors ?? []) logger?.runtimeError(curi, e);
      try {
        logger?.crawled(curi);
      } catch (e) {
        logger?.runtimeError(curi, e);
      }
    }
    // Only now that its record is noted (onFinal, or above) is it read from there rather than from here.
    if (asked) this.#unwritten.delete(curi.uri);
    const files = curi.scratchFiles ?? [];
    curi.scratchFiles = undefined;
    // Not awaited: a scratch file that cannot be removed is only disk space in the scratch folder, which the next launch empties.
    for (const file of files) unlink(file).catch(() => undefined);
  }
}

/** What the browser gets for a fetched URI: its response decoded, or a refusal saying its status. */
function servedOf(curi: CrawlUri): Served {
  const response = curi.response;
  if (curi.fetchStatus <= 0 || response === undefined) return { kind: 'refused', why: `status ${curi.fetchStatus}` };
  return { kind: 'response', status: response.statusCode, headers: browserHeaders(response.rawHeaders), body: response.body };
}

/** A response's headers for the browser, which gets the body decoded and whole: no content or transfer coding, no length. */
export function browserHeaders(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (DROPPED_HEADERS.has(name)) continue;
    headers[name] = headers[name] === undefined ? raw[i + 1] : `${headers[name]}${name === 'set-cookie' ? '\n' : ', '}${raw[i + 1]}`;
  }
  return headers;
}
