/**
 * Serves the synthetic site (or a folder of static files) on 127.0.0.1, port 0, in its own
 * process so that crawler and server do not share an event loop. Prints `PORT <n>` when ready.
 * The synthetic site's pages are all generated before that, so that the first crawler measured
 * does not pay for generating them (they are served from memory, as nginx serves a warm cache).
 * Usage: node site-server-process.js [pages] [links] [pageBytes] | --dir FOLDER
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SHAPE, pageNumber, sitePage } from './synthetic-site.js';

const args = process.argv.slice(2);
const dir = args[0] === '--dir' ? args[1] : undefined;
const shape = {
  pages: Number(args[0] ?? DEFAULT_SHAPE.pages) || DEFAULT_SHAPE.pages,
  links: Number(args[1] ?? DEFAULT_SHAPE.links) || DEFAULT_SHAPE.links,
  pageBytes: Number(args[2] ?? DEFAULT_SHAPE.pageBytes) || DEFAULT_SHAPE.pageBytes,
};
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.htm': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.json': 'application/json',
  '.xml': 'application/xml', '.png': 'image/png', '.gif': 'image/gif', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon', '.txt': 'text/plain', '.pdf': 'application/pdf', '.woff': 'font/woff', '.woff2': 'font/woff2',
};
const cache = new Map<number, Buffer>();
if (!dir) for (let n = 0; n < shape.pages; n++) cache.set(n, Buffer.from(sitePage(n, shape)));

const server = createServer(async (req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  if (dir) {
    try {
      const file = join(dir, normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, ''), path.endsWith('/') ? 'index.html' : '');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': body.length }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/html' }).end('not found');
    }
    return;
  }
  if (path === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow:\n');
  const n = pageNumber(path, shape);
  if (n === undefined) return void res.writeHead(404, { 'content-type': 'text/html' }).end('not found');
  let body = cache.get(n);
  if (!body) cache.set(n, (body = Buffer.from(sitePage(n, shape))));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length }).end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${(server.address() as AddressInfo).port}\n`));
