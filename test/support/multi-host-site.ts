import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fetchCounts, maxConcurrencyPerHost, minGapPerHost, overlapsPerHost, type AccessEntry } from './access-log.js';
import { seededRandom } from './seeded-random.js';
import { until } from './until.js';

export interface MultiHostSiteOptions {
  /** How many hosts (127.0.0.2, 127.0.0.3, …); 3 by default, at most 253. */
  readonly hosts?: number;
  /** Pages on each host (K), its start page `/` among them; 5 by default. */
  readonly pagesPerHost?: number;
  /** Links each page has besides its chain links, picked by the seed: half on its host, half on any; 4 by default. */
  readonly extraLinks?: number;
  /** The seed of the link graph; the same seed gives the same graph. */
  readonly seed?: number;
  /** How long every response waits before it is sent, so that fetches overlapping in time would show. */
  readonly delayMs?: number;
  /** A file to append the access log to as well, one JSON object (AccessEntry) a line. */
  readonly logFile?: string;
}

/**
 * A site of several hosts on loopback for crawls spread over workers: host h is the address
 * 127.0.0.(h + 2), all on one port, each its own node:http listener in this process (Linux
 * routes all of 127/8 to lo, so no interface needs configuring), told apart by the address a
 * connection came to. Each host has K pages: `/` and `/page/1.html` … `/page/(K-1).html`; page p
 * links to page p + 1 of its host (a relative link), every start page to the next host's (an
 * absolute one), and each page to `extraLinks` pages picked by a seeded generator, half on its
 * host and half on any. So every page is reachable from `seeds` (every start page), or from the
 * first alone. robots.txt allows everything; any other path is a 404.
 * Every request goes into `log` (and `logFile`) with its start and end; the helpers of
 * access-log.ts work them out per host.
 */
export class MultiHostSite {
  /** Every request, in the order they ended. */
  readonly log: AccessEntry[] = [];
  /** The host addresses, 127.0.0.2 first. */
  readonly hosts: readonly string[];
  /** The wait before each response; may be changed between fetches. */
  delayMs: number;
  /** While set, every response waits for it to settle too, before its `delayMs`: a gate the test opens once it is ready for the crawl to go on. */
  gate?: Promise<unknown>;
  /** Before the port is known: `h|path` of each page → those of its links. */
  readonly #graph: ReadonlyMap<string, readonly string[]>;
  /** Then: URL of each page → URLs of its links. */
  #links: ReadonlyMap<string, readonly string[]> = new Map();
  #pages: ReadonlyMap<string, number> = new Map();
  #seeds: readonly string[] = [];
  readonly #servers: Server[] = [];
  #logFile?: WriteStream;
  #port = 0;
  #inFlight = 0;
  /** The URL of every request started and not yet logged (a URL twice when it is asked for twice at once). */
  readonly #inFlightUrls: string[] = [];

  private constructor(options: MultiHostSiteOptions) {
    const hosts = options.hosts ?? 3;
    if (!Number.isInteger(hosts) || hosts < 1 || hosts > 253) throw new Error(`hosts must be 1 to 253, not ${hosts}`);
    this.hosts = Array.from({ length: hosts }, (_, h) => `127.0.0.${h + 2}`);
    this.delayMs = options.delayMs ?? 0;
    this.#graph = linkGraph(hosts, options.pagesPerHost ?? 5, options.extraLinks ?? 4, options.seed ?? 1);
  }

  /** Starts a listener on every host's address, all on one free port. */
  static async create(options: MultiHostSiteOptions = {}): Promise<MultiHostSite> {
    const site = new MultiHostSite(options);
    await site.#listen();
    const url = (ref: string) => `http://${site.hosts[Number(ref.split('|')[0])]}:${site.#port}${ref.split('|')[1]}`;
    site.#links = new Map([...site.#graph].map(([ref, links]) => [url(ref), links.map(url)]));
    site.#pages = new Map([...site.#links.keys()].map((u) => [u, 200]));
    site.#seeds = site.hosts.map((_, h) => url(`${h}|/`));
    if (options.logFile) site.#logFile = createWriteStream(options.logFile, { flags: 'a' });
    return site;
  }

  get port(): number {
    return this.#port;
  }

  /** Every page's URL and the status it answers with (200), hosts in order, `/` first on each. */
  get pages(): ReadonlyMap<string, number> {
    return this.#pages;
  }

  /** Each host's start page (`http://127.0.0.2:PORT/`, …). */
  get seeds(): readonly string[] {
    return this.#seeds;
  }

  /** The absolute URLs a page links to (in its order, repeats kept), or undefined for no page of the site. */
  linksOf(url: string): readonly string[] | undefined {
    return this.#links.get(url);
  }

  /** Requests started and not yet logged. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** The URLs of the requests started and not yet logged (held for `delayMs`, or being sent). */
  get inFlightUrls(): readonly string[] {
    return [...this.#inFlightUrls];
  }

  /**
   * Waits until every request started has been logged: a client may have its whole response a
   * moment before the site has seen the response end, so a test reads the log after this.
   */
  async settled(timeoutMs = 10_000): Promise<void> {
    await until(() => this.#inFlight === 0, `the site's ${this.#inFlight} requests in flight to end`, { timeoutMs, everyMs: 5 });
  }

  /** Per host: pairs of requests that overlapped in time. */
  overlapsPerHost(): Map<string, number> {
    return overlapsPerHost(this.log);
  }

  /** Per host with two requests or more: the smallest time from one request's end to the next one's start (ms; negative for an overlap). */
  minGapPerHost(): Map<string, number> {
    return minGapPerHost(this.log);
  }

  /** Per host: the most requests running at one moment. */
  maxConcurrencyPerHost(): Map<string, number> {
    return maxConcurrencyPerHost(this.log);
  }

  /** URL → how many times it was requested (robots.txt and 404s included). */
  fetchCounts(): Map<string, number> {
    return fetchCounts(this.log);
  }

  /** Forgets the requests so far (not those of the file). */
  clearLog(): void {
    this.log.length = 0;
  }

  /** Stops every listener, cutting open connections, and closes the log file. */
  async close(): Promise<void> {
    await Promise.all(this.#servers.splice(0).map((s) => new Promise((resolve) => {
      s.close(resolve);
      s.closeAllConnections();
    })));
    const file = this.#logFile;
    this.#logFile = undefined;
    if (file) await new Promise((resolve) => file.end(resolve));
  }

  #handle(host: string, req: IncomingMessage, res: ServerResponse): void {
    const start = now();
    const path = req.url ?? '/';
    const url = `http://${host}:${this.#port}${path}`;
    this.#inFlight++;
    this.#inFlightUrls.push(url);
    // A response's end is when its last byte was handed to the socket ('finish'): its 'close' may come well after, on a loaded machine.
    let finished: number | undefined;
    res.once('finish', () => (finished = now()));
    res.once('close', () => {
      this.#inFlight--;
      this.#inFlightUrls.splice(this.#inFlightUrls.indexOf(url), 1);
      const entry: AccessEntry = { host, path, url, status: res.headersSent ? res.statusCode : 0, start, end: finished ?? now() };
      this.log.push(entry);
      this.#logFile?.write(`${JSON.stringify(entry)}\n`);
    });
    const respond = () => {
      if (path === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow:\n');
      const links = this.#links.get(url);
      if (!links) return void res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Not found</title>');
      const body = Buffer.from(page(url, links, host, this.#port));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length }).end(body);
    };
    const delayed = () => {
      if (res.destroyed) return;
      if (this.delayMs > 0) {
        // A request cut while it waits gets no answer (and keeps no timer).
        const timer = setTimeout(respond, this.delayMs);
        res.once('close', () => clearTimeout(timer));
      } else {
        respond();
      }
    };
    if (this.gate) void this.gate.then(delayed, delayed);
    else delayed();
  }

  async #listen(): Promise<void> {
    // Port 0 picks a port free on the first address; another process may hold it on a later one: try again.
    for (let tries = 0; ; tries++) {
      try {
        this.#port = await this.#listenOn(this.hosts[0], 0);
        for (const host of this.hosts.slice(1)) await this.#listenOn(host, this.#port);
        return;
      } catch (e) {
        await this.close();
        if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || tries >= 20) throw e;
      }
    }
  }

  #listenOn(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = createServer((req, res) => this.#handle(host, req, res));
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        this.#servers.push(server);
        resolve((server.address() as AddressInfo).port);
      });
    });
  }
}

/** Milliseconds on a monotonic clock, as epoch time (comparable with Date.now()). */
function now(): number {
  return performance.timeOrigin + performance.now();
}

/** Every page as `h|path` → the `h|path` of its links (see MultiHostSite). */
function linkGraph(hosts: number, pagesPerHost: number, extraLinks: number, seed: number): Map<string, string[]> {
  const path = (p: number) => (p === 0 ? '/' : `/page/${p}.html`);
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const graph = new Map<string, string[]>();
  for (let h = 0; h < hosts; h++) {
    for (let p = 0; p < pagesPerHost; p++) {
      const links: string[] = [];
      if (p + 1 < pagesPerHost) links.push(`${h}|${path(p + 1)}`);
      if (p === 0 && hosts > 1) links.push(`${(h + 1) % hosts}|/`);
      for (let i = 0; i < extraLinks; i++) {
        const to = i % 2 === 0 ? h : pick(hosts);
        links.push(`${to}|${path(pick(pagesPerHost))}`);
      }
      graph.set(`${h}|${path(p)}`, links);
    }
  }
  return graph;
}

/** A page's HTML: links on its own host relative, others absolute. */
function page(url: string, links: readonly string[], host: string, port: number): string {
  const origin = `http://${host}:${port}`;
  const items = links.map((l) => `<li><a href="${l.startsWith(`${origin}/`) ? l.slice(origin.length) : l}">${l}</a></li>`).join('\n');
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${url}</title></head>\n<body><h1>${url}</h1>\n<ul>\n${items}\n</ul>\n</body></html>\n`;
}
