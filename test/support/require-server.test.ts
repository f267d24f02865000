import { expect } from 'chai';
import type { Context } from 'mocha';
import { basename, dirname, join } from 'node:path';
import { installSystemServers } from './install-system-servers.js';
import { requireServer } from './require-server.js';
import type { SkippedTest } from './skip-because.js';
import { isInstalled, NEEDED_SERVERS, SYSTEM_SERVERS } from './system-servers.js';

/** Thrown by the stand-in context's skip(), as mocha's throws to end a skipped test. */
class Skipped extends Error {}

/** A stand-in for mocha's context in a test: it records the skip instead of making one. */
function testContext(): { ctx: Context; test: SkippedTest } {
  const test: SkippedTest & { type: string; title: string } = { type: 'test', title: 'needs a server' };
  const ctx = { test, skip: () => { throw new Skipped(); } };
  return { ctx: ctx as unknown as Context, test };
}

describe('requireServer', () => {
  // A server that cannot exist, and one that is always there (this very node).
  const servers = {
    'no-such-server': { packages: ['beancrawl-no-such-package'], files: ['/nonexistent/beancrawl/no-such-server'] },
    node: { packages: ['nodejs'], files: [process.execPath] },
  };
  const needed = ['no-such-server', 'node'];
  const REASON = 'no-such-server is not installed (/nonexistent/beancrawl/no-such-server); to install it, as root: apt-get install -y ' +
    '--no-install-recommends beancrawl-no-such-package';

  it('skips a test whose server is missing, saying the command that installs it', () => {
    const { ctx, test } = testContext();
    expect(() => requireServer(ctx, 'no-such-server', { servers, needed, env: {} })).to.throw(Skipped);
    expect(test.skipReason).to.equal(REASON);
  });

  it('fails it instead under BEANCRAWL_REQUIRE_SERVERS=1, with the same message', () => {
    const { ctx, test } = testContext();
    expect(() => requireServer(ctx, 'no-such-server', { servers, needed, env: { BEANCRAWL_REQUIRE_SERVERS: '1' } }))
      .to.throw(Error, `${REASON} (BEANCRAWL_REQUIRE_SERVERS=1: a missing server fails the test)`);
    expect(test.skipReason).to.equal(undefined);
  });

  it('lets a test whose server is installed run, whatever the variable', () => {
    const { ctx, test } = testContext();
    requireServer(ctx, 'node', { servers, needed, env: {} });
    requireServer(ctx, 'node', { servers, needed, env: { BEANCRAWL_REQUIRE_SERVERS: '1' } });
    expect(test.skipReason).to.equal(undefined);
  });

  it('refuses a server the suite does not list as needed, or does not know', () => {
    const { ctx } = testContext();
    expect(() => requireServer(ctx, 'node', { servers, needed: [], env: {} })).to.throw('node is not in NEEDED_SERVERS ' +
      '(test/support/system-servers.ts): list it there, so that npm test installs it');
    expect(() => requireServer(ctx, 'redis', { servers, needed, env: {} })).to.throw('no system server "redis" in test/support/system-servers.ts ' +
      '(it knows no-such-server, node)');
  });

  it('knows the servers later tests will need, each by its Debian packages, and the suite needs only known ones', () => {
    expect(Object.keys(SYSTEM_SERVERS).sort()).to.deep.equal(['chromium', 'dovecot-imapd', 'postgresql', 'redis-server']);
    for (const server of Object.values(SYSTEM_SERVERS)) expect(server.packages).to.not.be.empty;
    for (const name of NEEDED_SERVERS) expect(SYSTEM_SERVERS).to.have.property(name);
  });

  it('finds a file under a versioned folder through a * segment', () => {
    const anyFolder = join(dirname(dirname(process.execPath)), '*', basename(process.execPath));
    expect(isInstalled({ packages: [], files: [anyFolder] }), anyFolder).to.equal(true);
    expect(isInstalled({ packages: [], files: ['/nonexistent/*/x'] })).to.equal(false);
  });

  it('has nothing to install, and says nothing, when every needed server is there', () => {
    const said: string[] = [];
    expect(installSystemServers([], (line) => said.push(line))).to.deep.equal([]);
    expect(said).to.deep.equal([]);
  });
});
