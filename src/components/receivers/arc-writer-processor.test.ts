import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readArcFile, type ArcRecordRead } from '../../../test/support/arc-reader.js';
import { gzipMembers, parseHttpMessage, sha1Digest } from '../../../test/support/warc-reader.js';
import type { CrawlLogger } from '../../model/crawl-logger.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { levelStore } from '../../../test/support/level-store.js';
import { until } from '../../../test/support/until.js';
import { JOURNAL_SUBLEVEL } from '../../model/journaled-file.js';
import { recoverOutputs } from '../../job/recover-outputs.js';
import { arcMimeType } from './arc-record.js';
import { ArcWriterProcessor, type ArcWriterConfig } from './arc-writer-processor.js';
import { DEFAULT_WARC_TEMPLATE } from './warc-file-name.js';

const BEGAN = Date.UTC(2024, 0, 2, 3, 4, 5, 678);

function fetched(uri: string, body = '<html>hello</html>', contentType = 'text/html; charset=utf-8'): CrawlUri {
  const curi = new CrawlUri(uri, { hopsPath: 'L', via: 'http://site.test/' });
  const raw = Buffer.from(body);
  curi.fetchStatus = 200;
  curi.fetchBeginTime = BEGAN;
  curi.contentType = contentType;
  curi.contentDigest = sha1Digest(raw);
  curi.response = {
    statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: ['Content-Type', contentType, 'Content-Length', String(raw.length)],
    headers: { 'content-type': contentType, 'content-length': String(raw.length) }, rawBody: raw, body: raw, ipAddress: '127.0.0.1',
  };
  return curi;
}

describe(ArcWriterProcessor.name, () => {
  let dir: string;
  const errors: unknown[] = [];
  const logger: CrawlLogger = { crawled: () => undefined, uriError: () => undefined, runtimeError: (_c, e) => void errors.push(e) };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-arc-'));
    errors.length = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  function writer(over: Partial<ArcWriterConfig> = {}): ArcWriterProcessor {
    const w = new ArcWriterProcessor({
      enabled: true, shouldProcessRule: undefined, compress: true, prefix: 'IAH', maxFileSizeBytes: 100000000, directory: dir, storePaths: ['arcs'],
      template: DEFAULT_WARC_TEMPLATE, skipIdenticalDigests: false, maxTotalBytesToWrite: 0, poolMaxActive: 1, maxWaitForIdleMs: 500,
      startNewFilesOnCheckpoint: true, loggerModule: logger, stateStore: undefined, ...over,
    });
    w.beanName = 'arcWriter';
    w.start();
    return w;
  }

  async function files(): Promise<string[]> {
    return (await readdir(join(dir, 'arcs')).catch(() => [] as string[])).sort();
  }

  async function records(): Promise<ArcRecordRead[]> {
    const all: ArcRecordRead[] = [];
    for (const f of await files()) all.push(...(await readArcFile(join(dir, 'arcs', f))));
    return all;
  }

  it('writes the filedesc:// record, then one record per URI holding the response as received, into a .open file renamed at stop()', async () => {
    const w = writer();
    const curi = fetched('http://site.test/page');
    expect(await w.process(curi)).to.equal('PROCEED');
    const [open] = await files();
    expect(open).to.match(/^IAH-\d{17}-00000-\d+~[^~]+~0\.arc\.gz\.open$/);
    await w.process(fetched('http://site.test/other', 'other'));
    await w.stop();
    const [closed] = await files();
    expect(closed).to.equal(open.replace(/\.open$/, ''));
    const [head, page, other] = await records();
    expect(head.url).to.equal(`filedesc://${closed}`);
    expect([head.ip, head.mime]).to.deep.equal(['0.0.0.0', 'text/plain']);
    expect(head.content.toString()).to.equal('1 0 InternetArchive\nURL IP-address Archive-date Content-type Archive-length\n\n');
    expect([page.url, page.ip, page.date, page.mime]).to.deep.equal(['http://site.test/page', '127.0.0.1', '20240102030405', 'text/html']);
    const http = parseHttpMessage(page.content);
    expect(http.startLine).to.equal('HTTP/1.1 200 OK');
    expect(http.body.toString()).to.equal('<html>hello</html>');
    expect(parseHttpMessage(other.content).body.toString()).to.equal('other');
    // One gzip member per record, each ending with the newline that closes its record; the offsets are the members'.
    const members = gzipMembers(await readFile(join(dir, 'arcs', closed)));
    expect(members).to.have.length(3);
    expect(members.every((m) => m.data.at(-1) === 0x0a)).to.equal(true);
    expect(curi.extraInfo).to.include({ arcFilename: closed, arcFileOffset: members[1].offset });
    expect(errors).to.deep.equal([]);
  });

  it('writes a dns: answer as text/dns, and nothing for a URI that was not fetched', async () => {
    const w = writer();
    const dns = new CrawlUri('dns:site.test', { hopsPath: 'P', via: 'http://site.test/' });
    dns.fetchStatus = 1;
    dns.fetchBeginTime = BEGAN;
    dns.text = '20240102030405\nsite.test.\t300\tIN\tA\t127.0.0.1\n';
    const failed = fetched('http://site.test/gone');
    failed.fetchStatus = -2;
    await w.process(dns);
    await w.process(failed);
    await w.stop();
    const [, only, ...rest] = await records();
    expect(rest).to.deep.equal([]);
    expect([only.url, only.mime, only.content.toString()]).to.deep.equal(['dns:site.test', 'text/dns', dns.text]);
    expect(failed.annotations).to.include('unwritten:status');
  });

  it('begins a new file once one reaches maxFileSizeBytes, and writes plain .arc files when compress is false', async () => {
    const w = writer({ maxFileSizeBytes: 1, compress: false });
    await w.process(fetched('http://site.test/a'));
    await w.process(fetched('http://site.test/b'));
    await w.stop();
    const names = await files();
    expect(names.map((n) => n.replace(/^IAH-\d{17}-/, ''))).to.satisfy((ns: string[]) => ns[0].startsWith('00000-') && ns[1].startsWith('00001-') && ns.every((n) => n.endsWith('.arc')));
    expect((await records()).map((r) => r.url.replace(/^filedesc:.*/, 'filedesc'))).to.deep.equal(['filedesc', 'http://site.test/a', 'filedesc', 'http://site.test/b']);
  });

  it('with skipIdenticalDigests, writes a URI with the same content only once', async () => {
    const w = writer({ skipIdenticalDigests: true });
    await w.process(fetched('http://site.test/robots.txt'));
    const again = fetched('http://site.test/robots.txt');
    await w.process(again);
    await w.stop();
    expect((await records()).length).to.equal(2);
    expect(again.annotations).to.include('unwritten:identicalDigest');
  });

  it('journals its open file as the WARC writer does: after a crash, recovery cuts the file back to the last commit and closes it', async () => {
    const store = levelStore(join(dir, 'state'));
    await store.start();
    const w = writer({ stateStore: store });
    try {
      await w.start();
      await w.process(fetched('http://site.test/committed'));
      await store.commit();
      await w.process(fetched('http://site.test/after-the-commit'));
      // The record after the commit reaches the file with its batch (BatchedWrites), as it would have before a crash.
      await until(async () => (await records()).length === 3, 'the record after the commit to be in the file');
      // The crash: the journal as the last commit left it, the file as the writer left it.
      const key = `warc arc:arcWriter ${join(dir, 'arcs')}`;
      const entry = await store.sublevel(JOURNAL_SUBLEVEL).get(key);
      expect(entry, 'journal entry').to.be.a('string');
      await recoverOutputs(new Map([[key, entry!]]));
    } finally {
      await w.stop().catch(() => undefined);
      await store.stop();
    }
    const [name] = await files();
    expect(name).to.match(/\.arc\.gz$/);
    expect((await records()).map((r) => r.url).slice(1)).to.deep.equal(['http://site.test/committed']);
  });

  it('keeps the header line to the media type: no parameters, no spaces, no-type for none', () => {
    expect(arcMimeType('text/html; charset=utf-8')).to.equal('text/html');
    expect(arcMimeType('')).to.equal('no-type');
  });
});
