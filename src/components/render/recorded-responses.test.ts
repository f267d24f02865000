import { expect } from 'chai';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CrawlUri } from '../../model/crawl-uri.js';
import { levelStore } from '../../../test/support/level-store.js';
import { RecordedResponses } from './recorded-responses.js';

/** A plain WARC record of `type` with `block`. */
function record(type: string, uri: string, block: Buffer): Buffer {
  const head = `WARC/1.1\r\nWARC-Type: ${type}\r\nWARC-Target-URI: ${uri}\r\nContent-Length: ${block.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), block, Buffer.from('\r\n\r\n', 'latin1')]);
}

/** A URI done, its response written in `dir/name` at `offset`. */
function done(uri: string, contentType: string, dir: string, name: string, offset: number): CrawlUri {
  const curi = new CrawlUri(uri, { queueKey: 'a.example', hopsPath: 'E' });
  curi.fetchStatus = 200;
  curi.contentType = contentType;
  curi.writtenResponse = { url: uri, recordId: '<urn:uuid:x>', date: 0, warcFilename: name, warcFileOffset: offset, warcDir: dir };
  return curi;
}

describe(RecordedResponses.name, () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-recorded-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads back the response recorded for a URI, decoded, after a restart, from its file open or closed; an HTML page is not kept', async () => {
    const body = gzipSync('window.lib = 42;');
    const chunked = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
    const http = Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/javascript\r\nContent-Encoding: gzip\r\n' +
      'Transfer-Encoding: chunked\r\n\r\n', 'latin1'), chunked]);
    const before = record('warcinfo', '', Buffer.from('software: test\r\n'));
    // The URI's records begin with its request: the response is looked for after it.
    const file = Buffer.concat([before, record('request', 'http://a.example/lib.js', Buffer.from('GET /lib.js HTTP/1.1\r\n\r\n')),
      record('response', 'http://a.example/lib.js', http)]);
    await writeFile(join(dir, 'a.warc.open'), file);
    const storeDir = join(dir, 'state');
    let store = levelStore(storeDir);
    await store.start();
    const first = new RecordedResponses();
    first.attach(store);
    first.note(done('http://a.example/lib.js', 'text/javascript', dir, 'a.warc', before.length));
    first.note(done('http://a.example/page', 'text/html', dir, 'a.warc', 0));
    const served = await first.read('http://a.example/lib.js');
    expect(served, 'read while the file is still .open').to.deep.include({ kind: 'response', status: 200 });
    await store.commit();
    await store.stop();

    await rename(join(dir, 'a.warc.open'), join(dir, 'a.warc'));
    store = levelStore(storeDir);
    await store.start();
    try {
      const again = new RecordedResponses();
      again.attach(store);
      const read = await again.read('http://a.example/lib.js');
      if (read === undefined || typeof read === 'string' || read.kind !== 'response') throw new Error(`not read back: ${String(read)}`);
      expect(read.body.toString(), 'the body without chunks or gzip').to.equal('window.lib = 42;');
      expect(read.headers, 'headers for the browser').to.deep.equal({ 'content-type': 'text/javascript' });
      expect(await again.read('http://a.example/page'), 'an HTML page is not kept').to.equal(undefined);
      expect(await again.read('http://a.example/other'), 'a URI never recorded').to.equal(undefined);
      await rm(join(dir, 'a.warc'));
      expect(await again.read('http://a.example/lib.js'), 'its file gone').to.equal('file');
      expect(again.counts).to.deep.equal({ read: 1, unread: 1 });
    } finally {
      await store.stop();
    }
  });
});
