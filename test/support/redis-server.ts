import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { installCommand, isInstalled, SYSTEM_SERVERS } from './system-servers.js';
import { until } from './until.js';

const REDIS_SERVER = '/usr/bin/redis-server';
/** util-linux's setpriv, to have the server killed when the test process dies before close(). */
const SETPRIV = '/usr/bin/setpriv';

export interface RedisServerOptions {
  /** An append-only file, fsynced on every write (`appendonly yes`, `appendfsync always`): what a kill leaves survives a restart. */
  readonly appendOnly?: boolean;
  /** RDB snapshots, as redis.conf's `save` line (e.g. `'60 1'`); none by default. */
  readonly save?: string;
  /** A cluster node (`cluster-enabled yes`, its nodes.conf in `dir`): RedisCluster joins such nodes. */
  readonly cluster?: boolean;
  /** The port, when the caller chose it (a cluster node needs port + 10000 free too); a free one otherwise. */
  readonly port?: number;
  /** The folder to work in, when the caller made it; a new temp folder otherwise (removed by close() either way). */
  readonly dir?: string;
}

/**
 * A throw-away redis-server for one test: a config in a temp folder (which is also its working
 * folder: AOF, RDB, nodes.conf and its log), bound to 127.0.0.1 on a free port, in the
 * foreground as a child of the test (as whoever runs the test: redis runs as root or not).
 * `kill()` ends the process as a crash would and leaves the files; `restart()` starts it again on
 * the same port from the same files; `close()` stops it and removes the folder.
 */
export class RedisServer {
  private child?: ChildProcess;

  private constructor(readonly dir: string, readonly port: number) {}

  /** Writes the config and starts the server, returning once it answers. */
  static async create(options: RedisServerOptions = {}): Promise<RedisServer> {
    if (!isInstalled(SYSTEM_SERVERS['redis-server'])) throw new Error(`redis-server is not installed; to install it, as root: ` +
      `${installCommand([SYSTEM_SERVERS['redis-server']])}`);
    // The real path: the one redis reports (CONFIG GET dir), which start() checks.
    const dir = await realpath(options.dir ?? await mkdtemp(join(tmpdir(), 'beancrawl-redis-')));
    const server = new RedisServer(dir, options.port ?? await freePort());
    try {
      await writeFile(server.configFile, config(server.dir, server.port, options));
      await server.start();
      return server;
    } catch (e) {
      await server.close().catch(() => undefined);
      throw e;
    }
  }

  /** `redis://127.0.0.1:PORT` */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get configFile(): string {
    return join(this.dir, 'redis.conf');
  }

  /** Whether the process is alive (it may still be loading its files). */
  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends the process a signal (by default SIGKILL, a crash: nothing is flushed beyond what was) and waits until it has gone; the files stay. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    }
  }

  /** Stops the server if it runs (SIGTERM) and starts it again: same port, folder and config, so an AOF is read back. Returns once it answers (its AOF read). */
  async restart(): Promise<void> {
    await this.kill('SIGTERM');
    await this.start();
  }

  /** The server's log, for a failing test's message. */
  async log(): Promise<string> {
    return readFile(join(this.dir, 'redis.log'), 'utf8').catch(() => '');
  }

  async close(): Promise<void> {
    await this.kill('SIGKILL');
    await rm(this.dir, { recursive: true, force: true });
  }

  private async start(): Promise<void> {
    // setpriv execs the server (same pid) with a parent-death signal: a test process killed outright leaves no server behind.
    const [file, args] = existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'SIGKILL', '--', REDIS_SERVER, this.configFile]] : [REDIS_SERVER, [this.configFile]];
    const child = spawn(file, args, { cwd: this.dir, stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    let exited = false;
    child.once('exit', () => (exited = true));
    child.once('error', (e) => {
      exited = true;
      stderr += e.message;
    });
    try {
      await until(async () => exited || (await answers(this.port, this.dir)), `redis-server to answer on ` +
        `127.0.0.1:${this.port}`, { timeoutMs: 20_000, everyMs: 20 });
    } catch (e) {
      throw new Error(`${(e as Error).message}\n${stderr}\n${await this.log()}`);
    }
    if (exited) throw new Error(`redis-server exited at start: ${stderr}\n${await this.log()}`);
  }
}

function config(dir: string, port: number, { appendOnly = false, save = '', cluster = false }: RedisServerOptions): string {
  const lines = [
    `port ${port}`,
    'bind 127.0.0.1',
    // Loopback only, no password: protected mode would refuse nothing here, but say so.
    'protected-mode no',
    'daemonize no',
    `dir ${dir}`,
    `logfile ${join(dir, 'redis.log')}`,
    `save "${save}"`,
    `appendonly ${appendOnly ? 'yes' : 'no'}`,
    ...(appendOnly ? ['appendfsync always'] : []),
    ...(cluster ? ['cluster-enabled yes', 'cluster-config-file nodes.conf', 'cluster-node-timeout 5000'] : []),
  ];
  return lines.join('\n') + '\n';
}

/**
 * Whether this server answers on the port: `CONFIG GET dir` must name its folder, so that
 * another server that holds the port is not taken for it (nor one still loading its AOF, which
 * answers -LOADING).
 */
function answers(port: number, dir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('CONFIG GET dir\r\n'));
    socket.on('data', (b: Buffer) => {
      reply += b.toString();
      if (reply.startsWith('-') && reply.includes('\r\n')) done(false);
      else if (reply.endsWith(`${dir}\r\n`)) done(true);
      else if (/^\*2\r\n\$3\r\ndir\r\n\$\d+\r\n.*\r\n$/s.test(reply)) done(false);
    });
  });
}
