import { createRequire } from 'node:module';
import type { ImapFlow } from 'imapflow';
import { accountKey, serverKey, type ImapTarget } from './imap-url.js';

export interface ConnectionOptions {
  /** How long connecting, the greeting and the login may take, in ms. */
  readonly connectTimeoutMs: number;
  /** How long the server may stay silent in the middle of a command, in ms. */
  readonly socketTimeoutMs: number;
  /** Accounts of one server worked on at once (each with one connection): 1 is one connection's worth of commands at a time. */
  readonly maxConnectionsPerServer: number;
}

/** imapflow, required (not imported: the CLI's bundle runs without dynamic import) when the first connection opens. */
const require = createRequire(import.meta.url);

/** An error of the connection rather than of the command: the connection is dropped, and the command tried once more on a new one. */
const CONNECTION_CODES = new Set(['StateLogout', 'NoConnection', 'EConnectionClosed', 'ECONNRESET', 'EPIPE', 'ETIMEOUT', 'ETIMEDOUT', 'SOCKET_TIMEOUT', 'ClosedAfterConnectTLS']);

/**
 * The crawl's IMAP connections: one a mailbox account, opened when first needed, logged in with
 * the password `login` gives (never kept beyond the client), reused until the crawl ends. Work on
 * an account runs one operation at a time; work on one server is limited to
 * maxConnectionsPerServer accounts at once. A connection that breaks is dropped and the operation
 * tried once more on a new connection (a reconnect); a second break is the fetch's failure.
 */
export class ImapConnections {
  readonly #clients = new Map<string, Promise<ImapFlow>>();
  readonly #accountTurns = new Map<string, Promise<unknown>>();
  readonly #servers = new Map<string, Slots>();
  #closed = false;

  constructor(
    private readonly options: ConnectionOptions,
    private readonly login: (target: ImapTarget) => { user: string; password: string },
  ) {}

  /** Runs `work` on the account's connection, in its turn. */
  async run<T>(target: ImapTarget, work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const server = this.#slotsOf(serverKey(target));
    await server.acquire();
    try {
      return await this.#inTurn(accountKey(target), async () => {
        try {
          return await work(await this.#client(target));
        } catch (err) {
          if (!isConnectionError(err) || this.#closed) throw err;
          this.#drop(accountKey(target));
          return work(await this.#client(target));
        }
      });
    } finally {
      server.release();
    }
  }

  /** Logs out of every account (a connection that does not answer is closed). */
  async close(): Promise<void> {
    this.#closed = true;
    const clients = [...this.#clients.values()];
    this.#clients.clear();
    await Promise.all(clients.map(async (pending) => {
      // A connection that failed to open told the operation that waited for it: nothing to log out of.
      const client = await pending.catch(() => undefined);
      if (!client) return;
      // A goodbye not answered loses nothing: the connection is closed below either way.
      await Promise.race([client.logout().catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
      client.close();
    }));
  }

  #inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.#accountTurns.get(key) ?? Promise.resolve();
    const mine = before.then(work, work);
    // Only the turn's end is chained: its failure is told to its caller (mine, returned).
    const settled = mine.catch(() => undefined);
    this.#accountTurns.set(key, settled);
    void settled.then(() => {
      if (this.#accountTurns.get(key) === settled) this.#accountTurns.delete(key);
    });
    return mine;
  }

  async #client(target: ImapTarget): Promise<ImapFlow> {
    if (this.#closed) throw Object.assign(new Error('the crawl has stopped its IMAP connections'), { code: 'NoConnection' });
    const key = accountKey(target);
    const known = this.#clients.get(key);
    if (known) {
      // A connection that failed to open told the operation that waited for it; this one opens another.
      const client = await known.catch(() => undefined);
      if (client?.usable) return client;
      this.#drop(key);
    }
    const opening = this.#open(target);
    this.#clients.set(key, opening);
    opening.catch(() => {
      if (this.#clients.get(key) === opening) this.#clients.delete(key);
    });
    return opening;
  }

  async #open(target: ImapTarget): Promise<ImapFlow> {
    // imapflow is loaded only when a job fetches mailboxes.
    const { ImapFlow } = require('imapflow') as typeof import('imapflow');
    const { user, password } = this.login(target);
    const client = new ImapFlow({
      host: target.host, port: target.port, secure: target.secure,
      auth: { user, pass: password },
      // Never a log line: imapflow's would name the account and the commands.
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: this.options.connectTimeoutMs,
      greetingTimeout: this.options.connectTimeoutMs,
      socketTimeout: this.options.socketTimeoutMs,
      clientInfo: { name: 'beancrawl' },
    });
    // A connection that fails between commands says so here; the next operation reconnects.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (err) {
      client.close();
      throw err;
    }
    return client;
  }

  #drop(key: string): void {
    const pending = this.#clients.get(key);
    this.#clients.delete(key);
    void pending?.then((c) => c.close(), () => undefined);
  }

  #slotsOf(key: string): Slots {
    let slots = this.#servers.get(key);
    if (!slots) this.#servers.set(key, (slots = new Slots(this.options.maxConnectionsPerServer)));
    return slots;
  }
}

/** A counting semaphore: at most `size` holders at once, the others waiting in order. */
class Slots {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = size;
  }

  acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}

export function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && CONNECTION_CODES.has(code);
}
