import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { WARCParser } from 'warcio';
import { base32 } from '../../util/base32.js';
import { crawlJob, fastSets, type CrawlLogEntry } from '../../../test/support/crawl-job.js';
import { checkBlockDigests } from '../../../test/support/warcio-block-digests.js';

/** 64 KiB of varied text, repeated: the bodies are made of it, so any prefix of them is known. */
const BLOCK = Buffer.from(Array.from({ length: 2048 }, (_, i) => `row ${String(i).padStart(5, '0')} ${(i * 7919) % 10007} ` +
  `abcdefgh\n`).join('').slice(0, 65536), 'latin1');
const MB = 1_000_000;
const BIG = 200 * MB;
const HTML_START = Buffer.from('<html><body><a href="/after-the-flood">x</a>', 'latin1');

/** The first `n` bytes of a body made of HTML_START then BLOCK repeated. */
function* bodyBytes(n: number): Generator<Buffer> {
  let left = n;
  const first = HTML_START.subarray(0, Math.min(left, HTML_START.length));
  yield first;
  left -= first.length;
  while (left > 0) {
    const piece = left >= BLOCK.length ? BLOCK : BLOCK.subarray(0, left);
    yield piece;
    left -= piece.length;
  }
}

function sha1Of(n: number): string {
  const hash = createHash('sha1');
  for (const piece of bodyBytes(n)) hash.update(piece);
  return `sha1:${base32(hash.digest())}`;
}

/** Serves `/big` (BIG bytes, Content-Length) and `/endless` (no length, never ends), as fast as the client reads. */
function startServer(): Promise<Server> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const endless = req.url === '/endless';
    if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><body><a href="/big">big</a> <a href="/endless">endless</a></body></html>');
      return;
    }
    if (req.url === '/long.html') {
      // 1 MB of page, past the default in-memory bound, its one link at the very end.
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<html><body>${'<p>filler text</p>\n'.repeat(55_000)}<a href="/at-the-end">end</a></body></html>`);
      return;
    }
    if (req.url !== '/big' && !endless) {
      res.writeHead(404, { 'Content-Length': '0' });
      res.end();
      return;
    }
    // The endless body is delimited by the connection's end (no chunk framing), so any prefix of it is the body's.
    if (endless) res.useChunkedEncodingByDefault = false;
    res.writeHead(200, endless ? { 'Content-Type': 'text/html', Connection: 'close' } : { 'Content-Type': 'text/html', 'Content-Length': String(BIG) });
    const pieces = bodyBytes(endless ? Number.MAX_SAFE_INTEGER : BIG);
    const pump = (): void => {
      for (;;) {
        const next = pieces.next();
        if (next.done) return void res.end();
        if (!res.write(next.value)) return;
      }
    };
    res.on('drain', pump);
    req.socket.on('close', () => res.destroy());
    pump();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface PayloadRead {
  readonly length: number;
  readonly recordLength: number;
  readonly sha1: string;
  readonly truncated?: string | null;
  readonly digest?: string | null;
  readonly start: Buffer;
}

/** Every http response record of the run's WARC files, read back by warcio, its payload digested as it streams (never whole in memory). */
async function responses(run: string): Promise<Map<string, PayloadRead>> {
  const found = new Map<string, PayloadRead>();
  const names = (await readdir(join(run, 'warcs'))).filter((n) => n.endsWith('.warc.gz'));
  for (const name of names) {
    for await (const record of new WARCParser(createReadStream(join(run, 'warcs', name)))) {
      if (record.warcType !== 'response' || !record.warcTargetURI?.startsWith('http')) {
        await record.readFully(false);
        continue;
      }
      const hash = createHash('sha1');
      let length = 0;
      const start: Buffer[] = [];
      for await (const chunk of record) {
        hash.update(chunk);
        if (length < 4096) start.push(Buffer.from(chunk.subarray(0, 4096 - length)));
        length += chunk.length;
      }
      found.set(record.warcTargetURI, {
        length, recordLength: record.warcContentLength, sha1: `sha1:${base32(hash.digest())}`, start: Buffer.concat(start),
        truncated: record.warcHeader('WARC-Truncated'), digest: record.warcPayloadDigest,
      });
    }
    // Records kept partly in a file get the block digest computed as their bytes came: warcio reads each block again and agrees.
    expect((await checkBlockDigests(join(run, 'warcs', name))).problems, name).to.deep.equal([]);
  }
  return found;
}

/** The job folder of a run folder (JOB/runs/ID). */
function jobDirOf(run: string): string {
  expect(dirname(run).endsWith('runs')).to.equal(true);
  return dirname(dirname(run));
}

/** A crawl of the server's `/` with the sets given; RSS sampled every 10 ms while it runs. */
async function crawl(server: Server, seed: string, sets: string[], files: Record<string, string> = {}) {
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let sampling = true;
  const timer = setInterval(() => {
    if (sampling) peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  let records = new Map<string, PayloadRead>();
  let scratchLeft: string[] = [];
  let runtimeErrors = '';
  try {
    const outcome = await crawlJob(fastSets([`${origin}${seed}`], sets), {
      files,
      inspect: async (run) => {
        sampling = false;
        records = await responses(run);
        scratchLeft = await readdir(join(jobDirOf(run), 'scratch'));
        runtimeErrors = await readFile(join(run, 'logs', 'runtime-errors.log'), 'utf8').catch(() => '');
      },
    });
    const entry = (path: string): CrawlLogEntry => {
      const e = outcome.log.find((x) => x.uri === `${origin}${path}`);
      expect(e, `${path} in crawl.log`).to.not.equal(undefined);
      return e!;
    };
    return { outcome, entry, record: (path: string) => records.get(`${origin}${path}`)!, growthMb: (peak - before) / MB, scratchLeft, runtimeErrors };
  } finally {
    clearInterval(timer);
  }
}

/** The head Node's http server sends before the body: its length is what maxLengthBytes counts besides the body. */
const headLength = (r: PayloadRead) => r.recordLength - r.length;

describe('responses larger than memory: kept on disk past recorderInBufferBytes (integration)', function () {
  this.timeout(300000);
  let server: Server;
  before(async () => {
    server = await startServer();
    // A first crawl in this process loads what every crawl needs: the RSS measured below is the fetch's own.
    await crawl(server, '/nothing', []);
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches a 200 MB body with a 64 KiB memory bound: RSS stays far below the body, the WARC record holds every byte sent, the scratch folder is ' +
    'emptied (a killed run\'s leftovers too)', async () => {
    const c = await crawl(server, '/big', ['fetchHttp.recorderInBufferBytes=65536'], { 'scratch/12345-1.ris': 'left by a killed run' });
    expect(c.outcome.exitStatus).to.equal('FINISHED');
    console.log(`      RSS growth ${c.growthMb.toFixed(0)} MB while fetching ${BIG / MB} MB`);
    expect(c.growthMb, 'RSS growth (MB) while fetching 200 MB').to.be.below(120);
    const big = c.record('/big');
    expect(big.length, 'payload bytes in the WARC record').to.equal(BIG);
    expect(big.sha1).to.equal(sha1Of(BIG));
    expect(big.digest).to.equal(sha1Of(BIG));
    expect(big.truncated).to.equal(null);
    const e = c.entry('/big');
    expect([e.status, e.size, e.digest]).to.deep.equal([200, String(BIG), sha1Of(BIG)]);
    // Past maxBodyInMemoryBytes the extractor saw the beginning held in memory (the link near the start is followed), and crawl.log says so.
    expect(c.entry('/after-the-flood').status).to.equal(404);
    expect(e.annotations.split(',')).to.include('inMemoryTrunc');
    expect(c.runtimeErrors).to.equal('');
    expect(c.scratchLeft, 'files left in the scratch folder').to.deep.equal([]);
  });

  it('gives extractors a page kept partly on disk whole when it fits maxBodyInMemoryBytes: a link at the end of 1 MB is followed', async () => {
    const c = await crawl(server, '/long.html', []);
    const e = c.entry('/long.html');
    expect(e.status).to.equal(200);
    expect(Number(e.size)).to.be.above(1_000_000);
    expect(e.annotations.split(',')).to.not.include('inMemoryTrunc');
    expect(c.entry('/at-the-end').status).to.equal(404);
    expect(c.scratchLeft).to.deep.equal([]);
  });

  it('ends an endless body at timeoutSeconds as a truncated fetch with the bytes it got (timeTrunc), no runtime error, memory bounded', async () => {
    const c = await crawl(server, '/endless', ['fetchHttp.timeoutSeconds=1']);
    expect(c.outcome.exitStatus).to.equal('FINISHED');
    const endless = c.record('/endless');
    console.log(`      RSS growth ${c.growthMb.toFixed(0)} MB while fetching ${(endless.length / MB).toFixed(0)} MB of an endless body`);
    expect(c.growthMb).to.be.below(120);
    expect(endless.truncated).to.equal('time');
    expect(endless.length).to.be.above(0);
    expect(endless.sha1).to.equal(sha1Of(endless.length));
    const e = c.entry('/endless');
    expect(e.annotations.split(',')).to.include('timeTrunc');
    expect([e.status, e.size, e.digest]).to.deep.equal([200, String(endless.length), sha1Of(endless.length)]);
    expect(c.runtimeErrors).to.equal('');
    expect(c.scratchLeft).to.deep.equal([]);
  });

  it('cuts an endless body at maxLengthBytes (headers counted): exactly the first bytes sent, lenTrunc, no runtime error', async () => {
    const limit = 30 * MB;
    const c = await crawl(server, '/', ['fetchHttp.recorderInBufferBytes=65536', `fetchHttp.maxLengthBytes=${limit}`]);
    expect(c.outcome.exitStatus).to.equal('FINISHED');
    const endless = c.record('/endless');
    expect(endless.truncated).to.equal('length');
    expect(endless.recordLength).to.equal(limit);
    expect(endless.length).to.equal(limit - headLength(endless));
    expect(endless.sha1).to.equal(sha1Of(endless.length));
    expect(endless.digest).to.equal(sha1Of(endless.length));
    const e = c.entry('/endless');
    expect([e.status, e.size, e.digest]).to.deep.equal([200, String(endless.length), sha1Of(endless.length)]);
    expect(e.annotations.split(',')).to.include('lenTrunc');
    expect(c.entry('/big').annotations.split(',')).to.include('lenTrunc');
    expect(c.record('/big').sha1).to.equal(sha1Of(c.record('/big').length));
    expect(c.runtimeErrors).to.equal('');
    expect(c.scratchLeft).to.deep.equal([]);
  });
});
