import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { SeedModule } from '../../model/seed-module.js';
import { DovecotServer } from '../../../test/support/dovecot-server.js';
import type { ImapFetchPeak } from '../../../test/support/imap-fetch-peak.js';
import { mailMessage } from '../../../test/support/mail-messages.js';
import { requireServer } from '../../../test/support/require-server.js';
import { FetchImap, fetchImapComponent, type FetchImapConfig } from './fetch-imap.js';
import { SOURCE_CHUNK_BYTES } from './fetch-message.js';

const MIB = 1024 * 1024;
const PASSWORD = 'dave-Pass-7z';

/** A plain-text message of about `bytes` bytes, each line numbered (a byte out of place shows). */
function bigMessage(bytes: number, n: number): Buffer {
  const head = `From: a@example.org\r\nTo: b@example.org\r\nSubject: big ${n}\r\nMessage-ID: <big${n}@example.org>\r\nContent-Type: text/plain\r\n\r\n`;
  const lines: string[] = [];
  let size = head.length;
  for (let i = 0; size < bytes; i++) {
    const line = `${String(i).padStart(9, '0')} ${'abcdefghijklmnopqrstuvwxyz'.repeat(3)}\r\n`;
    lines.push(line);
    size += line.length;
  }
  return Buffer.from(head + lines.join(''));
}

describe('FetchImap reading a large message (against Dovecot)', function () {
  this.timeout(120_000);
  let server: DovecotServer;
  let validity: bigint;
  const sources = new Map<number, Buffer>();
  const fetchers: FetchImap[] = [];

  before(async function () {
    requireServer(this, 'dovecot-imapd');
    server = await DovecotServer.create({ dave: PASSWORD });
    sources.set(1, Buffer.from(mailMessage(1)));
    sources.set(2, bigMessage(2 * SOURCE_CHUNK_BYTES + 12_345, 2));
    sources.set(3, bigMessage(30 * MIB, 3));
    await server.with('dave', async (c) => {
      for (const source of sources.values()) await c.append('INBOX', source);
      const status = await c.status('INBOX', { uidValidity: true });
      validity = status === false ? 0n : status.uidValidity!;
    });
  });

  after(async () => {
    await Promise.all(fetchers.map((f) => f.stop()));
    await server?.close();
  });

  const message = (uid: number) => `${server.url('dave')};UIDVALIDITY=${validity}/;UID=${uid}`;

  async function fetch(maxLengthBytes: number, uid: number): Promise<CrawlUri> {
    const defaults = Object.fromEntries(Object.entries(fetchImapComponent.props).map(([k, spec]) => [k, spec.default]));
    const seeds = { loadSeeds: async () => ({ seeds: [{ url: server.url('dave'), line: 1, password: PASSWORD }], directives: [] }) } as unknown as SeedModule;
    const f = new FetchImap({ ...defaults, passwordVariable: '', seeds, maxLengthBytes } as FetchImapConfig);
    fetchers.push(f);
    await f.start();
    const curi = new CrawlUri(message(uid));
    await f.process(curi);
    // As a crawl's controller does once a URI is done: a message kept partly on disk leaves nothing behind.
    await Promise.all((curi.scratchFiles ?? []).map((file) => rm(file, { force: true })));
    return curi;
  }

  it('reads a message of several chunks whole, byte for byte, and one cut by maxLengthBytes to exactly its first bytes, annotated lenTrunc', async () => {
    const whole = sources.get(2)!;
    const all = await fetch(0, 2);
    expect([all.fetchStatus, all.annotations]).to.deep.equal([200, []]);
    expect(all.content!.equals(whole), 'the source read in chunks is the message').to.equal(true);
    const limit = SOURCE_CHUNK_BYTES + 777;
    const cut = await fetch(limit, 2);
    expect([cut.fetchStatus, cut.annotations, cut.contentSize, cut.extraInfo.messageSize]).to.deep.equal([200, ['lenTrunc'], limit, whole.length]);
    expect(cut.content!.equals(whole.subarray(0, limit))).to.equal(true);
  });

  it('reads no more of a 30 MB message than its 4 MiB limit: annotated lenTrunc, the process\'s peak memory growing by about twice the limit', async () => {
    const child = fileURLToPath(new URL('../../../test/support/imap-fetch-peak.js', import.meta.url));
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [child, server.url('dave'), PASSWORD, message(1), message(3), String(4 * MIB)])
      .catch((e: { stdout?: string; stderr?: string; message: string }) => ({ stdout: e.stdout ?? '', stderr: `${e.message}\n${e.stderr ?? ''}` }));
    const line = stdout.trim().split('\n').pop() ?? '';
    expect(line, `the child printed no result: ${stderr}`).to.match(/^\{/);
    const peak = JSON.parse(line) as ImapFetchPeak;
    expect([peak.status, peak.size, peak.annotations]).to.deep.equal([200, 4 * MIB, ['lenTrunc']]);
    // About 8 MiB here (the limit twice over while imapflow gathers the literal); the whole message would be 30 MiB at least.
    expect(peak.peakGrowthBytes, JSON.stringify(peak)).to.be.below(24 * MIB);
  });
});
