import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { acceptingCandidateChain } from './candidate-chain.js';
import { build, byEffect, uriUnder, type Driver } from './driver.js';
import { metadata } from './loopback-fetch.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import { tempDir } from '../../support/temp-dir.js';
import { CrawlUri } from '../../../src/model/crawl-uri.js';
import type { Frontier } from '../../../src/model/frontier.js';
import type { Link } from '../../../src/model/hop.js';
import type { Processor } from '../../../src/model/processor.js';

/**
 * What the candidates processor (the subject) schedules of a fetched URI: each URI a real
 * frontier then hands out, with whether it is a seed. The candidate chain is real too.
 */
async function scheduledFrom(page: CrawlUri): Promise<Array<{ uri: string; isSeed: boolean }>> {
  const candidateChain = await acceptingCandidateChain();
  const frontier = await build<Frontier & { stop(): void }>('MemoryFrontier', { uriUniqFilter: await build('MemoryUriUniqFilter', {}, 'uriUniqFilter') }, 'frontier');
  try {
    await (await build<Processor>('CandidatesProcessor', { candidateChain, frontier })).process(page);
    const out: Array<{ uri: string; isSeed: boolean }> = [];
    for (let curi = await frontier.next(); curi !== undefined; curi = await frontier.next()) {
      out.push({ uri: curi.uri, isSeed: curi.isSeed });
      curi.fetchStatus = 200;
      frontier.finished(curi);
    }
    return out;
  } finally {
    frontier.stop();
  }
}

/** A fetched page of example.org with one outlink, carrying the overlay. */
function pageWith(overlay: RecordingSheetOverlay, status: number, link: Link, init: Parameters<typeof uriUnder>[2] = {}): CrawlUri {
  const page = uriUnder(overlay, 'http://example.org/page', init);
  page.fetchStatus = status;
  page.outlinks.push(link);
  return page;
}

const LINK_TO_A: Link = { uri: 'http://example.org/a', hop: 'L', context: 'a/@href' };
const REDIRECT_TO_NEW: Link = { uri: 'http://example.org/new', hop: 'R', context: 'Location:' };

const CANDIDATES_PROCESSOR: Driver = {
  component: 'CandidatesProcessor',
  cases: [
    byEffect('enabled', false, 'a page\'s link is not scheduled', { base: [{ uri: LINK_TO_A.uri, isSeed: false }], sheet: [] },
      (overlay) => scheduledFrom(pageWith(overlay, 200, LINK_TO_A))),
    byEffect('seedsRedirectNewSeeds', false, 'a seed\'s redirect target is scheduled as an ordinary URI, not a seed',
      { base: [{ uri: REDIRECT_TO_NEW.uri, isSeed: true }], sheet: [{ uri: REDIRECT_TO_NEW.uri, isSeed: false }] },
      (overlay) => scheduledFrom(pageWith(overlay, 301, REDIRECT_TO_NEW, { isSeed: true }))),
    byEffect('processErrorOutlinks', true, 'the link of a 404 page is scheduled', { base: [], sheet: [{ uri: LINK_TO_A.uri, isSeed: false }] },
      (overlay) => scheduledFrom(pageWith(overlay, 404, LINK_TO_A))),
    byEffect('followRedirects', false, 'a redirect target is not scheduled', { base: [{ uri: REDIRECT_TO_NEW.uri, isSeed: false }], sheet: [] },
      (overlay) => scheduledFrom(pageWith(overlay, 301, REDIRECT_TO_NEW, { hopsPath: 'L', via: 'http://example.org/' }))),
    byEffect('maxRedirects', 1, 'the target of a second redirect in a row is not scheduled', { base: [{ uri: REDIRECT_TO_NEW.uri, isSeed: false }], sheet: [] },
      (overlay) => scheduledFrom(pageWith(overlay, 301, REDIRECT_TO_NEW, { hopsPath: 'LR', via: 'http://example.org/' }))),
  ],
};

interface FetchTiming {
  readonly fetchDurationMs: number;
  /** A robots.txt Crawl-delay or a Retry-After. */
  readonly requestedDelayMs?: number;
}

/** The rest the disposition processor gives the queue of a URI fetched in `timing`. */
async function politenessAfter(overlay: RecordingSheetOverlay, timing: FetchTiming): Promise<number> {
  const curi = uriUnder(overlay, 'http://example.org/page');
  curi.fetchStatus = 200;
  curi.fetchBeginTime = Date.now();
  curi.fetchDurationMs = timing.fetchDurationMs;
  curi.requestedDelayMs = timing.requestedDelayMs;
  await (await build<Processor>('DispositionProcessor')).process(curi);
  return curi.politenessDelayMs;
}

/**
 * The URIs a real frontier hands out of one queue of two, the first one going through the
 * disposition processor (the subject) with the overlay before it is finished.
 */
async function handedOutAfterDisposition(overlay: RecordingSheetOverlay, status = 200): Promise<string[]> {
  const frontier = await build<Frontier & { stop(): void }>('MemoryFrontier', { uriUniqFilter: await build('MemoryUriUniqFilter', {}, 'uriUniqFilter') }, 'frontier');
  const disposition = await build<Processor>('DispositionProcessor');
  try {
    for (const uri of ['http://example.org/a', 'http://example.org/b']) {
      const curi = new CrawlUri(uri, { queueKey: 'org,example,' });
      curi.canonicalKey = uri;
      frontier.schedule(curi);
    }
    const out: string[] = [];
    for (let curi = await frontier.next(); curi !== undefined; curi = await frontier.next()) {
      out.push(curi.uri);
      curi.overlay = overlay;
      curi.fetchStatus = status;
      await disposition.process(curi);
      frontier.finished(curi);
    }
    return out;
  } finally {
    frontier.stop();
  }
}

const DISPOSITION_PROCESSOR: Driver = {
  component: 'DispositionProcessor',
  cases: [
    byEffect('enabled', false, 'the queue gets no rest', { base: 3000, sheet: 0 }, (overlay) => politenessAfter(overlay, { fetchDurationMs: 100 })),
    byEffect('delayFactor', 10, 'a one-second fetch rests its queue ten ' +
      'seconds', { base: 5000, sheet: 10_000 }, (overlay) => politenessAfter(overlay, { fetchDurationMs: 1000 })),
    byEffect('minDelayMs', 1000, 'a quick fetch rests its queue one ' +
      'second', { base: 3000, sheet: 1000 }, (overlay) => politenessAfter(overlay, { fetchDurationMs: 100 })),
    byEffect('maxDelayMs', 20_000, 'a ten-second fetch rests its queue at most twenty seconds', { base: 30_000, sheet: 20_000 },
      (overlay) => politenessAfter(overlay, { fetchDurationMs: 10_000 })),
    byEffect('respectCrawlDelayUpToSeconds', 10, 'a Crawl-delay of 100 s is honoured up to 10 s', { base: 100_000, sheet: 10_000 },
      (overlay) => politenessAfter(overlay, { fetchDurationMs: 100, requestedDelayMs: 100_000 })),
    byEffect('forceRetire', true, 'the queue is retired after its first URI, the second never handed out',
      { base: ['http://example.org/a', 'http://example.org/b'], sheet: ['http://example.org/a'] }, (overlay) => handedOutAfterDisposition(overlay)),
    byEffect('retireOnPaymentRequired', false, 'a 402 no longer retires its queue: the second URI is handed out',
      { base: ['http://example.org/a'], sheet: ['http://example.org/a', 'http://example.org/b'] }, (overlay) => handedOutAfterDisposition(overlay, 402)),
  ],
};

/** A dns: URI as a real FetchDns leaves it: a record to write. */
async function lookedUp(overlay: RecordingSheetOverlay): Promise<CrawlUri> {
  const curi = uriUnder(overlay, 'dns:127.0.0.1', { hopsPath: 'P', via: 'http://127.0.0.1/' });
  await (await build<Processor>('FetchDns', { serverCache: await build('ServerCache', {}, 'serverCache') }, 'fetchDns')).process(curi);
  return curi;
}

const WARC_WRITER_PROCESSOR: Driver = {
  component: 'WarcWriterProcessor',
  cases: [byEffect('enabled', false, 'a URI\'s records are not written', { base: [true, 1], sheet: [false, 0] }, async (overlay) => {
    const folder = await tempDir();
    const writer = await build<Processor & { start(): Promise<void> | void; stop(): Promise<void> }>('WarcWriterProcessor', { directory: folder.dir, metadata: await metadata() });
    try {
      await writer.start();
      const curi = await lookedUp(overlay);
      await writer.process(curi);
      await writer.stop();
      const files = await readdir(join(folder.dir, 'warcs')).catch(() => []);
      return [typeof curi.extraInfo.warcFilename === 'string', files.length];
    } finally {
      await writer.stop();
      await folder.cleanup();
    }
  })],
};

const ARC_WRITER_PROCESSOR: Driver = {
  component: 'ARCWriterProcessor',
  cases: [byEffect('enabled', false, 'a URI\'s record is not written', { base: [true, 1], sheet: [false, 0] }, async (overlay) => {
    const folder = await tempDir();
    const writer = await build<Processor & { start(): Promise<void> | void; stop(): Promise<void> }>('ARCWriterProcessor', { directory: folder.dir });
    try {
      await writer.start();
      const curi = await lookedUp(overlay);
      await writer.process(curi);
      await writer.stop();
      const files = await readdir(join(folder.dir, 'arcs')).catch(() => []);
      return [typeof curi.extraInfo.arcFilename === 'string', files.length];
    } finally {
      await writer.stop();
      await folder.cleanup();
    }
  })],
};

const RECEIVER_PROCESSOR: Driver = {
  component: 'ReceiverProcessor',
  cases: [byEffect('enabled', false, 'a document is not passed to the receivers', { base: 1, sheet: 0 }, async (overlay) => {
    const folder = await tempDir({ 'site/doc.txt': 'a document' });
    const path = join(folder.dir, 'documents.jsonl');
    const receiver = await build<{ start(): Promise<void>; stop(): Promise<void> }>('JsonlReceiver', { path }, 'jsonl');
    try {
      await receiver.start();
      // A document as a real fetcher leaves it: a file's bytes.
      const curi = uriUnder(overlay, pathToFileURL(join(folder.dir, 'site/doc.txt')).href);
      await (await build<Processor>('FetchFile', {}, 'fetchFile')).process(curi);
      await (await build<Processor>('ReceiverProcessor', { receivers: [receiver] })).process(curi);
      await receiver.stop();
      return (await readFile(path, 'utf8')).split('\n').filter((line) => line !== '').length;
    } finally {
      await receiver.stop();
      await folder.cleanup();
    }
  })],
};

const MIRROR_WRITER_PROCESSOR: Driver = {
  component: 'MirrorWriterProcessor',
  cases: [byEffect('enabled', false, 'a response\'s body is not written to the mirror', { base: ['http_example.org/a.html'], sheet: [] }, async (overlay) => {
    const folder = await tempDir();
    try {
      const writer = await build<Processor>('MirrorWriterProcessor', { path: folder.dir });
      const curi = uriUnder(overlay, 'http://example.org/a.html');
      curi.fetchStatus = 200;
      curi.response = { rawBody: Buffer.from('<html></html>') } as CrawlUri['response'];
      await writer.process(curi);
      // Its files are staged beside the mirror, in a folder it removes when it stops.
      await (writer as unknown as { stop(): Promise<void> }).stop();
      return (await readdir(folder.dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(folder.dir.length + 1));
    } finally {
      await folder.cleanup();
    }
  })],
};

export const DISPOSITION_DRIVERS: Driver[] = [CANDIDATES_PROCESSOR, DISPOSITION_PROCESSOR, WARC_WRITER_PROCESSOR, ARC_WRITER_PROCESSOR, MIRROR_WRITER_PROCESSOR, RECEIVER_PROCESSOR];
