import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchJob } from '../../job/launch-job.js';
import { base32 } from '../../util/base32.js';
import { parseCrawlLog, type CrawlLogEntry } from '../../../test/support/crawl-job.js';
import { DovecotServer } from '../../../test/support/dovecot-server.js';
import { mailMessage } from '../../../test/support/mail-messages.js';
import { requireServer } from '../../../test/support/require-server.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { until } from '../../../test/support/until.js';
import { field, readWarcFile, type WarcRecordRead } from '../../../test/support/warc-reader.js';

/**
 * A mailbox crawl (the mailbox profile) of messages larger than FetchImap's in-memory bound
 * (recorderInBufferBytes) against a real Dovecot: the part past the bound goes to a scratch file as
 * it arrives, the WARC record is streamed from there, and the file is removed once the URI is done.
 */

const PASSWORD = 'Big-Mess4ge-pw';
const MIB = 1024 * 1024;

/** A message of about `bytes` bytes with a base64 attachment of random-looking bytes (incompressible, each position distinct). */
function largeMessage(bytes: number, n: number): Buffer {
  const data = Buffer.alloc(Math.ceil(bytes * 0.74));
  for (let i = 0; i < data.length; i++) data[i] = ((i + n) * 2654435761) >>> 24;
  return Buffer.from([`From: a@example.org`, `Subject: large ${n}`, `Message-ID: <large${n}@example.org>`, 'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="XX"', '', '--XX', 'Content-Type: text/plain', '', 'See the file.', '--XX',
    'Content-Type: application/octet-stream', 'Content-Transfer-Encoding: base64', `Content-Disposition: attachment; filename="data-${n}.bin"`, '',
    data.toString('base64').replace(/.{76}/g, '$&\r\n'), '--XX--', ''].join('\r\n'));
}

function sha1(bytes: Buffer): string {
  return `sha1:${base32(createHash('sha1').update(bytes).digest())}`;
}

describe('crawling mail messages larger than FetchImap\'s in-memory bound (integration, Dovecot)', function () {
  this.timeout(180_000);
  let server: DovecotServer;
  let job: { dir: string; cleanup(): Promise<void> };
  const sources = new Map<number, Buffer>();

  before(async function () {
    requireServer(this, 'dovecot-imapd');
    server = await DovecotServer.create({ erin: PASSWORD });
    // UID 1 small (in memory), 2 of 10 MiB (past the bound, read back whole), 3 of 20 MiB (past maxBodyInMemoryBytes as set below).
    sources.set(1, Buffer.from(mailMessage(1)));
    sources.set(2, largeMessage(10 * MIB, 2));
    sources.set(3, largeMessage(20 * MIB, 3));
    await server.with('erin', async (c) => {
      for (const source of sources.values()) await c.append('INBOX', source);
    });
    const beans = readFileSync(join(REPO_ROOT, 'profiles', 'mailbox.xml'), 'utf8')
      .replace('ENTER_AN_URL_WITH_YOUR_CONTACT_INFO_HERE_FOR_WEBMASTERS_AFFECTED_BY_YOUR_CRAWL', 'http://example.org/contact')
      .replace('imaps://USER@mail.example.org/INBOX', server.url('erin', 'INBOX', true));
    job = await tempDir({ 'crawler-beans.xml': beans });
    // Left by a killed crawl: removed when the next one starts.
    mkdirSync(join(job.dir, 'scratch'), { recursive: true });
    writeFileSync(join(job.dir, 'scratch', '12345-1.ris'), 'left by a killed run');
  });

  after(async () => {
    await job?.cleanup();
    await server?.close();
  });

  it('stores each message whole and byte for byte in its WARC resource record, extractors get at most maxBodyInMemoryBytes (inMemoryTrunc ' +
    'past it), and the scratch folder is empty after the crawl', async () => {
    const sets = ['fetchImap.recorderInBufferBytes=1048576', `fetchImap.maxBodyInMemoryBytes=${16 * MIB}`];
    const result = await launchJob(job.dir, { sets });
    expect(result.exitStatus).to.equal('FINISHED');
    const runDir = join(job.dir, result.runDir);
    const log = parseCrawlLog(readFileSync(join(runDir, 'logs', 'crawl.log'), 'utf8'));
    const entry = (uid: number): CrawlLogEntry => {
      const e = log.find((l) => l.uri.endsWith(`;UID=${uid}`));
      expect(e, `crawl.log has UID ${uid}: ${log.map((l) => l.line).join('\n')}`).to.not.equal(undefined);
      return e!;
    };
    const warcs = readdirSync(join(runDir, 'warcs')).filter((f) => f.endsWith('.warc.gz'));
    const records: WarcRecordRead[] = [];
    for (const f of warcs) records.push(...(await readWarcFile(join(runDir, 'warcs', f))));
    for (const [uid, source] of sources) {
      const e = entry(uid);
      expect([e.status, Number(e.size), e.digest], `crawl.log's status, size and digest of UID ${uid}`).to.deep.equal([200, source.length, sha1(source)]);
      const record = records.find((r) => field(r, 'WARC-Type') === 'resource' && field(r, 'WARC-Target-URI') === e.uri);
      expect(record, `a resource record of UID ${uid}`).to.not.equal(undefined);
      expect(record!.block.length, `UID ${uid}'s record length`).to.equal(source.length);
      expect(record!.block.equals(source), `UID ${uid}'s record is its source, byte for byte`).to.equal(true);
      expect(field(record!, 'WARC-Block-Digest')).to.equal(sha1(source));
    }
    const annotations = (uid: number) => entry(uid).annotations.split(',');
    expect(annotations(2), 'read back whole: within maxBodyInMemoryBytes').to.not.include('inMemoryTrunc');
    expect(annotations(3), 'past maxBodyInMemoryBytes').to.include('inMemoryTrunc');
    // UID 2's attachment was read (the message was read back whole), UID 3's not (only its first MiB was in memory).
    const lines = readFileSync(join(runDir, 'documents.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    const sizeOf = (uid: number) => lines.find((l) => String(l.url).endsWith(`;UID=${uid}`))?.size;
    expect([sizeOf(1), sizeOf(2)]).to.deep.equal([sources.get(1)!.length, sources.get(2)!.length]);
    expect(lines.some((l) => String(l.url).endsWith(';UID=2!/data-2.bin')), 'UID 2\'s attachment is delivered').to.equal(true);
    expect(lines.some((l) => String(l.url).includes(';UID=3!/')), 'no part of UID 3 is taken for an attachment').to.equal(false);
    // Each scratch file goes once its URI is done (not awaited on the URI's path: waited for here); the killed run's went at the start.
    const scratch = join(job.dir, 'scratch');
    await until(async () => (await readdir(scratch)).length === 0, `an empty scratch folder (left: ${(await readdir(scratch)).join(', ')})`,
      { timeoutMs: 5_000 });
  });
});
