import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ImapFlow } from 'imapflow';
import { launchJob } from '../../job/launch-job.js';
import { parseCrawlLog, type CrawlLogEntry } from '../../../test/support/crawl-job.js';
import { DovecotServer } from '../../../test/support/dovecot-server.js';
import { mailMessage } from '../../../test/support/mail-messages.js';
import { requireServer } from '../../../test/support/require-server.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { tempDir } from '../../../test/support/temp-dir.js';

/**
 * The mailbox profile against a real Dovecot: a mailbox of a few dozen messages (some with
 * attachments) in three folders, crawled twice with messages added, flagged and expunged and a
 * folder made anew (a new UIDVALIDITY) between the runs. The password is given in the seed URL.
 */

const PASSWORD = 'Sw0rdfish-Q7x2-zz';

interface Line { readonly kind: string; readonly url: string; readonly [key: string]: unknown }

interface Run {
  readonly exitStatus: string;
  readonly lines: Line[];
  readonly log: CrawlLogEntry[];
  readonly runDir: string;
  /** Logins the server logged during the run. */
  readonly logins: number;
}

/** `INBOX#7`, `INBOX.Old@v#3`: a message URL by folder and UID (and UIDVALIDITY where asked). */
function short(url: string, withValidity = false): string {
  const m = /\/([^/;]+);UIDVALIDITY=(\d+)\/;UID=(\d+)$/.exec(url);
  if (!m) return url;
  return withValidity ? `${m[1]}@${m[2]}#${m[3]}` : `${m[1]}#${m[3]}`;
}

/** The messages' lines by kind (their attachments, compound elements, apart: see attachmentsFollow). */
function kinds(run: Run): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const l of run.lines) if (!l.url.includes('!/')) (out[l.kind] ??= []).push(short(l.url));
  for (const k of Object.keys(out)) out[k].sort();
  return out;
}

/**
 * The attachments of the messages with one (every fourth: file-N.bin), each a compound element
 * of its message: one line a message that has one, of the message's own kind in this scenario.
 */
function attachmentsFollow(run: Run, messages: number): void {
  const elements = run.lines.filter((l) => l.url.includes('!/'));
  expect(elements, 'one attachment line a message with an attachment').to.have.length(messages);
  for (const e of elements) {
    const message = e.url.slice(0, e.url.indexOf('!/'));
    expect(e.url).to.match(/!\/file-\d+\.bin$/);
    expect(e, e.url).to.deep.include({ _compoundRecordId: message, kind: run.lines.find((l) => l.url === message)!.kind });
  }
}

/** Every file under dir (relative paths). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const s = statSync(path, { throwIfNoEntry: false });
    if (!s) return [];
    return s.isDirectory() ? filesUnder(path).map((f) => join(name, f)) : s.isFile() ? [name] : [];
  });
}

async function fill(client: ImapFlow, folder: string, from: number, count: number): Promise<void> {
  for (let n = from; n < from + count; n++) await client.append(folder, mailMessage(n, { attachment: n % 4 === 0, folder }));
}

async function uidsOf(client: ImapFlow, folder: string): Promise<number[]> {
  const lock = await client.getMailboxLock(folder);
  try {
    return (await client.fetchAll('1:*', { uid: true })).map((m) => m.uid);
  } finally {
    lock.release();
  }
}

describe('crawling a mailbox over IMAP, twice (integration)', function () {
  this.timeout(120_000);
  let server: DovecotServer;
  let job: { dir: string; cleanup(): Promise<void> };

  before(async function () {
    requireServer(this, 'dovecot-imapd');
    server = await DovecotServer.create({ bob: PASSWORD });
    await server.with('bob', async (c) => {
      await c.mailboxCreate('INBOX.Archive');
      await c.mailboxCreate('INBOX.Old');
      await fill(c, 'INBOX', 1, 24);
      await fill(c, 'INBOX.Archive', 101, 8);
      await fill(c, 'INBOX.Old', 201, 4);
    });
    const beans = readFileSync(join(REPO_ROOT, 'profiles', 'mailbox.xml'), 'utf8')
      .replace('ENTER_AN_URL_WITH_YOUR_CONTACT_INFO_HERE_FOR_WEBMASTERS_AFFECTED_BY_YOUR_CRAWL', 'http://example.org/contact')
      .replace('imaps://USER@mail.example.org/INBOX', server.url('bob', 'INBOX', true));
    expect(beans, 'the seed with its password is in the bean file').to.contain(`:${PASSWORD}@`);
    job = await tempDir({ 'crawler-beans.xml': beans });
  });

  after(async () => {
    await job?.cleanup();
    await server?.close();
  });

  const logins = async () => (await server.log()).split('\n').filter((l) => /imap-login: Info: Login: user=<bob>/.test(l)).length;

  async function launch(): Promise<Run> {
    const before = await logins();
    const result = await launchJob(job.dir, {});
    const after = await logins();
    const runDir = join(job.dir, result.runDir);
    const text = readFileSync(join(runDir, 'documents.jsonl'), 'utf8');
    return {
      exitStatus: result.exitStatus, runDir, logins: after - before,
      lines: text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line),
      log: parseCrawlLog(readFileSync(join(runDir, 'logs', 'crawl.log'), 'utf8')),
    };
  }

  let first: Run;
  let second: Run;
  const changed: { expunged: string[]; flagged: string[]; oldBefore: string[] } = { expunged: [], flagged: [], oldBefore: [] };

  it('first run: every message is new, with its envelope; folders are listings no receiver hears', async () => {
    first = await launch();
    expect(first.exitStatus).to.equal('FINISHED');
    const k = kinds(first);
    expect(Object.keys(k)).to.deep.equal(['new']);
    expect(k.new).to.have.length(36);
    expect(first.lines.every((l) => l.url.includes(';UID=')), 'documents.jsonl holds messages only').to.equal(true);
    const folders = first.log.filter((e) => !e.uri.includes(';UID=')).map((e) => [e.uri.replace(/^.*\d\//, ''), e.status, e.mime]);
    expect(folders.sort()).to.deep.equal([['INBOX', 200, 'text/x-imap-listing'], ['INBOX.Archive', 200, 'text/x-imap-listing'], ['INBOX.Old', 200, 'text/x-imap-listing']]);
    const m4 = first.lines.find((l) => short(l.url) === 'INBOX#4')!;
    expect(m4).to.deep.include({
      mimeType: 'message/rfc822', subject: 'Message 4 in INBOX', from: ['Sender 4 <sender4@example.org>'], to: ['Bob <bob@example.org>'],
      messageId: '<m4.INBOX@example.org>', folder: 'INBOX', flags: [], date: '2024-01-05T12:04:00.000Z',
    });
    expect(m4.url).to.match(/^imap:\/\/bob@127\.0\.0\.1:\d+\/INBOX;UIDVALIDITY=\d+\/;UID=4$/);
    // The message's source is the document; its attachment is an element of its own (ExtractorCompound), as for every fourth message.
    const entry = first.log.find((e) => short(e.uri) === 'INBOX#4')!;
    expect(Number(entry.size)).to.equal(Buffer.byteLength(mailMessage(4, { attachment: true, folder: 'INBOX' })));
    expect(m4).to.deep.include({ _isCompound: true });
    attachmentsFollow(first, 9);
    expect(first.log.filter((e) => e.status !== 200).map((e) => e.line), 'nothing failed').to.deep.equal([]);
  });

  it('one connection to the server a run: the server saw one login (besides the test\'s own)', async () => {
    expect(first.logins).to.equal(1);
  });

  it('second run: added messages are new, expunged ones and a renewed folder\'s old ones deleted, its current ones new; flags alone change ' +
    'nothing', async () => {
    await server.with('bob', async (c) => {
      await fill(c, 'INBOX', 301, 3);
      let lock = await c.getMailboxLock('INBOX');
      try {
        await c.messageFlagsAdd('5,6', ['\\Flagged', '\\Seen'], { uid: true });
        await c.messageDelete('7,8', { uid: true });
      } finally {
        lock.release();
      }
      changed.flagged = ['INBOX#5', 'INBOX#6'];
      changed.expunged = ['INBOX#7', 'INBOX#8'];
      changed.oldBefore = (await uidsOf(c, 'INBOX.Old')).map((u) => `INBOX.Old#${u}`);
      await c.mailboxDelete('INBOX.Old');
      await c.mailboxCreate('INBOX.Old');
      await fill(c, 'INBOX.Old', 401, 4);
      lock = await c.getMailboxLock('INBOX.Archive');
      lock.release();
    });
    second = await launch();
    expect(second.exitStatus).to.equal('FINISHED');
    const k = kinds(second);
    const validity = (run: Run, folder: string) => new Set(run.lines.filter((l) => l.folder === folder).map((l) => /UIDVALIDITY=(\d+)/.exec(l.url)![1]));
    expect([...validity(second, 'INBOX.Old')], 'INBOX.Old has a new UIDVALIDITY').to.have.length(1).and.not.deep.equal([...validity(first, 'INBOX.Old')]);
    expect(k.new).to.deep.equal(['INBOX#25', 'INBOX#26', 'INBOX#27', 'INBOX.Old#1', 'INBOX.Old#2', 'INBOX.Old#3', 'INBOX.Old#4']);
    const deleted = second.lines.filter((l) => l.kind === 'deleted' && !l.url.includes('!/')).map((l) => short(l.url, true)).sort();
    const oldValidity = [...validity(first, 'INBOX.Old')][0];
    expect(deleted).to.deep.equal([...changed.expunged.map((s) => s.replace('#', `@${[...validity(first, 'INBOX')][0]}#`)), ...changed.oldBefore.map((s) => s.replace('#', `@${oldValidity}#`))].sort());
    expect(k.changed, 'flag changes are no changes unless flagsAreChanges').to.equal(undefined);
    expect(k.unchanged).to.have.length(36 - 6).and.include.members(changed.flagged);
    expect(second.logins, 'one login in the second run too').to.equal(1);
    // Attachments share their message's fate: new (INBOX.Old#4, renewed), deleted (INBOX#8 expunged, the old INBOX.Old#4), unchanged (the rest).
    attachmentsFollow(second, 10);
    // The expunged messages answered 404 only after the folder's complete listing of this run.
    const expunged = second.log.filter((e) => e.status === 404).map((e) => [short(e.uri), e.annotations]).sort();
    expect(expunged).to.deep.equal([
      ['INBOX#7', 'imap:expunged'], ['INBOX#8', 'imap:expunged'],
      ...changed.oldBefore.map((s) => [s, 'imap:uidValidityChanged']),
    ].sort());
  });

  it('the seed\'s password appears nowhere in the job folder but the operator\'s own bean file (crawl.log, documents.jsonl, WARCs, reports, logs, ' +
    'the run\'s copy of the beans)', () => {
    const files = filesUnder(job.dir);
    expect(files.some((f) => f.endsWith('.warc.gz')), 'WARC files were written').to.equal(true);
    expect(files).to.include.members([join(relative(job.dir, first.runDir), 'logs', 'crawl.log'), join(relative(job.dir, second.runDir), 'documents.jsonl')]);
    const holding = files.filter((f) => {
      const bytes = readFileSync(join(job.dir, f));
      const text = f.endsWith('.gz') ? gunzipSync(bytes).toString('latin1') : bytes.toString('latin1');
      return text.includes(PASSWORD) || text.includes(encodeURIComponent(PASSWORD));
    });
    expect(holding).to.deep.equal(['crawler-beans.xml']);
    expect(existsSync(join(second.runDir, 'crawler-beans.xml')), 'the run keeps a copy of the bean file').to.equal(true);
    expect(readFileSync(join(second.runDir, 'crawler-beans.xml'), 'utf8')).to.contain(server.url('bob', 'INBOX'));
  });
});

describe('crawling a mailbox whose operator counts flag changes (integration)', function () {
  this.timeout(120_000);
  let server: DovecotServer;
  let job: { dir: string; cleanup(): Promise<void> };

  before(async function () {
    requireServer(this, 'dovecot-imapd');
    server = await DovecotServer.create({ dana: 'dana-Pass-3z' });
    await server.with('dana', (c) => fill(c, 'INBOX', 1, 6));
    job = await tempDir({ 'crawler-beans.xml': readFileSync(join(REPO_ROOT, 'profiles', 'mailbox.xml'), 'utf8') });
  });

  after(async () => {
    await job?.cleanup();
    await server?.close();
  });

  const launch = async () => {
    // The seed and the switch given with --set; the password in the environment variable.
    const sets = ['metadata.operatorContactUrl=http://example.org/contact', `seeds.textSource.value=${server.url('dana')}`, 'fetchImap.flagsAreChanges=true'];
    process.env.BEANCRAWL_IMAP_PASSWORD = 'dana-Pass-3z';
    try {
      const result = await launchJob(job.dir, { sets });
      const lines = readFileSync(join(job.dir, result.runDir, 'documents.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
      return kinds({ exitStatus: result.exitStatus, lines, log: [], runDir: '', logins: 0 });
    } finally {
      delete process.env.BEANCRAWL_IMAP_PASSWORD;
    }
  };

  it('reports a message whose flags changed as changed, the others unchanged', async () => {
    expect((await launch()).new).to.have.length(6);
    await server.with('dana', async (c) => {
      const lock = await c.getMailboxLock('INBOX');
      try {
        await c.messageFlagsAdd('2', ['\\Seen'], { uid: true });
        await c.messageFlagsAdd('5', ['$Important'], { uid: true });
      } finally {
        lock.release();
      }
    });
    expect(await launch()).to.deep.equal({ changed: ['INBOX#2', 'INBOX#5'], unchanged: ['INBOX#1', 'INBOX#3', 'INBOX#4', 'INBOX#6'] });
  });

  it('logs in with a MailboxCredential of the profile\'s credential store, wired by autowiring', async () => {
    const beans = readFileSync(join(REPO_ROOT, 'profiles', 'mailbox.xml'), 'utf8').replace(
      /<!-- <entry key="work">.*-->/,
      `<entry key="test"><bean class="MailboxCredential"><property name="domain" value="127.0.0.1:${server.port}"/><property name="login" ` +
        `value="dana"/><property name="password" value="dana-Pass-3z"/></bean></entry>`,
    );
    expect(beans).to.contain('class="MailboxCredential"');
    const other = await tempDir({ 'crawler-beans.xml': beans });
    try {
      // The seed names no user: the credential gives it.
      const result = await launchJob(other.dir, { sets: ['metadata.operatorContactUrl=http://example.org/contact', `seeds.textSource.value=imap://127.0.0.1:${server.port}/INBOX`] });
      const log = parseCrawlLog(readFileSync(join(other.dir, result.runDir, 'logs', 'crawl.log'), 'utf8'));
      expect(log.map((e) => [e.uri.replace(/^imap:\/\/127\.0\.0\.1:\d+\//, ''), e.status])).to.deep.include.members([['INBOX', 200], ...[1, 2, 3, 4, 5, 6].map((n) => [`INBOX;UIDVALIDITY=${/UIDVALIDITY=(\d+)/.exec(log.find((e) => e.uri.includes(';UID='))!.uri)![1]}/;UID=${n}`, 200])]);
    } finally {
      await other.cleanup();
    }
  });
});
