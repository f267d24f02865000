/**
 * What a mailbox crawl costs, against a real Dovecot on loopback: MESSAGES messages (one in four
 * with a 3 KB attachment) in INBOX, crawled with the mailbox profile, then crawled again
 * unchanged (a delta run: every message fetched again and found unchanged), then a third time
 * after 1% of them were expunged (each checked at the end of the run against the folder's
 * listing). Prints messages/s of each run. Not a test: run `node dist/test/bench/mailbox.bench.js`
 * after a build (Dovecot installed: apt-get install dovecot-imapd).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchJob } from '../../src/job/launch-job.js';
import { DovecotServer } from '../support/dovecot-server.js';
import { mailMessage } from '../support/mail-messages.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const MESSAGES = Number(process.env.MESSAGES ?? 2000);

const server = await DovecotServer.create({ bench: 'bench-pw' });
const job = await tempDir({
  'crawler-beans.xml': readFileSync(join(REPO_ROOT, 'profiles', 'mailbox.xml'), 'utf8')
    .replace('ENTER_AN_URL_WITH_YOUR_CONTACT_INFO_HERE_FOR_WEBMASTERS_AFFECTED_BY_YOUR_CRAWL', 'http://example.org/contact')
    .replace('imaps://USER@mail.example.org/INBOX', server.url('bench', 'INBOX', true)),
});
try {
  let filled = Date.now();
  await server.with('bench', async (c) => {
    for (let n = 1; n <= MESSAGES; n++) await c.append('INBOX', mailMessage(n, { attachment: n % 4 === 0 }));
  });
  filled = Date.now() - filled;
  console.log(`mailbox.bench: ${MESSAGES} messages appended in ${filled} ms`);
  const run = async (name: string) => {
    const started = Date.now();
    const result = await launchJob(job.dir, { sets: ['fetchHistory.maxDeletePercent=100'] });
    const ms = Date.now() - started;
    const lines = readFileSync(join(job.dir, result.runDir, 'documents.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { kind: string }).kind);
    const counts: Record<string, number> = {};
    for (const k of lines) counts[k] = (counts[k] ?? 0) + 1;
    const kinds = Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ');
    console.log(`${name.padEnd(34)} ${String(ms).padStart(6)} ms  ${(MESSAGES / (ms / 1000)).toFixed(0).padStart(6)} messages/s  (${kinds})`);
  };
  await run('first run (all new)');
  await run('second run (all unchanged)');
  await server.with('bench', async (c) => {
    const lock = await c.getMailboxLock('INBOX');
    try {
      await c.messageDelete(`1:${Math.max(1, Math.floor(MESSAGES / 100))}`, { uid: true });
    } finally {
      lock.release();
    }
  });
  await run('third run (1% expunged)');
} finally {
  await job.cleanup();
  await server.close();
}
