import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A server program that tests start for themselves, from a Debian package. */
export interface SystemServer {
  /** Debian packages that install it. */
  readonly packages: readonly string[];
  /** Files it is made of; a `*` segment matches any one folder name (a version). */
  readonly files: readonly string[];
}

/** The servers tests may ask for (`requireServer`), each with the Debian packages that install it. */
export const SYSTEM_SERVERS: Readonly<Record<string, SystemServer>> = {
  chromium: { packages: ['chromium', 'fonts-dejavu-core'], files: ['/usr/bin/chromium', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'] },
  postgresql: { packages: ['postgresql'], files: ['/usr/lib/postgresql/*/bin/postgres', '/usr/lib/postgresql/*/bin/initdb'] },
  'redis-server': { packages: ['redis-server'], files: ['/usr/bin/redis-server', '/usr/bin/redis-cli'] },
  'dovecot-imapd': { packages: ['dovecot-imapd'], files: ['/usr/sbin/dovecot', '/usr/lib/dovecot/imap'] },
};

/**
 * The servers the suite needs: `npm test` installs these before it runs (as root, with apt-get),
 * and a test may ask only for one listed here. Add a server when a test first needs it.
 */
export const NEEDED_SERVERS: readonly string[] = ['chromium', 'dovecot-imapd', 'postgresql', 'redis-server'];

/** Whether every file of the server is there. */
export function isInstalled(server: SystemServer): boolean {
  return server.files.every((file) => matches(file).length > 0);
}

/** The command that installs the servers' packages. */
export function installCommand(servers: readonly SystemServer[]): string {
  return `apt-get install -y --no-install-recommends ${[...new Set(servers.flatMap((s) => s.packages))].join(' ')}`;
}

/** The paths a file pattern matches (a `*` segment stands for any one name). */
function matches(pattern: string): string[] {
  const star = pattern.indexOf('/*/');
  if (star < 0) return existsSync(pattern) ? [pattern] : [];
  const parent = pattern.slice(0, star);
  const names = existsSync(parent) ? readdirSync(parent) : [];
  return names.flatMap((name) => matches(join(parent, name, pattern.slice(star + 3))));
}
