import { expect } from 'chai';
import { DovecotServer } from '../../../test/support/dovecot-server.js';
import { requireServer } from '../../../test/support/require-server.js';
import { until } from '../../../test/support/until.js';
import { ImapConnections } from './imap-connections.js';
import { parseImapUrl, type ImapTarget } from './imap-url.js';

const USERS: Record<string, string> = { ann: 'ann-pw-1', ben: 'ben-pw-2' };

describe(ImapConnections.name, function () {
  this.timeout(30_000);
  let server: DovecotServer;

  before(async function () {
    requireServer(this, 'dovecot-imapd');
    server = await DovecotServer.create(USERS);
  });

  after(async () => {
    await server?.close();
  });

  const target = (user: string) => parseImapUrl(server.url(user)) as ImapTarget;

  const open = (maxConnectionsPerServer: number) =>
    new ImapConnections({ connectTimeoutMs: 5000, socketTimeoutMs: 5000, maxConnectionsPerServer }, (t) => ({ user: t.user, password: USERS[t.user] }));

  it('works on one account of a server at a time by default (politeness): the other waits its turn', async () => {
    const connections = open(1);
    const events: string[] = [];
    try {
      // Both connections open first, so that a turn not waited for would show at once.
      await Promise.all(['ann', 'ben'].map((u) => connections.run(target(u), (c) => c.noop())));
      await Promise.all([
        connections.run(target('ann'), async (c) => {
          events.push('ann:start');
          for (let i = 0; i < 5; i++) await c.noop();
          events.push('ann:end');
        }),
        connections.run(target('ben'), async (c) => {
          events.push('ben:start');
          await c.noop();
          events.push('ben:end');
        }),
      ]);
    } finally {
      await connections.close();
    }
    expect(events).to.deep.equal(['ann:start', 'ann:end', 'ben:start', 'ben:end']);
  });

  it('works on as many accounts at once as maxConnectionsPerServer allows', async () => {
    const connections = open(2);
    const started = new Set<string>();
    // Each operation waits for the other to have started: they can end only if they run together.
    const op = (user: string, other: string) => connections.run(target(user), async (c) => {
      started.add(user);
      await until(() => started.has(other), `${other}'s operation to run beside ${user}'s`, { timeoutMs: 10_000 });
      await c.noop();
    });
    try {
      await Promise.all([op('ann', 'ben'), op('ben', 'ann')]);
    } finally {
      await connections.close();
    }
  });

  it('runs an account\'s operations one after another over one connection', async () => {
    const connections = open(4);
    const order: string[] = [];
    const clients = new Set<unknown>();
    const op = (name: string) => connections.run(target('ann'), async (client) => {
      clients.add(client);
      order.push(`${name}:start`);
      await client.noop();
      order.push(`${name}:end`);
    });
    try {
      await Promise.all([op('a'), op('b'), op('c')]);
    } finally {
      await connections.close();
    }
    expect(order).to.deep.equal(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    expect(clients.size).to.equal(1);
  });
});
