import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server answers for one path: a page, or a handler for anything scripted. */
export type Route =
  | { status?: number; headers?: Record<string, string>; body?: string | Buffer; delayMs?: number }
  | ((req: IncomingMessage, res: ServerResponse) => void);

export interface RequestRecord {
  readonly path: string;
  readonly at: number;
  readonly headers: IncomingMessage['headers'];
}

/**
 * A test site on 127.0.0.1, port 0: routes by path (query included), 404 for anything else,
 * every request recorded with its time, so tests can check what was fetched, and when.
 */
export class SiteServer {
  readonly requests: RequestRecord[] = [];
  readonly #server: Server;
  #inFlight = 0;
  maxInFlight = 0;

  private constructor(readonly routes: Map<string, Route>) {
    this.#server = createServer((req, res) => this.#handle(req, res));
    this.#server.keepAliveTimeout = 5000;
  }

  static async start(routes: Record<string, Route>): Promise<SiteServer> {
    const s = new SiteServer(new Map(Object.entries(routes)));
    await new Promise<void>((resolve) => s.#server.listen(0, '127.0.0.1', resolve));
    return s;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  /** `http://127.0.0.1:PORT` */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  paths(): string[] {
    return this.requests.map((r) => r.path);
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '/';
    this.requests.push({ path, at: Date.now(), headers: req.headers });
    this.#inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.#inFlight);
    res.on('close', () => this.#inFlight--);
    const route = this.routes.get(path);
    if (typeof route === 'function') {
      route(req, res);
      return;
    }
    const send = () => {
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>not found</body></html>');
        return;
      }
      res.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers });
      res.end(route.body ?? '');
    };
    if (route && typeof route !== 'function' && route.delayMs) setTimeout(send, route.delayMs);
    else send();
  }
}

/** A page linking to the given hrefs. */
export function page(title: string, hrefs: readonly string[] = [], extra = ''): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${extra}\n${hrefs.map((h) => `<a ` +
    `href="${h}">${h}</a>`).join('\n')}</body></html>`;
}

/** A site of a home page linking to `n` pages, /p0 to /p(n-1), and no robots.txt. */
export function linkedSite(n: number): Promise<SiteServer> {
  const routes: Record<string, Route> = { '/robots.txt': { status: 404 }, '/': { body: page('home', Array.from({ length: n }, (_, i) => `/p${i}`)) } };
  for (let i = 0; i < n; i++) routes[`/p${i}`] = { body: page(`p${i}`) };
  return SiteServer.start(routes);
}
