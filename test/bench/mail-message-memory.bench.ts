/**
 * What one large mail message costs in memory, against a real Dovecot on loopback (issue 40: a
 * 96 MB message peaked at 702 MB). MB (96) is the message's size. Two messages of that size, one
 * of plain text, one with a base64 attachment of three quarters of it, each in its own folder,
 * and a small one in a third. Prints:
 * - FetchImap alone (test/support/imap-fetch-peak.ts, a process of its own): the growth of peak
 *   RSS over the fetch, with the default maxLengthBytes (100 MiB) and with 4 MiB;
 * - a whole crawl (`beancrawl launch`, mailbox profile: FetchImap, ExtractorCompound, the WARC
 *   writer, a JSON Lines receiver) of each folder: its peak RSS (VmHWM, read from /proc while it
 *   runs) and that less the crawl of the small message's folder.
 * Not a test: `node dist/test/bench/mail-message-memory.bench.js [MB]` after a build (Dovecot
 * installed: apt-get install dovecot-imapd).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DovecotServer } from '../support/dovecot-server.js';
import type { ImapFetchPeak } from '../support/imap-fetch-peak.js';
import { mailMessage } from '../support/mail-messages.js';
import { BIN, CONTACT, ROOT } from './runners/beancrawl.js';

const MB = Number(process.argv[2] ?? 96);
const MIB = 1024 * 1024;
const PASSWORD = 'bench-Pass-1';

function textMessage(bytes: number): Buffer {
  const line = `${'y'.repeat(76)}\r\n`;
  return Buffer.from(`From: a@example.org\r\nSubject: text\r\nContent-Type: text/plain\r\n\r\n${line.repeat(Math.ceil(bytes / line.length))}`);
}

function attachedMessage(bytes: number): Buffer {
  const data = Buffer.alloc(Math.ceil(bytes * 0.74));
  for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
  return Buffer.from(['From: a@example.org', 'Subject: attached', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="XX"', '', '--XX',
    'Content-Type: text/plain', '', 'See the file.', '--XX', 'Content-Type: application/octet-stream', 'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment; filename="data.bin"', '', data.toString('base64').replace(/.{76}/g, '$&\r\n'), '--XX--', ''].join('\r\n'));
}

async function peakKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function crawl(job: string, seed: string): Promise<number> {
  const sets = ['--set', `metadata.operatorContactUrl=${CONTACT}`, '--set', `seeds.textSource.value=${seed}`];
  const child = spawn(process.execPath, [BIN, 'launch', job, '--fresh', ...sets],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, BEANCRAWL_IMAP_PASSWORD: PASSWORD } });
  let peak = 0;
  const sampler = setInterval(() => void peakKb(child.pid!).then((kb) => (peak = Math.max(peak, kb))), 20);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`launch exited ${code}`);
  return peak / 1024;
}

const server = await DovecotServer.create({ bench: PASSWORD });
const work = mkdtempSync(join(tmpdir(), 'beancrawl-mail-memory-'));
try {
  const uids = await server.with('bench', async (c) => {
    for (const folder of ['INBOX.Small', 'INBOX.Text', 'INBOX.Attached']) await c.mailboxCreate(folder);
    await c.append('INBOX.Small', mailMessage(1));
    await c.append('INBOX.Text', textMessage(MB * MIB));
    await c.append('INBOX.Attached', attachedMessage(MB * MIB));
    const validity = async (folder: string) => {
      const status = await c.status(folder, { uidValidity: true });
      return status === false ? 0n : status.uidValidity!;
    };
    return { small: await validity('INBOX.Small'), text: await validity('INBOX.Text') };
  });
  console.log(`mail-message-memory.bench: ${MB} MB messages (plain text; a base64 attachment), Dovecot on loopback\n`);
  const child = fileURLToPath(new URL('../support/imap-fetch-peak.js', import.meta.url));
  const message = (folder: string, validity: bigint) => `${server.url('bench', folder)};UIDVALIDITY=${validity}/;UID=1`;
  console.log('| FetchImap alone, the text message | read | annotations | peak RSS growth | time |\n|---|---|---|---|---|');
  for (const limit of [100 * MIB, 4 * MIB]) {
    const { stdout } = await promisify(execFile)(process.execPath, [child, server.url('bench'), PASSWORD, message('INBOX.Small', uids.small),
      message('INBOX.Text', uids.text), String(limit)]);
    const r = JSON.parse(stdout.trim().split('\n').pop()!) as ImapFetchPeak;
    console.log(`| maxLengthBytes ${limit / MIB} MiB | ${(r.size / MIB).toFixed(1)} MiB | ${r.annotations.join(',') || '–'} | ` +
      `${(r.peakGrowthBytes / MIB).toFixed(0)} MiB | ${r.ms} ms |`);
  }
  const job = join(work, 'job');
  (await import('node:fs')).mkdirSync(job);
  writeFileSync(join(job, 'crawler-beans.xml'), readFileSync(join(ROOT, 'profiles', 'mailbox.xml'), 'utf8'));
  const base = await crawl(job, server.url('bench', 'INBOX.Small'));
  console.log('\n| whole crawl (mailbox profile) | peak RSS | less the small message\'s crawl |\n|---|---|---|');
  console.log(`| one small message | ${base.toFixed(0)} MB | – |`);
  for (const folder of ['INBOX.Text', 'INBOX.Attached']) {
    const peak = await crawl(job, server.url('bench', folder));
    const name = folder === 'INBOX.Text' ? 'the text message' : 'the message with an attachment';
    console.log(`| ${name} | ${peak.toFixed(0)} MB | ${(peak - base).toFixed(0)} MB |`);
  }
} finally {
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
