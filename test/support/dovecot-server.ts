import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { installCommand, isInstalled, SYSTEM_SERVERS } from './system-servers.js';
import { until } from './until.js';
import { freePort } from './free-port.js';

const DOVECOT = '/usr/sbin/dovecot';

/** As root, mail and Dovecot's own processes belong to this unprivileged user. */
const NOBODY = { name: 'nobody', group: 'nogroup', uid: 65534, gid: 65534 };

/**
 * A throw-away Dovecot IMAP server for one test: a config, a passwd-file, maildirs and its
 * runtime folders all in a temp folder, listening on a free loopback port without TLS (plain
 * logins allowed there). As root its processes and mail run as `nobody`; otherwise as the
 * current user. Fill it through `client(user)` (IMAP APPEND, flags, EXPUNGE); `close()` stops it
 * and removes the folder.
 */
export class DovecotServer {
  private child?: ChildProcess;

  private constructor(readonly dir: string, readonly port: number, readonly users: Readonly<Record<string, string>>) {}

  /** Starts a server with these users (name → password), each with an empty INBOX. */
  static async create(users: Readonly<Record<string, string>>): Promise<DovecotServer> {
    if (!isInstalled(SYSTEM_SERVERS['dovecot-imapd'])) throw new Error(`Dovecot is not installed; to install it, as root: ` +
      `${installCommand([SYSTEM_SERVERS['dovecot-imapd']])}`);
    const dir = await mkdtemp(join(tmpdir(), 'beancrawl-dovecot-'));
    const server = new DovecotServer(dir, await freePort(), users);
    try {
      await server.configure();
      await server.start();
      return server;
    } catch (e) {
      await server.close().catch(() => undefined);
      throw e;
    }
  }

  /** `imap://user@127.0.0.1:PORT/FOLDER`, with the password in it when asked. */
  url(user: string, folder = 'INBOX', withPassword = false): string {
    const password = withPassword ? `:${encodeURIComponent(this.users[user])}` : '';
    return `imap://${encodeURIComponent(user)}${password}@127.0.0.1:${this.port}/${folder}`;
  }

  /** A logged-in client for filling and changing the mailbox; the caller logs it out. */
  async client(user: string): Promise<ImapFlow> {
    const client = new ImapFlow({
      host: '127.0.0.1', port: this.port, secure: false, auth: { user, pass: this.users[user] }, logger: false, disableAutoIdle: true,
    });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }

  /** Runs `work` with a client, logging out after. */
  async with<T>(user: string, work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = await this.client(user);
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  /** The server's log, for a failing test's message. */
  async log(): Promise<string> {
    return readFile(join(this.dir, 'dovecot.log'), 'utf8').catch(() => '');
  }

  /** Stops the server (every open connection is cut) and starts it again on the same port, with the same mail. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async close(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }

  private async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }

  private async configure(): Promise<void> {
    const root = process.getuid?.() === 0;
    const me = userInfo();
    const owner = root ? NOBODY : { name: me.username, group: me.username, uid: me.uid, gid: me.gid };
    const mail = join(this.dir, 'mail');
    await mkdir(mail);
    for (const sub of ['run', 'state']) await mkdir(join(this.dir, sub));
    // The server's processes (as `owner`) must pass through the temp folder to the mail.
    await chmod(this.dir, 0o755);
    const passwd = Object.entries(this.users)
      .map(([user, password]) => `${user}:{PLAIN}${password}:${owner.uid}:${owner.gid}::${join(mail, user)}::\n`).join('');
    await writeFile(join(this.dir, 'passwd'), passwd, { mode: 0o644 });
    const group = root ? NOBODY.group : (await groupName(me.gid)) ?? me.username;
    await writeFile(join(this.dir, 'dovecot.conf'), config(this.dir, this.port, owner.name, group));
    if (root) await chown(mail, NOBODY.uid, NOBODY.gid);
  }

  private async start(): Promise<void> {
    const child = spawn(DOVECOT, ['-F', '-c', join(this.dir, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    let exited = false;
    child.once('exit', () => (exited = true));
    child.once('error', () => (exited = true));
    try {
      await until(async () => exited || (await greets(this.port)), `Dovecot to greet on 127.0.0.1:${this.port}`, { timeoutMs: 20_000, everyMs: 50 });
    } catch (e) {
      throw new Error(`${(e as Error).message}\n${stderr}\n${await this.log()}`);
    }
    if (exited) throw new Error(`Dovecot exited at start: ${stderr}\n${await this.log()}`);
  }
}

function config(dir: string, port: number, user: string, group: string): string {
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${user}
default_internal_group = ${group}
default_login_user = ${user}
first_valid_uid = 1
mail_fsync = never
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
mail_location = maildir:${dir}/mail/%u
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
}

/** Whether an IMAP server answers on the port with its `* OK` greeting. */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (b: Buffer) => done(b.toString().startsWith('* OK')));
  });
}

async function groupName(gid: number): Promise<string | undefined> {
  const text = await readFile('/etc/group', 'utf8').catch(() => '');
  return text.split('\n').map((l) => l.split(':')).find((f) => f[2] === String(gid))?.[0];
}

