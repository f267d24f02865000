import { expect } from 'chai';
import { chmod } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { CredentialStore } from '../../model/credential-store.js';
import type { SeedModule } from '../../model/seed-module.js';
import { parseSeedText } from '../seeds/parse-seed-text.js';
import { DovecotServer } from '../../../test/support/dovecot-server.js';
import { mailMessage } from '../../../test/support/mail-messages.js';
import { requireServer } from '../../../test/support/require-server.js';
import { FetchImap, fetchImapComponent, type FetchImapConfig } from './fetch-imap.js';
import { MAIL } from '../../model/mail-attributes.js';

const USERS = { bob: 'bob-Pass-9x', carol: 'carol-Pass-4y' };

describe(FetchImap.name, function () {
  this.timeout(60_000);
  let server: DovecotServer;
  let validity: bigint;
  const fetchers: FetchImap[] = [];

  before(async function () {
    requireServer(this, 'dovecot-imapd');
    server = await DovecotServer.create(USERS);
    await server.with('bob', async (c) => {
      await c.mailboxCreate('INBOX.Sub');
      for (let n = 1; n <= 3; n++) await c.append('INBOX', mailMessage(n, { attachment: n === 2 }), n === 1 ? ['\\Seen'] : []);
      await c.append('INBOX.Sub', mailMessage(50, { folder: 'INBOX.Sub' }));
      const status = await c.status('INBOX', { uidValidity: true });
      validity = status === false ? 0n : status.uidValidity!;
    });
  });

  after(async () => {
    await Promise.all(fetchers.map((f) => f.stop()));
    await server?.close();
  });

  /** A started FetchImap whose seeds are these lines (a password in a seed URL is taken out as TextSeedModule does). */
  async function fetcher(over: Partial<FetchImapConfig> = {}, seedLines: string[] = []): Promise<FetchImap> {
    const defaults = Object.fromEntries(Object.entries(fetchImapComponent.props).map(([k, spec]) => [k, spec.default]));
    const { seeds } = parseSeedText(seedLines.join('\n'));
    const seedModule = { loadSeeds: async () => ({ seeds, directives: [] }), onSeedAdded: () => {}, addSeed: () => {} } as SeedModule;
    const f = new FetchImap({ ...defaults, passwordVariable: '', seeds: seedModule, ...over } as FetchImapConfig);
    await f.start();
    fetchers.push(f);
    return f;
  }

  async function fetch(f: FetchImap, uri: string): Promise<CrawlUri> {
    const curi = new CrawlUri(uri);
    await f.process(curi);
    return curi;
  }

  const withPassword = () => fetcher({}, [server.url('bob', 'INBOX', true)]);
  const message = (uid: number, folder = 'INBOX', v = validity) => `${server.url('bob', folder)};UIDVALIDITY=${v}/;UID=${uid}`;

  it('takes the password out of a seed URL, and lists a folder: its messages by UIDVALIDITY and UID, then its subfolders; a listing, no document', async () => {
    const [seed] = parseSeedText(server.url('bob', 'INBOX', true)).seeds;
    expect(seed).to.deep.equal({ url: server.url('bob', 'INBOX'), line: 1, password: USERS.bob });
    const curi = await fetch(await withPassword(), server.url('bob', 'INBOX'));
    expect(curi.fetchStatus).to.equal(200);
    expect(curi.listing).to.equal(true);
    expect(curi.outlinks.map((l) => [l.uri, l.hop])).to.deep.equal([
      [message(1), 'L'], [message(2), 'L'], [message(3), 'L'], [server.url('bob', 'INBOX.Sub'), 'L'],
    ]);
    expect(curi.content!.toString()).to.equal(`UIDVALIDITY=${validity}\nUID=1\nUID=2\nUID=3\nINBOX.Sub/\n`);
  });

  it('lists the account: its top-level folders', async () => {
    const curi = await fetch(await withPassword(), server.url('bob', ''));
    expect(curi.fetchStatus).to.equal(200);
    expect(curi.outlinks.map((l) => l.uri)).to.deep.equal([server.url('bob', 'INBOX')]);
  });

  it('fetches a message: its source as message/rfc822 content, its envelope and flags as attributes, nothing marked seen', async () => {
    const f = await withPassword();
    const curi = await fetch(f, message(2));
    expect(curi.fetchStatus).to.equal(200);
    expect(curi.listing).to.equal(false);
    expect(curi.contentType).to.equal('message/rfc822');
    expect(curi.content!.toString()).to.equal(mailMessage(2, { attachment: true }));
    expect(curi.contentDigest).to.match(/^sha1:[A-Z2-7]{32}$/);
    expect(curi.attempt.extra(MAIL)).to.deep.equal({
      subject: 'Message 2 in INBOX', from: ['Sender 2 <sender2@example.org>'], to: ['Bob <bob@example.org>'],
      date: '2024-01-03T12:02:00.000Z', messageId: '<m2.INBOX@example.org>', folder: 'INBOX', flags: [],
    });
    expect((await fetch(f, message(1))).attempt.extra(MAIL)?.flags).to.deep.equal(['\\Seen']);
    // Read-only: message 2 is still unseen.
    expect((await fetch(f, message(2))).attempt.extra(MAIL)?.flags).to.deep.equal([]);
  });

  it('with flagsAreChanges, gives the flags as the message\'s version (compared as an ETag)', async () => {
    const curi = await fetch(await fetcher({ flagsAreChanges: true }, [server.url('bob', 'INBOX', true)]), message(1));
    expect(curi.extraInfo.version).to.equal('flags:\\Seen');
  });

  it('answers 404 for a UID its folder no longer has, a changed UIDVALIDITY, a folder that is gone', async () => {
    const f = await withPassword();
    expect([(await fetch(f, message(99))).fetchStatus, (await fetch(f, message(99))).annotations]).to.deep.equal([404, ['imap:expunged']]);
    const stale = await fetch(f, message(1, 'INBOX', validity - 1n));
    expect([stale.fetchStatus, stale.annotations]).to.deep.equal([404, ['imap:uidValidityChanged']]);
    const noFolder = await fetch(f, message(1, 'INBOX.Nowhere'));
    expect([noFolder.fetchStatus, noFolder.annotations]).to.deep.equal([404, ['imap:noSuchFolder']]);
    expect((await fetch(f, server.url('bob', 'INBOX.Nowhere'))).fetchStatus).to.equal(404);
  });

  it('lists the folder again for a message expunged after this run listed it, and answers 404', async () => {
    const f = await withPassword();
    await server.with('bob', (c) => c.append('INBOX', mailMessage(9)));
    const listed = await fetch(f, server.url('bob', 'INBOX'));
    expect(listed.outlinks.map((l) => l.uri)).to.include(message(4));
    await server.with('bob', async (c) => {
      const lock = await c.getMailboxLock('INBOX');
      try {
        await c.messageDelete('4', { uid: true });
      } finally {
        lock.release();
      }
    });
    const curi = await fetch(f, message(4));
    expect([curi.fetchStatus, curi.annotations]).to.deep.equal([404, ['imap:expunged']]);
  });

  it('proves nothing gone when the folder cannot be opened (a failure, not a 404)', async () => {
    const validityOf = await server.with('bob', async (c) => {
      await c.mailboxCreate('INBOX.Locked');
      await c.append('INBOX.Locked', mailMessage(70, { folder: 'INBOX.Locked' }));
      const status = await c.status('INBOX.Locked', { uidValidity: true });
      return status === false ? 0n : status.uidValidity!;
    });
    const folder = join(server.dir, 'mail', 'bob', '.INBOX.Locked');
    await chmod(folder, 0o000);
    try {
      const curi = await fetch(await withPassword(), message(1, 'INBOX.Locked', validityOf));
      expect(curi.fetchStatus, curi.annotations.join()).to.be.below(0);
      expect(curi.annotations.some((a) => a.startsWith('err:'))).to.equal(true);
    } finally {
      await chmod(folder, 0o700);
    }
  });

  it('finds the password in a MailboxCredential, or in the environment variable', async () => {
    const store: CredentialStore = {
      httpAuthFor: () => [],
      mailboxLoginFor: (url) => (url.host === `127.0.0.1:${server.port}` ? { kind: 'mailbox', domain: url.host, login: 'carol', password: USERS.carol } : undefined),
    };
    const byStore = await fetch(await fetcher({ credentialStore: store }), server.url('carol', 'INBOX'));
    expect([byStore.fetchStatus, byStore.annotations]).to.deep.equal([200, []]);
    const variable = 'BEANCRAWL_TEST_IMAP_PASSWORD';
    process.env[variable] = USERS.carol;
    try {
      const byEnv = await fetch(await fetcher({ passwordVariable: variable }), server.url('carol', 'INBOX'));
      expect([byEnv.fetchStatus, byEnv.annotations]).to.deep.equal([200, []]);
    } finally {
      delete process.env[variable];
    }
  });

  it('answers 401 without a password, or when the server refuses the login; the password is in no annotation', async () => {
    const none = await fetch(await fetcher(), server.url('carol', 'INBOX'));
    expect([none.fetchStatus, none.annotations]).to.deep.equal([401, ['imap:noPassword']]);
    const wrong = await fetch(await fetcher({}, [server.url('carol', 'INBOX').replace('carol@', 'carol:not-it@')]), server.url('carol', 'INBOX'));
    expect([wrong.fetchStatus, wrong.annotations]).to.deep.equal([401, ['imap:loginRefused']]);
  });

  it('reconnects when the server cut its connection between two fetches', async () => {
    const f = await withPassword();
    expect((await fetch(f, message(3))).fetchStatus).to.equal(200);
    await server.restart();
    const again = await fetch(f, message(3));
    expect([again.fetchStatus, again.annotations]).to.deep.equal([200, []]);
  });

  it('answers -4 when a server accepts the connection and never greets, within connectTimeoutMs', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const f = await fetcher({ connectTimeoutMs: 500 }, [`imap://bob:x@127.0.0.1:${port}/INBOX`]);
      const started = Date.now();
      const curi = await fetch(f, `imap://bob@127.0.0.1:${port}/INBOX`);
      expect([curi.fetchStatus, curi.annotations]).to.deep.equal([-4, ['err:GREETING_TIMEOUT']]);
      expect(Date.now() - started).to.be.below(5000);
    } finally {
      silent.close();
    }
  });

  it('answers -2 when nothing listens, and -7 for a URL it cannot fetch (a part of a message)', async () => {
    const f = await fetcher({ connectTimeoutMs: 2000 }, ['imap://bob:x@127.0.0.1:1/INBOX']);
    const refused = await fetch(f, 'imap://bob@127.0.0.1:1/INBOX');
    expect(refused.fetchStatus).to.equal(-2);
    expect((await fetch(f, `${message(1)}/;SECTION=1`)).fetchStatus).to.equal(-7);
  });
});
