/**
 * The least JavaScript that leaves what beancrawl's site-mirror leaves, without durable state:
 * the ceiling issue 38 measures beancrawl against. undici requests and htmlparser2 links (a/@href,
 * link/@href, img/@src, script/@src on the seed's origin, robots.txt first), and for each URI:
 * - WARC records as beancrawl's default chain writes them (response, request, metadata listing
 *   the outlinks), after one warcinfo: each record its own gzip member at zlib's level 6 (as
 *   beancrawl's default), each with WARC-Block-Digest, the response with WARC-Payload-Digest
 *   (sha1, base32), appended to one file;
 * - one file a page in a mirror (`http_HOST_PORT/path`, `index.html` for a path ending in `/`),
 *   written under a name of its own beside the mirror and renamed into place, as beancrawl does;
 * - one crawl.log-like line.
 * No shortcut beancrawl could not take: the same compression level, both digests, every record.
 * Usage: node same-work-loop.js START_URL CONCURRENCY OUT_DIR. Prints `PAGES <n> URIS <n>` at the end.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { Parser } from 'htmlparser2';
import { Agent } from 'undici';

const gzip = promisify(gzipCallback);
const [start, inFlight = '1', out = 'same-work-out'] = process.argv.slice(2);
if (start === undefined) throw new Error('usage: same-work-loop.js START_URL CONCURRENCY OUT_DIR');
const concurrency = Number(inFlight);
const origin = new URL(start).origin;
const agent = new Agent({ connections: concurrency, keepAliveTimeout: 60_000 });
const robots = `${origin}/robots.txt`;
const seen = new Set<string>([robots, start]);
const queue: string[] = [robots, start];
const mirror = join(out, 'mirror');
const staging = `${mirror}.partial`;
const hostFolder = `http_${new URL(origin).hostname}_${new URL(origin).port}`;
let pages = 0;
let uris = 0;
let staged = 0;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let s = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      s += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) s += BASE32[(value << (5 - bits)) & 31];
  return s;
}
const sha1 = (...parts: Buffer[]): string => {
  const h = createHash('sha1');
  for (const p of parts) h.update(p);
  return `sha1:${base32(h.digest())}`;
};

// One WARC file, records appended in the order they are ready (each a whole gzip member).
await mkdir(join(out, 'warcs'), { recursive: true });
await mkdir(staging, { recursive: true });
const warc = createWriteStream(join(out, 'warcs', 'same-work.warc.gz'));
const log = createWriteStream(join(out, 'crawl.log'));
let warcOffset = 0;

/** Appends a record; its id and the offset it was written at. */
async function record(
  type: string, uri: string | undefined, contentType: string, block: Buffer, extra: Record<string, string> = {},
): Promise<[string, number]> {
  const id = `<urn:uuid:${randomUUID()}>`;
  const head = [
    'WARC/1.1', `WARC-Type: ${type}`, `WARC-Record-ID: ${id}`, `WARC-Date: ${new Date().toISOString()}`,
    ...(uri === undefined ? [] : [`WARC-Target-URI: ${uri}`]),
    ...Object.entries(extra).map(([k, v]) => `${k}: ${v}`),
    `WARC-Block-Digest: ${sha1(block)}`, `Content-Type: ${contentType}`, `Content-Length: ${block.length}`, '', '',
  ].join('\r\n');
  const member = await gzip(Buffer.concat([Buffer.from(head), block, Buffer.from('\r\n\r\n')]), { level: 6 });
  const offset = warcOffset;
  warcOffset += member.length;
  if (!warc.write(member)) await new Promise<void>((r) => warc.once('drain', () => r()));
  return [id, offset];
}

await record('warcinfo', undefined, 'application/warc-fields', Buffer.from('software: same-work-loop\r\nformat: WARC File Format 1.1\r\n'));

const folders = new Set<string>();
async function mirrorWrite(url: URL, body: Buffer): Promise<void> {
  const path = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
  const file = join(mirror, hostFolder, decodeURIComponent(path) + (url.search ? `#${url.search.slice(1)}` : ''));
  const dir = dirname(file);
  if (!folders.has(dir)) {
    await mkdir(dir, { recursive: true });
    folders.add(dir);
  }
  const temp = join(staging, String(staged++));
  await writeFile(temp, body);
  await rename(temp, file);
}

function links(html: string, base: string): string[] {
  const found: string[] = [];
  const add = (href: string | undefined) => {
    if (!href) return;
    try {
      const u = new URL(href, base);
      u.hash = '';
      if (u.origin === origin) found.push(u.href);
    } catch {
      // not a URL
    }
  };
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'a' || name === 'link') add(attrs.href);
      else if (name === 'img' || name === 'script') add(attrs.src);
    },
  }, { decodeEntities: true });
  parser.end(html);
  return found;
}

async function fetchOne(uri: string): Promise<void> {
  const url = new URL(uri);
  const target = url.pathname + url.search;
  const requestHead = `GET ${target} HTTP/1.1\r\nHost: ${url.host}\r\nUser-Agent: same-work-loop\r\nConnection: keep-alive\r\n\r\n`;
  const began = Date.now();
  const res = await agent.request({ origin, path: target, method: 'GET', headers: { 'user-agent': 'same-work-loop' } });
  const body = Buffer.from(await res.body.arrayBuffer());
  uris++;
  const headerLines = Object.entries(res.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}: ${x}`) : [`${k}: ${v}`]));
  const head = Buffer.from(`HTTP/1.1 ${res.statusCode} ${res.statusText || ''}\r\n${headerLines.join('\r\n')}\r\n\r\n`);
  const type = String(res.headers['content-type'] ?? '');
  const html = res.statusCode === 200 && type.includes('html');
  const outlinks = html ? links(body.toString('latin1'), uri) : [];
  const payloadDigest = sha1(body);
  const [responseId, offset] = await record('response', uri, 'application/http; msgtype=response', Buffer.concat([head, body]), {
    'WARC-IP-Address': '127.0.0.1', 'WARC-Payload-Digest': payloadDigest,
  });
  await record('request', uri, 'application/http; msgtype=request', Buffer.from(requestHead), { 'WARC-Concurrent-To': responseId });
  const metadata = [`fetchTimeMs: ${Date.now() - began}`, ...outlinks.map((l) => `outlink: ${l} L a/@href`)].join('\r\n');
  await record('metadata', uri, 'application/warc-fields', Buffer.from(`${metadata}\r\n`), { 'WARC-Concurrent-To': responseId });
  if (res.statusCode === 200) await mirrorWrite(url, body);
  if (html) pages++;
  log.write(`${new Date(began).toISOString()} ${res.statusCode} ${body.length} ${uri} - - ${type || '-'} #001 - ${payloadDigest} - ` +
    `warc:same-work.warc.gz:${offset}\n`);
  for (const l of outlinks) if (!seen.has(l)) {
    seen.add(l);
    queue.push(l);
  }
}

async function worker(): Promise<void> {
  for (let uri = queue.shift(); uri; uri = queue.shift()) await fetchOne(uri);
}

// robots.txt first, alone, as a crawler that honours it must.
await fetchOne(queue.shift()!);
const active: Promise<void>[] = [];
for (;;) {
  while (active.length < concurrency && queue.length) {
    const p: Promise<void> = worker().then(() => void active.splice(active.indexOf(p), 1));
    active.push(p);
  }
  if (!active.length) break;
  await Promise.race(active);
}
await agent.close();
await new Promise<void>((r) => warc.end(r));
await new Promise<void>((r) => log.end(r));
process.stdout.write(`PAGES ${pages} URIS ${uris}\n`);
