import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DovecotServer } from '../support/dovecot-server.js';
import { mailMessage } from '../support/mail-messages.js';
import { requireServer } from '../support/require-server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const PASSWORD = 'cli-Secret-8w1q';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const s = statSync(path, { throwIfNoEntry: false });
    return !s ? [] : s.isDirectory() ? filesUnder(path).map((f) => join(name, f)) : s.isFile() ? [name] : [];
  });
}

/** The real binary (its bundle loads imapflow only for this job) against a real Dovecot. */
describe('beancrawl create --profile mailbox, launch twice (end to end)', function () {
  this.timeout(120_000);
  let server: DovecotServer;
  let work: { dir: string; cleanup(): Promise<void> };

  before(async function () {
    requireServer(this, 'dovecot-imapd');
    server = await DovecotServer.create({ erin: PASSWORD });
    await server.with('erin', async (c) => {
      for (let n = 1; n <= 5; n++) await c.append('INBOX', mailMessage(n, { attachment: n === 3 }));
    });
    work = await tempDir();
  });

  after(async () => {
    await work?.cleanup();
    await server?.close();
  });

  it('crawls the mailbox, then reports the delta; the seed\'s password is in no output, log or file but the bean file the operator made', async () => {
    const job = join(work.dir, 'mail');
    const outputs: string[] = [];
    const cli = async (args: string[]) => {
      const result = await runCli(args, { timeoutMs: 60_000 });
      outputs.push(result.stdout, result.stderr);
      expect(result.code, `beancrawl ${args[0]}: ${result.stderr}`).to.equal(0);
      return result;
    };
    await cli(['create', job, '--profile', 'mailbox', '--seed', server.url('erin', 'INBOX', true), '--contact', 'http://example.org/contact']);
    expect((await cli(['launch', job])).stdout).to.contain('delta: 5 new, 0 changed, 0 unchanged, 0 deleted');
    await server.with('erin', async (c) => {
      const lock = await c.getMailboxLock('INBOX');
      try {
        await c.messageDelete('2', { uid: true });
      } finally {
        lock.release();
      }
    });
    expect((await cli(['launch', job])).stdout).to.contain('delta: 0 new, 0 changed, 4 unchanged, 1 deleted');
    expect(outputs.join('\n')).not.to.contain(PASSWORD);
    const holding = filesUnder(job).filter((f) => {
      const bytes = readFileSync(join(job, f));
      return (f.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('latin1').includes(PASSWORD);
    });
    expect(holding).to.deep.equal(['crawler-beans.xml']);
  });
});
