/**
 * The least JavaScript that leaves what beancrawl's site-mirror leaves, without durable state:
 * the ceiling issue 38 measures beancrawl against, so it is kept as fast as that much work can be.
 * undici requests and htmlparser2 links (a/@href, link/@href, img/@src, script/@src on the seed's
 * origin, robots.txt first, alone), and for each URI:
 * - WARC records as beancrawl's default chain writes them (response, request, metadata listing
 *   the outlinks), after one warcinfo: each record its own gzip member at zlib's level 6 with the
 *   largest hash memory (beancrawl's GZIP_OPTIONS), each with WARC-Block-Digest, the response with
 *   WARC-Payload-Digest (sha1, base32), appended to one file, a URI's three records one after the other;
 * - one file a page in a mirror (`http_HOST_PORT/path`, `index.html` for a path ending in `/`),
 *   written under a name of its own beside the mirror and renamed into place, as beancrawl does;
 * - one crawl.log-like line, naming the response record's offset.
 * How it goes fast, each way open to beancrawl too (none skips work):
 * - CONCURRENCY workers each take the next URI, fetch it, parse its links and queue the new ones,
 *   then take the next: the request is all a worker waits for. A URI's writing (digests, gzip,
 *   WARC, mirror, log) goes on behind, as beancrawl's writers do (Processor.writesBehind), at most
 *   32 URIs behind at once (beancrawl: as many as toe threads), the oldest awaited when more are;
 * - a record up to 1 KiB (request, metadata, a small response) is gzipped at once on the event
 *   loop, a larger one on a compressor thread (cores less one, 1 to 4; its member moved back, not
 *   copied), as beancrawl's GzipMembers does: zlib's asynchronous gzip costs the event loop more
 *   (a stream, its buffers and a trip through libuv's pool, shared with the file writes, a record);
 * - the three members are made at once and appended together: no record waits for another's gzip;
 * - a worker that finds the queue empty while others are still fetching waits for their links
 *   (one promise, woken when a URI is queued or the last worker is idle), so that 32 in flight
 *   stay 32 without a race over all workers per URI.
 * Usage: node same-work-loop.js START_URL CONCURRENCY OUT_DIR. Prints `PAGES <n> URIS <n>` at the end.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { gzipSync, type ZlibOptions } from 'node:zlib';
import { Parser } from 'htmlparser2';
import { Agent } from 'undici';

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
/** zlib's level 6 with its largest hash memory, as beancrawl's GZIP_OPTIONS. */
const GZIP: ZlibOptions = { level: 6, memLevel: 9 };
const INLINE_BYTES = 1024;
const MAX_BEHIND = 32;
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

// One WARC file, each URI's records appended together in the order they are ready.
await mkdir(join(out, 'warcs'), { recursive: true });
await mkdir(staging, { recursive: true });
const warc = createWriteStream(join(out, 'warcs', 'same-work.warc.gz'));
const log = createWriteStream(join(out, 'crawl.log'));
let warcOffset = 0;
let drained: Promise<void> | undefined;

// Compressor threads (cores less one, 1 to 4), each gzipping what it is sent and moving the member back.
const GZIP_THREAD = `const { parentPort } = require('node:worker_threads'); const { gzipSync } = require('node:zlib');
parentPort.on('message', ({ id, data }) => { const out = gzipSync(data, ${JSON.stringify(GZIP)}); parentPort.postMessage({ id, out }, [out.buffer]); });`;
const threads = Array.from({ length: Math.min(4, Math.max(1, availableParallelism() - 1)) }, () => new Worker(GZIP_THREAD, { eval: true }));
const answers = new Map<number, (out: Uint8Array) => void>();
for (const t of threads) t.on('message', ({ id, out }: { id: number; out: Uint8Array }) => {
  answers.get(id)!(out);
  answers.delete(id);
});
let jobs = 0;
function gzipOnThread(data: Buffer): Promise<Buffer> {
  const id = jobs++;
  return new Promise((resolve) => {
    answers.set(id, (out) => resolve(Buffer.from(out.buffer, out.byteOffset, out.byteLength)));
    threads[id % threads.length].postMessage({ id, data });
  });
}

interface Made {
  readonly id: string;
  readonly member: Promise<Buffer>;
}

/** A record's id and its gzip member (made at once when small, on libuv's pool when not). */
function record(type: string, uri: string | undefined, contentType: string, block: Buffer, extra: Record<string, string> = {}, id = newId()): Made {
  const head = [
    'WARC/1.1', `WARC-Type: ${type}`, `WARC-Record-ID: ${id}`, `WARC-Date: ${new Date().toISOString()}`,
    ...(uri === undefined ? [] : [`WARC-Target-URI: ${uri}`]),
    ...Object.entries(extra).map(([k, v]) => `${k}: ${v}`),
    `WARC-Block-Digest: ${sha1(block)}`, `Content-Type: ${contentType}`, `Content-Length: ${block.length}`, '', '',
  ].join('\r\n');
  const whole = Buffer.concat([Buffer.from(head), block, Buffer.from('\r\n\r\n')]);
  return { id, member: whole.length > INLINE_BYTES ? gzipOnThread(whole) : Promise.resolve(gzipSync(whole, GZIP)) };
}
const newId = () => `<urn:uuid:${randomUUID()}>`;

/** Appends the members in order, together; the offset of the first. */
async function append(members: Buffer[]): Promise<number> {
  const offset = warcOffset;
  let ok = true;
  for (const m of members) {
    warcOffset += m.length;
    ok = warc.write(m);
  }
  if (!ok) await (drained ??= new Promise<void>((r) => warc.once('drain', () => r(void (drained = undefined)))));
  return offset;
}

const warcinfo = Buffer.from('software: same-work-loop\r\nformat: WARC File Format 1.1\r\n');
await append([await record('warcinfo', undefined, 'application/warc-fields', warcinfo).member]);

const folders = new Map<string, Promise<unknown>>();
async function mirrorWrite(url: URL, body: Buffer): Promise<void> {
  const path = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
  const file = join(mirror, hostFolder, decodeURIComponent(path) + (url.search ? `#${url.search.slice(1)}` : ''));
  const dir = dirname(file);
  let made = folders.get(dir);
  if (made === undefined) folders.set(dir, (made = mkdir(dir, { recursive: true })));
  const temp = join(staging, String(staged++));
  await writeFile(temp, body);
  await made;
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

/** What one URI leaves (WARC records, mirror file, log line), written behind its fetch. */
async function write(uri: string, url: URL, requestHead: string, began: number, fetchMs: number, status: number, head: Buffer, body: Buffer,
  type: string, outlinks: string[]): Promise<void> {
  const payloadDigest = sha1(body);
  const response = record('response', uri, 'application/http; msgtype=response', Buffer.concat([head, body]), {
    'WARC-IP-Address': '127.0.0.1', 'WARC-Payload-Digest': payloadDigest,
  });
  const request = record('request', uri, 'application/http; msgtype=request', Buffer.from(requestHead), { 'WARC-Concurrent-To': response.id });
  const metadata = [`fetchTimeMs: ${fetchMs}`, ...outlinks.map((l) => `outlink: ${l} L a/@href`)].join('\r\n');
  const meta = record('metadata', uri, 'application/warc-fields', Buffer.from(`${metadata}\r\n`), { 'WARC-Concurrent-To': response.id });
  const mirrored = status === 200 ? mirrorWrite(url, body) : undefined;
  const offset = await append(await Promise.all([response.member, request.member, meta.member]));
  await mirrored;
  log.write(`${new Date(began).toISOString()} ${status} ${body.length} ${uri} - - ${type || '-'} #001 - ${payloadDigest} - ` +
    `warc:same-work.warc.gz:${offset}\n`);
}

const behind = new Set<Promise<void>>();
async function fetchOne(uri: string): Promise<void> {
  const url = new URL(uri);
  const target = url.pathname + url.search;
  const requestHead = `GET ${target} HTTP/1.1\r\nHost: ${url.host}\r\nUser-Agent: same-work-loop\r\nConnection: keep-alive\r\n\r\n`;
  const began = Date.now();
  const res = await agent.request({ origin, path: target, method: 'GET', headers: { 'user-agent': 'same-work-loop' } });
  const body = Buffer.from(await res.body.arrayBuffer());
  const fetchMs = Date.now() - began;
  uris++;
  const headerLines = Object.entries(res.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}: ${x}`) : [`${k}: ${v}`]));
  const head = Buffer.from(`HTTP/1.1 ${res.statusCode} ${res.statusText || ''}\r\n${headerLines.join('\r\n')}\r\n\r\n`);
  const type = String(res.headers['content-type'] ?? '');
  const html = res.statusCode === 200 && type.includes('html');
  const outlinks = html ? links(body.toString('latin1'), uri) : [];
  if (html) pages++;
  for (const l of outlinks) if (!seen.has(l)) {
    seen.add(l);
    queue.push(l);
  }
  wake();
  const w: Promise<void> = write(uri, url, requestHead, began, fetchMs, res.statusCode, head, body, type, outlinks).finally(() => behind.delete(w));
  behind.add(w);
  while (behind.size >= MAX_BEHIND) await Promise.race(behind);
}

// Workers waiting for a URI: woken when one is queued, or when no worker is fetching (the end).
let busy = 0;
let waiting: (() => void) | undefined;
let more: Promise<void> | undefined;
function wake(): void {
  waiting?.();
  waiting = undefined;
  more = undefined;
}
async function worker(): Promise<void> {
  for (;;) {
    const uri = queue.shift();
    if (uri === undefined) {
      if (busy === 0) return wake();
      await (more ??= new Promise<void>((r) => (waiting = r)));
      continue;
    }
    busy++;
    await fetchOne(uri);
    busy--;
  }
}

// robots.txt first, alone, as a crawler that honours it must.
busy++;
await fetchOne(queue.shift()!);
busy--;
await Promise.all(Array.from({ length: concurrency }, worker));
await Promise.all(behind);
await agent.close();
for (const t of threads) await t.terminate();
await new Promise<void>((r) => warc.end(r));
await new Promise<void>((r) => log.end(r));
process.stdout.write(`PAGES ${pages} URIS ${uris}\n`);
