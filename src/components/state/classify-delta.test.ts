import { expect } from 'chai';
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { levelStore } from '../../../test/support/level-store.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { DeltaKind, FetchHistoryEntry, FetchHistoryRecord } from '../../model/fetch-history.js';
import type { SeedModule } from '../../model/seed-module.js';
import { FetchFile, type FetchFileConfig } from '../files/fetch-file.js';
import { fetchFileComponent } from '../files/fetch-file.js';
import { classifyDelta, type ChangeOptions } from './classify-delta.js';
import { fetchHistoryProcessorComponent } from './fetch-history-processor.js';
import { FetchHistoryStore } from './fetch-history-store.js';
import { updatedRecord } from '../../model/updated-record.js';
import type { LevelStateStore } from './level-state-store.js';

/** The descriptor's defaults: every signal compared, one differing is a change. */
const DEFAULTS: ChangeOptions = {
  useChecksum: fetchHistoryProcessorComponent.props.useChecksum.default,
  useETag: fetchHistoryProcessorComponent.props.useETag.default,
  useLastModified: fetchHistoryProcessorComponent.props.useLastModified.default,
  changeCondition: fetchHistoryProcessorComponent.props.changeCondition.default,
};

const E1 = '"v1"';
const E2 = '"v2"';
const L1 = 'Mon, 01 Jan 2024 09:00:00 GMT';
const L2 = 'Mon, 08 Jan 2024 09:00:00 GMT';
const D1 = 'sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const D2 = 'sha1:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
/** The digest of an empty body, as a 304 gets. */
const D0 = 'sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ';

/** What one fetch showed: validators, digest, size, Content-Type (as sent, parameters and all). */
interface Seen {
  readonly etag?: string;
  readonly lastModified?: string;
  readonly digest?: string;
  readonly size?: number;
  readonly type?: string;
}

const SAME: Seen = { etag: E1, lastModified: L1, digest: D1, size: 100, type: 'text/html' };

/** A URI as FetchHttp leaves it after answering `status` with these headers and body facts. */
function fetched(seen: Seen, status = 200, uri = 'http://site.test/doc'): CrawlUri {
  const curi = new CrawlUri(uri);
  const rawHeaders: string[] = [];
  if (seen.type !== undefined) rawHeaders.push('Content-Type', seen.type);
  if (seen.etag !== undefined) rawHeaders.push('ETag', seen.etag);
  if (seen.lastModified !== undefined) rawHeaders.push('Last-Modified', seen.lastModified);
  const headers: Record<string, string> = {};
  for (let i = 0; i < rawHeaders.length; i += 2) headers[rawHeaders[i].toLowerCase()] = rawHeaders[i + 1];
  const body = Buffer.alloc(seen.size ?? 0, 'x');
  curi.fetchStatus = status;
  curi.fetchBeginTime = Date.UTC(2024, 0, 8, 10);
  curi.contentType = seen.type ?? '';
  curi.contentSize = seen.size ?? -1;
  curi.contentDigest = seen.digest;
  curi.response = { statusCode: status, statusText: '', httpVersion: '1.1', rawHeaders, headers, rawBody: body, body, ipAddress: '127.0.0.1' };
  return curi;
}

/** The history entry of an earlier 2xx that showed this (MIME type stored lower-cased, without parameters). */
function entry(seen: Seen, status = 200): FetchHistoryEntry {
  return {
    status, fetchTime: Date.UTC(2024, 0, 1, 10), etag: seen.etag, lastModified: seen.lastModified, digest: seen.digest, size: seen.size, mimeType: seen.type,
  };
}

function record(fetches: readonly FetchHistoryEntry[], document = true): FetchHistoryRecord {
  return { fetches, document, lastSeenRun: 1, lastTriedRun: 1, firstSeenRun: 1, goneCount: 0 };
}

/** One row: what the history held, what this fetch showed, the options, and the verdict. */
interface Row {
  readonly name: string;
  readonly before: FetchHistoryRecord | undefined;
  readonly now: CrawlUri;
  readonly options?: Partial<ChangeOptions>;
  readonly expected: DeltaKind | undefined;
}

function check(rows: readonly Row[]): void {
  for (const row of rows) {
    it(`${row.name}: ${row.expected ?? 'not a document'}`, () => {
      expect(classifyDelta(row.now, row.before, { ...DEFAULTS, ...row.options })).to.equal(row.expected);
    });
  }
}

/** History of one earlier 2xx showing `before`, this fetch a 200 showing `now`. */
const pair = (before: Seen, now: Seen): Pick<Row, 'before' | 'now'> => ({ before: record([entry(before)]), now: fetched(now) });

describe(classifyDelta.name, () => {
  it('defaults to SAP\'s: checksum, ETag and Last-Modified all compared, OR', () => {
    expect(DEFAULTS).to.deep.equal({ useChecksum: true, useETag: true, useLastModified: true, changeCondition: 'OR' });
  });

  describe('new, changed, unchanged, or not a document', () => {
    check([
      { name: 'a 200 with no history', before: undefined, now: fetched(SAME), expected: 'new' },
      { name: 'a 200 whose history never was a document (it only answered 404 ' +
        'before)', before: record([entry({}, 404)], false), now: fetched(SAME), expected: 'new' },
      { name: 'a 200 of a document reported deleted since (document: false, its 2xx still ' +
        'kept)', before: record([entry({}, 404), entry(SAME)], false), now: fetched(SAME), expected: 'new' },
      { name: 'a 200 with every signal as before', ...pair(SAME, SAME), expected: 'unchanged' },
      { name: 'a 200 with every signal ' +
        'different', ...pair(SAME, { etag: E2, lastModified: L2, digest: D2, size: 200, type: 'text/html' }), expected: 'changed' },
      { name: 'a 206 is content too', before: record([entry(SAME)]), now: fetched({ ...SAME, digest: D2 }, 206), expected: 'changed' },
      {
        name: 'compared with the last fetch with content, not the newest fetch (a 304, then a 404)',
        before: record([entry({}, 404), entry({ etag: E1, digest: D0, size: 0 }, 304), entry(SAME)]), now: fetched(SAME), expected: 'unchanged',
      },
      { name: 'a 404 of a document', before: record([entry(SAME)]), now: fetched({ type: 'text/html', size: 10, digest: D2 }, 404), expected: undefined },
      { name: 'a 404 with no history', before: undefined, now: fetched({ size: 10, digest: D2 }, 404), expected: undefined },
      { name: 'a 301 of a document', before: record([entry(SAME)]), now: fetched({ size: 0, digest: D0 }, 301), expected: undefined },
      { name: 'a failed fetch (-2) of a document', before: record([entry(SAME)]), now: fetched({}, -2), expected: undefined },
    ]);
  });

  describe('a 304', () => {
    // A 304 has no body: its digest (of nothing) and size differ from the document's, and it may carry other validators.
    const notModified = fetched({ etag: E1, digest: D0, size: 0 }, 304);
    check([
      { name: 'to a document', before: record([entry(SAME)]), now: notModified, expected: 'unchanged' },
      { name: 'with AND, nothing compared alike', before: record([entry(SAME)]), now: notModified, options: { changeCondition: 'AND' }, expected: 'unchanged' },
      { name: 'with only the checksum ' +
        'compared', before: record([entry(SAME)]), now: notModified, options: { useETag: false, useLastModified: false }, expected: 'unchanged' },
      { name: 'carrying another ETag', before: record([entry(SAME)]), now: fetched({ etag: E2, digest: D0, size: 0 }, 304), expected: 'unchanged' },
      { name: 'after a 304 in the last ' +
        'run', before: record([entry({ etag: E1, digest: D0, size: 0 }, 304), entry(SAME)]), now: notModified, expected: 'unchanged' },
      { name: 'with no history (no conditional request was sent)', before: undefined, now: notModified, expected: undefined },
      { name: 'to a URI that is no longer a document', before: record([entry({}, 404), entry(SAME)], false), now: notModified, expected: undefined },
    ]);
  });

  describe('SAP\'s signals, each on or off (OR)', () => {
    const onlyETag = pair(SAME, { ...SAME, etag: E2 });
    const onlyLastModified = pair(SAME, { ...SAME, lastModified: L2 });
    const onlyDigest = pair(SAME, { ...SAME, digest: D2, size: 101 });
    check([
      { name: 'only the ETag differs, useETag on', ...onlyETag, expected: 'changed' },
      { name: 'only the ETag differs, useETag off', ...onlyETag, options: { useETag: false }, expected: 'unchanged' },
      { name: 'only the ETag differs, only useETag on', ...onlyETag, options: { useChecksum: false, useLastModified: false }, expected: 'changed' },
      { name: 'only Last-Modified differs, useLastModified on', ...onlyLastModified, expected: 'changed' },
      { name: 'only Last-Modified differs, useLastModified off', ...onlyLastModified, options: { useLastModified: false }, expected: 'unchanged' },
      { name: 'only Last-Modified differs, only useLastModified ' +
        'on', ...onlyLastModified, options: { useChecksum: false, useETag: false }, expected: 'changed' },
      { name: 'only the digest (and size) differ, useChecksum on', ...onlyDigest, expected: 'changed' },
      { name: 'only the digest (and size) differ, useChecksum off', ...onlyDigest, options: { useChecksum: false }, expected: 'unchanged' },
      { name: 'only the digest (and size) differ, only useChecksum ' +
        'on', ...onlyDigest, options: { useETag: false, useLastModified: false }, expected: 'changed' },
      { name: 'only the MIME type differs, every signal alike', ...pair(SAME, { ...SAME, type: 'text/plain' }), expected: 'unchanged' },
    ]);
  });

  describe('changeCondition: OR (one differing signal) against AND (every compared signal)', () => {
    const allDiffer = pair(SAME, { ...SAME, etag: E2, lastModified: L2, digest: D2 });
    const twoOfThree = pair(SAME, { ...SAME, etag: E2, lastModified: L2 });
    const oneOfThree = pair(SAME, { ...SAME, digest: D2 });
    check([
      { name: 'all three differ, OR', ...allDiffer, expected: 'changed' },
      { name: 'all three differ, AND', ...allDiffer, options: { changeCondition: 'AND' }, expected: 'changed' },
      { name: 'two of three differ, OR', ...twoOfThree, expected: 'changed' },
      { name: 'two of three differ, AND', ...twoOfThree, options: { changeCondition: 'AND' }, expected: 'unchanged' },
      { name: 'one of three differs, AND', ...oneOfThree, options: { changeCondition: 'AND' }, expected: 'unchanged' },
      { name: 'none differs, AND', ...pair(SAME, SAME), options: { changeCondition: 'AND' }, expected: 'unchanged' },
      { name: 'two of three differ, AND, the third not compared (useChecksum ' +
        'off)', ...twoOfThree, options: { changeCondition: 'AND', useChecksum: false }, expected: 'changed' },
      { name: 'one differs, AND, only it compared (useETag ' +
        'only)', ...pair(SAME, { ...SAME, etag: E2 }), options: { changeCondition: 'AND', useChecksum: false, useLastModified: false }, expected: 'changed' },
      {
        name: 'AND, the server no longer sends an ETag: Last-Modified and digest both differ',
        ...pair(SAME, { lastModified: L2, digest: D2, size: 100, type: 'text/html' }), options: { changeCondition: 'AND' }, expected: 'changed',
      },
      {
        name: 'AND, the server no longer sends an ETag: only the digest differs',
        ...pair(SAME, { lastModified: L1, digest: D2, size: 100, type: 'text/html' }), options: { changeCondition: 'AND' }, expected: 'unchanged',
      },
      {
        name: 'OR, the ETag appears for the first time and nothing else differs (not compared)',
        ...pair({ ...SAME, etag: undefined }, SAME), expected: 'unchanged',
      },
    ]);
  });

  describe('SMILA\'s order when the fetches share none of the signals asked for', () => {
    const bare = { size: 100, type: 'text/html' };
    check([
      // Digest first, even when useChecksum is off.
      { name: 'only ETags asked for, none sent; digests ' +
        'differ', ...pair({ ...bare, digest: D1, lastModified: L1 }, { ...bare, digest: D2, lastModified: L1 }), options: { useChecksum: false, useLastModified: false }, expected: 'changed' },
      { name: 'only ETags asked for, none sent; digests alike, Last-Modified and size ' +
        'differ', ...pair({ ...bare, digest: D1, lastModified: L1 }, { digest: D1, lastModified: L2, size: 200, type: 'text/plain' }), options: { useChecksum: false, useLastModified: false }, expected: 'unchanged' },
      { name: 'ETag sent before but not now (only useETag); digests ' +
        'differ', ...pair({ ...bare, etag: E1, digest: D1 }, { ...bare, digest: D2 }), options: { useChecksum: false, useLastModified: false }, expected: 'changed' },
      { name: 'nothing asked for; digests alike although ETag and Last-Modified ' +
        'differ', ...pair(SAME, { ...SAME, etag: E2, lastModified: L2 }), options: { useChecksum: false, useETag: false, useLastModified: false }, expected: 'unchanged' },
      { name: 'nothing asked for; digests ' +
        'differ', ...pair(SAME, { ...SAME, digest: D2 }), options: { useChecksum: false, useETag: false, useLastModified: false }, expected: 'changed' },
      // Then Last-Modified, when there is no digest on one side (digestContent off), even when useLastModified is off.
      { name: 'no digests; Last-Modified not asked for, ' +
        'differs', ...pair({ ...bare, lastModified: L1 }, { ...bare, lastModified: L2 }), options: { useLastModified: false }, expected: 'changed' },
      { name: 'no digests; Last-Modified not asked for, alike, size and type ' +
        'differ', ...pair({ ...bare, lastModified: L1 }, { lastModified: L1, size: 200, type: 'text/plain' }), options: { useLastModified: false }, expected: 'unchanged' },
      { name: 'a digest before but none now; Last-Modified ' +
        'differs', ...pair({ ...bare, digest: D1, lastModified: L1 }, { ...bare, lastModified: L2 }), options: { useLastModified: false }, expected: 'changed' },
      // Then size and MIME type.
      { name: 'nothing but size and type, both alike', ...pair(bare, bare), expected: 'unchanged' },
      { name: 'nothing but size and type, size differs', ...pair(bare, { ...bare, size: 101 }), expected: 'changed' },
      { name: 'nothing but size and type, type differs', ...pair(bare, { ...bare, type: 'application/pdf' }), expected: 'changed' },
      { name: 'nothing but size and type; the type differs only in case and parameters', ...pair(bare, { ...bare, type: 'Text/HTML; ' +
        'charset=UTF-8' }), expected: 'unchanged' },
      { name: 'nothing but size and type, with AND: size alone ' +
        'differs', ...pair(bare, { ...bare, size: 101 }), options: { changeCondition: 'AND' }, expected: 'changed' },
    ]);
  });

  describe('file: documents, fetched by FetchFile', () => {
    let dir: string;
    let cleanup: () => Promise<void>;
    let path: string;
    let uri: string;
    const T1 = new Date('2024-01-01T09:00:00Z');
    const T2 = new Date('2024-01-08T09:00:00Z');

    async function fetchFile(over: Partial<FetchFileConfig> = {}): Promise<CrawlUri> {
      const defaults = Object.fromEntries(Object.entries(fetchFileComponent.props).map(([k, spec]) => [k, spec.default]));
      const seeds = { loadSeeds: async () => ({ seeds: [{ url: pathToFileURL(dir).href + '/', line: 1 }], directives: [] }), onSeedAdded: () => {}, addSeed: () => {} } as SeedModule;
      const f = new FetchFile({ ...defaults, seeds, ...over } as FetchFileConfig);
      await f.start();
      const curi = new CrawlUri(uri);
      await f.process(curi);
      expect(curi.fetchStatus).to.equal(200);
      return curi;
    }

    /** Writes the file and sets its modification time. */
    async function file(content: string, mtime: Date): Promise<void> {
      await writeFile(path, content);
      await utimes(path, mtime, mtime);
    }

    /** The history after a first fetch of `content` at T1, as FetchHistoryStore would write it. */
    async function firstRun(content: string, over: Partial<FetchFileConfig> = {}): Promise<FetchHistoryRecord> {
      await file(content, T1);
      return updatedRecord(await fetchFile(over), undefined, 1, 2)!;
    }

    beforeEach(async () => {
      ({ dir, cleanup } = await tempDir());
      path = join(dir, 'report.txt');
      uri = pathToFileURL(path).href;
    });
    afterEach(() => cleanup());

    it('keeps the modification time as Last-Modified, the size, the digest and the type', async () => {
      const history = await firstRun('hello world');
      expect(history.fetches[0]).to.deep.include({ status: 200, lastModified: T1.toISOString(), size: 11, mimeType: 'text/plain' });
      expect(history.fetches[0].digest).to.match(/^sha1:[A-Z2-7]{32}$/);
      expect(history.fetches[0].etag).to.equal(undefined);
    });

    it('is new with no history, unchanged when nothing moved', async () => {
      await file('hello world', T1);
      expect(classifyDelta(await fetchFile(), undefined, DEFAULTS)).to.equal('new');
      const history = await firstRun('hello world');
      const again = await fetchFile();
      for (const changeCondition of ['OR', 'AND']) expect(classifyDelta(again, history, { ...DEFAULTS, changeCondition })).to.equal('unchanged');
    });

    it('touched (a new modification time, the same bytes): changed by OR, not by AND, not without useLastModified', async () => {
      const history = await firstRun('hello world');
      await utimes(path, T2, T2);
      const touched = await fetchFile();
      expect(classifyDelta(touched, history, DEFAULTS)).to.equal('changed');
      expect(classifyDelta(touched, history, { ...DEFAULTS, changeCondition: 'AND' })).to.equal('unchanged');
      expect(classifyDelta(touched, history, { ...DEFAULTS, useLastModified: false })).to.equal('unchanged');
    });

    it('edited (new bytes, same size, a new modification time): changed by OR and by AND', async () => {
      const history = await firstRun('hello world');
      await file('HELLO WORLD', T2);
      const edited = await fetchFile();
      expect(classifyDelta(edited, history, DEFAULTS)).to.equal('changed');
      expect(classifyDelta(edited, history, { ...DEFAULTS, changeCondition: 'AND' })).to.equal('changed');
    });

    it('edited with its modification time put back: changed by its digest, unchanged when only the time is compared', async () => {
      const history = await firstRun('hello world');
      await file('HELLO WORLD', T1);
      const edited = await fetchFile();
      expect(classifyDelta(edited, history, DEFAULTS)).to.equal('changed');
      expect(classifyDelta(edited, history, { ...DEFAULTS, useChecksum: false })).to.equal('unchanged');
    });

    it('without digests (digestContent off): judged by modification time, then by size', async () => {
      const off = { digestContent: false };
      const history = await firstRun('hello world', off);
      expect(history.fetches[0].digest).to.equal(undefined);
      await utimes(path, T2, T2);
      expect(classifyDelta(await fetchFile(off), history, DEFAULTS)).to.equal('changed');
      // Last-Modified not asked for and no digests: SMILA's order falls back to the time.
      await file('hello world', T2);
      expect(classifyDelta(await fetchFile(off), history, { ...DEFAULTS, useLastModified: false })).to.equal('changed');
      await file('hello world', T1);
      expect(classifyDelta(await fetchFile(off), history, { ...DEFAULTS, useLastModified: false })).to.equal('unchanged');
    });

    // A file's size is compared whatever else is shared: a grown file with its time put back has changed.
    it('grown with its modification time put back, without digests: changed by its size', async () => {
      const off = { digestContent: false };
      const history = await firstRun('hello world', off);
      await file('hello world, and more', T1);
      const grown = await fetchFile(off);
      expect(grown.contentSize).to.not.equal(history.fetches[0].size);
      expect(classifyDelta(grown, history, DEFAULTS)).to.equal('changed');
    });

    it('is judged the same with its history read back from a classic-level store', async () => {
      let store: LevelStateStore | undefined;
      try {
        store = levelStore(join(dir, 'state'));
        await store.start();
        const histories = new FetchHistoryStore({
          deltaCrawl: true, historyLength: 2, deleteAfterGoneCount: 1, maxDeletePercent: 20, dryRunDeletes: false,
          withheldListPath: join(dir, 'withheld.txt'), stateStore: store, loggerModule: undefined,
        });
        await histories.start();
        await file('hello world', T1);
        histories.record(await fetchFile());
        await store.commit();
        const history = (await histories.load(uri))!;
        expect(history.document).to.equal(true);
        expect(classifyDelta(await fetchFile(), history, DEFAULTS)).to.equal('unchanged');
        await file('hello world', T2);
        expect(classifyDelta(await fetchFile(), history, DEFAULTS)).to.equal('changed');
        await file('hello there', T1);
        expect(classifyDelta(await fetchFile(), history, DEFAULTS)).to.equal('changed');
      } finally {
        await store?.stop();
      }
    });
  });
});
