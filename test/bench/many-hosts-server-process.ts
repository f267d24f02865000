/**
 * Serves the many-hosts site (many-hosts-site.ts) from one process: one node:http server per
 * loopback address, all on the same port and sharing one request handler (Linux routes all of
 * 127.0.0.0/8 to lo, so any 127.x.y.z can be bound without configuring an interface; one server
 * on 0.0.0.0 would also answer every such address, but it would listen on every interface
 * too). The page's host is told by the address the connection came to (socket.localAddress),
 * not by the Host header. Pages are generated before it says `PORT <n>`.
 * Counts connections and requests per host; on an IPC message `stats` (optionally `stats-reset`)
 * it answers with them, so that counting does not add a request of its own.
 * One process serves the hosts FIRST … FIRST + COUNT − 1 (all of them by default): a process may
 * hold only so many descriptors (ulimit -n, 20,000 here), and each address is a listening socket
 * beside the connections it accepts, so many-hosts-server.ts starts a process per 5,000 hosts.
 * Pages are made once at start when the site has at most 200,000 of them, else on each request
 * (a million 4 KB pages would be 4 GB).
 * Usage (with an IPC channel): node many-hosts-server-process.js HOSTS PAGES_PER_HOST LINKS PAGE_BYTES [FIRST COUNT]
 * (MANY_HOSTS_PORT: the port, 0 to pick one; MANY_HOSTS_KEEP_ALIVE_MS: the servers' keepAliveTimeout, 60,000.)
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_MANY_HOSTS, hostAddress, hostOf, manyHostsPage, pageOf } from './many-hosts-site.js';

const a = process.argv.slice(2).map(Number);
const shape = {
  hosts: a[0] || DEFAULT_MANY_HOSTS.hosts, pagesPerHost: a[1] || DEFAULT_MANY_HOSTS.pagesPerHost,
  links: a[2] || DEFAULT_MANY_HOSTS.links, pageBytes: a[3] || DEFAULT_MANY_HOSTS.pageBytes,
};
const first = a[4] || 0;
const count = a[5] || shape.hosts - first;
const keepAliveMs = Number(process.env.MANY_HOSTS_KEEP_ALIVE_MS ?? 60_000);
let connections = new Uint32Array(count);
let requests = new Uint32Array(count);
let notFound = 0;
let pages: Buffer[][] | undefined;
let port = 0;
const PRECOMPUTED_PAGES = 200_000;

/** This process's index of an address's host, or undefined when it is not one of its hosts. */
const indexOf = (address: string): number | undefined => {
  const h = hostOf(address, shape);
  return h !== undefined && h >= first && h < first + count ? h - first : undefined;
};

const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void => {
  const h = indexOf(req.socket.localAddress ?? '');
  if (h === undefined) return void res.writeHead(421, { 'content-type': 'text/plain' }).end('not one of the hosts');
  requests[h]++;
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow:\n');
  const p = pageOf(path, shape);
  if (p === undefined) {
    notFound++;
    return void res.writeHead(404, { 'content-type': 'text/html' }).end('not found');
  }
  const body = pages ? pages[h][p] : Buffer.from(manyHostsPage(p * shape.hosts + first + h, shape, port));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length }).end(body);
};
const onConnection = (s: Socket): void => {
  const h = indexOf(s.localAddress ?? '');
  if (h !== undefined) connections[h]++;
};

function listenAll(port: number): Promise<{ port: number; servers: Server[] }> {
  const servers: Server[] = [];
  const listen = (i: number, p: number) => new Promise<number>((res, rej) => {
    const s = createServer(handler);
    s.keepAliveTimeout = keepAliveMs;
    s.on('connection', onConnection);
    s.once('error', rej);
    s.listen(p, hostAddress(first + i), () => {
      s.off('error', rej);
      servers.push(s);
      res((s.address() as import('node:net').AddressInfo).port);
    });
  });
  return (async () => {
    let p = port;
    try {
      p = await listen(0, port);
      for (let i = 1; i < count; i++) await listen(i, p);
      return { port: p, servers };
    } catch (e) {
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
      throw e;
    }
  })();
}

async function main(): Promise<void> {
  const wanted = Number(process.env.MANY_HOSTS_PORT ?? 0);
  let bound: { port: number; servers: Server[] } | undefined;
  // Port 0 picks a port free on the first address; another process may hold it on a later one: try again.
  for (let tries = 0; !bound; tries++) {
    try {
      bound = await listenAll(wanted);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || wanted !== 0 || tries > 20) throw e;
    }
  }
  port = bound.port;
  if (count * shape.pagesPerHost <= PRECOMPUTED_PAGES) {
    pages = Array.from({ length: count }, (_, h) => Array.from({ length: shape.pagesPerHost }, (_, p) => Buffer.from(manyHostsPage(p * shape.hosts + first + h, shape, port))));
  }
  process.on('message', (m) => {
    if (m !== 'stats' && m !== 'stats-reset') return;
    process.send!({ connections: [...connections], requests: [...requests], notFound });
    if (m === 'stats-reset') {
      connections = new Uint32Array(count);
      requests = new Uint32Array(count);
      notFound = 0;
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.stdout.write(`PORT ${bound.port}\n`);
}

await main();
