import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WARCRecord, WARCSerializer } from 'warcio';
import { field, gzipMembers, parseHttpMessage, readWarcFile, sha1Digest } from '../../../test/support/warc-reader.js';
import { checkBlockDigests } from '../../../test/support/warcio-block-digests.js';
import { sha1Base32 } from '../../util/sha1-base32.js';
import { GzipMembers } from './gzip-members.js';
import { pieceBytes } from './record-pieces.js';
import { encodeWarcRecord, newRecordId } from './warc-record.js';

/** The test reader against warcio's writer, and against malformed files. */
describe('the test WARC reader', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-reader-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function fileOf(name: string, ...parts: Uint8Array[]): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, Buffer.concat(parts));
    return path;
  }

  it('reads what warcio writes: headers, block, HTTP message, and warcio\'s base32 sha1 digests', async () => {
    async function* payload() {
      yield new TextEncoder().encode('<html>warcio</html>');
    }
    const record = WARCRecord.create(
      { url: 'http://example.org/', type: 'response', httpHeaders: { 'Content-Type': 'text/html' }, warcHeaders: { 'WARC-Record-ID': newRecordId() } },
      payload(),
    );
    const bytes = await WARCSerializer.serialize(record, { gzip: true, digest: { algo: 'sha-1', prefix: 'sha1:', base32: true } });
    const [read] = await readWarcFile(await fileOf('warcio.warc.gz', bytes));
    expect(field(read, 'WARC-Target-URI')).to.equal('http://example.org/');
    const http = parseHttpMessage(read.block);
    expect(http.startLine).to.equal('HTTP/1.1 200 OK');
    expect(http.body.toString()).to.equal('<html>warcio</html>');
    expect(field(read, 'WARC-Payload-Digest')).to.equal(sha1Digest(http.body));
    expect(field(read, 'WARC-Block-Digest')).to.equal(sha1Digest(read.block));
    expect(sha1Base32(http.body)).to.equal(sha1Digest(http.body));
  });

  it('writes WARC-Block-Digest on every record: computed over the block (a file span read too), or the one the draft brings', async () => {
    const spanFile = await fileOf('span.bin', Buffer.from('0123456789'));
    const drafts = [
      { type: 'resource', targetUri: 'imap://example.org/INBOX;UID=1', date: 0, contentType: 'message/rfc822', fields: [], block: [Buffer.from('Subject: x\r\n\r\nhi')] },
      { type: 'revisit', targetUri: 'http://example.org/', date: 0, contentType: 'application/http; msgtype=response', fields: [], block: [] },
      { type: 'response', targetUri: 'http://example.org/big', date: 0, contentType: 'application/http; msgtype=response', fields: [],
        block: [Buffer.from('HTTP/1.1 200 OK\r\n\r\nab'), { path: spanFile, start: 2, length: 5 }] },
    ] as const;
    const bytes: Buffer[] = [];
    for (const d of drafts) for await (const b of pieceBytes(await encodeWarcRecord(d, newRecordId(), undefined))) bytes.push(b);
    const given = await encodeWarcRecord({ ...drafts[0], blockDigest: 'sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, newRecordId(), undefined);
    const path = await fileOf('digests.warc', ...bytes);
    const records = await readWarcFile(path);
    expect(records.map((r) => field(r, 'WARC-Block-Digest'))).to.deep.equal([
      sha1Digest(Buffer.from('Subject: x\r\n\r\nhi')), sha1Digest(Buffer.alloc(0)), sha1Digest(Buffer.from('HTTP/1.1 200 OK\r\n\r\nab23456')),
    ]);
    expect(field(records[2], 'WARC-Block-Digest')).to.match(/^sha1:[A-Z2-7]{32}$/);
    expect((await checkBlockDigests(path)).problems).to.deep.equal([]);
    expect(Buffer.concat(given as Buffer[]).toString('latin1')).to.contain('\r\nWARC-Block-Digest: sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\r\n');
  });

  it('finds each gzip member and its offset', async () => {
    const draft = { type: 'metadata', targetUri: 'http://example.org/', date: 0, contentType: 'text/plain', fields: [], block: [Buffer.from('x')] } as const;
    const gzip = new GzipMembers(1);
    const [a] = (await encodeWarcRecord(draft, newRecordId(), undefined, gzip)) as Buffer[];
    const [b] = (await encodeWarcRecord(draft, newRecordId(), undefined, gzip)) as Buffer[];
    gzip.close();
    const path = await fileOf('two.warc.gz', a, b);
    expect(gzipMembers(Buffer.concat([a, b])).map((m) => m.offset)).to.deep.equal([0, a.length]);
    expect((await readWarcFile(path)).map((r) => r.offset)).to.deep.equal([0, a.length]);
  });

  it('refuses a wrong Content-Length, two records in one gzip member, and a corrupt member', async () => {
    const record = (length: number, block: string) => `WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: ${length}\r\n\r\n${block}\r\n\r\n`;
    await expectFailure(fileOf('short.warc', Buffer.from(record(5, 'abc'))), /Content-Length|CRLF/);
    await expectFailure(fileOf('two.warc.gz', gzipSync(record(3, 'abc') + record(3, 'def'))), /after its record/);
    const corrupt = gzipSync(record(3, 'abc'));
    corrupt[corrupt.length - 8] ^= 0xff;
    await expectFailure(fileOf('crc.warc.gz', corrupt), /CRC-32/);
  });
});

async function expectFailure(path: Promise<string>, message: RegExp): Promise<void> {
  let error: unknown;
  try {
    await readWarcFile(await path);
  } catch (e) {
    error = e;
  }
  expect(String(error)).to.match(message);
}
