import type { Context } from 'mocha';
import { skipBecause } from './skip-because.js';
import { installCommand, isInstalled, NEEDED_SERVERS, SYSTEM_SERVERS, type SystemServer } from './system-servers.js';

/** Set to 1 by .ci/run: a server that a test needs and does not find fails the test instead of skipping it. */
export const REQUIRE_SERVERS = 'BEANCRAWL_REQUIRE_SERVERS';

export interface RequireServerOptions {
  readonly servers?: Readonly<Record<string, SystemServer>>;
  readonly needed?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * For a test (or a `before` hook) that needs a system server, e.g. `requireServer(this,
 * 'redis-server')`: returns when the server is installed. Otherwise it skips the test, saying the
 * command that installs the server, or, under BEANCRAWL_REQUIRE_SERVERS=1, fails it. The server
 * must be listed in NEEDED_SERVERS, so that `npm test` installs it where it can.
 */
export function requireServer(ctx: Context, name: string, { servers = SYSTEM_SERVERS, needed = NEEDED_SERVERS, env = process.env }: RequireServerOptions = {}): void {
  const server = servers[name];
  if (!server) throw new Error(`no system server "${name}" in test/support/system-servers.ts (it knows ${Object.keys(servers).join(', ')})`);
  if (!needed.includes(name)) throw new Error(`${name} is not in NEEDED_SERVERS (test/support/system-servers.ts): list it there, so that npm test installs it`);
  if (isInstalled(server)) return;
  const reason = `${name} is not installed (${server.files.join(', ')}); to install it, as root: ${installCommand([server])}`;
  if (env[REQUIRE_SERVERS] === '1') throw new Error(`${reason} (${REQUIRE_SERVERS}=1: a missing server fails the test)`);
  skipBecause(ctx, reason);
}
