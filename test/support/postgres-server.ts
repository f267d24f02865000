import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';

const run = promisify(execFile);

/** The user tests connect as (initdb's superuser, trusted on the cluster's own socket and loopback). */
const USER = 'beancrawl';
const DATABASE = 'postgres';
/** postgres refuses to run as root: as root, the cluster belongs to this user. */
const UNPRIVILEGED = { name: 'nobody', uid: 65534, gid: 65534 };

/**
 * A throw-away PostgreSQL cluster for one test: initdb in a temp folder, started on a free
 * loopback port with its unix socket in that folder, run as an unprivileged user when the test
 * runs as root. `stop()` and `start()` take it down and up again (same data, same port), `close()`
 * stops it and removes the folder. Connect with `connectionString` or the PG* variables of `env`.
 */
export class PostgresServer {
  private running = false;

  private constructor(readonly dir: string, readonly bin: string, readonly port: number) {}

  /** Finds the newest installed PostgreSQL (/usr/lib/postgresql/N/bin), makes a cluster and starts it. */
  static async create(): Promise<PostgresServer> {
    const bin = await postgresBin();
    const dir = await mkdtemp(join(tmpdir(), 'beancrawl-pg-'));
    const server = new PostgresServer(dir, bin, await freePort());
    try {
      if (asRoot()) await chown(dir, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
      await server.exec('initdb', ['-D', server.dataDir, '-U', USER, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
      await server.start();
      return server;
    } catch (e) {
      await server.close().catch(() => undefined);
      throw e;
    }
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** postgresql://beancrawl@127.0.0.1:PORT/postgres (no password: the cluster trusts loopback). */
  get connectionString(): string {
    return `postgresql://${USER}@127.0.0.1:${this.port}/${DATABASE}`;
  }

  /** The standard variables libpq and node-postgres read, for a process that gets no connection string. */
  get env(): Record<string, string> {
    return { PGHOST: '127.0.0.1', PGPORT: String(this.port), PGUSER: USER, PGDATABASE: DATABASE };
  }

  /** Starts the cluster and waits until it takes connections (pg_ctl -w). */
  async start(): Promise<void> {
    if (this.running) return;
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    await this.exec('pg_ctl', ['-D', this.dataDir, '-l', join(this.dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
    this.running = true;
  }

  /** Stops it at once (fast shutdown: open connections are cut), as a database going down would. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.exec('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  }

  /** One query on a connection of its own. */
  async query<R extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.connectionString });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** The server's log, for a failing test's message. */
  async log(): Promise<string> {
    return readFile(join(this.dir, 'server.log'), 'utf8').catch(() => '');
  }

  async close(): Promise<void> {
    await this.stop().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  /** A program of the installation, as the unprivileged user when the test runs as root; its output joins the error when it fails. */
  private async exec(program: string, args: string[]): Promise<void> {
    const path = join(this.bin, program);
    const [file, argv] = asRoot() ? ['setpriv', [`--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', '--', path, ...args]] : [path, args];
    try {
      await run(file, argv, { cwd: this.dir, timeout: 120_000, env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    } catch (e) {
      const err = e as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${program} failed: ${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}\n${await this.log()}`);
    }
  }
}

function asRoot(): boolean {
  return process.getuid?.() === 0;
}

async function postgresBin(): Promise<string> {
  const versions = (await readdir('/usr/lib/postgresql').catch(() => [] as string[])).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL in /usr/lib/postgresql (requireServer(this, \'postgresql\') first)');
  return join('/usr/lib/postgresql', versions[0], 'bin');
}

