import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BeancrawlError } from '../util/beancrawl-error.js';

/** The realm of `--password-file` entries: `htdigest -c FILE beancrawl USER` writes one. */
export const REALM = 'beancrawl';
const NONCE_LIFE_MS = 5 * 60_000;

/**
 * `--password-file`: users in htdigest's format (`user:realm:MD5(user:realm:password)`), so that
 * the file holds no password, and both Basic and Digest (what Heritrix's documented
 * `curl --anyauth -u user:password` picks) can be checked against it.
 */
export class PasswordFile {
  readonly #secret = randomBytes(32);

  private constructor(readonly users: ReadonlyMap<string, string>) {}

  static async read(path: string): Promise<PasswordFile> {
    const text = await readFile(path, 'utf8').catch((e: Error) => {
      throw new BeancrawlError([{ code: 'BC_PASSWORD_FILE', location: { file: path }, message: `cannot read the password file: ${e.message}` }]);
    });
    const users = new Map<string, string>();
    text.split(/\r?\n/).forEach((line, i) => {
      if (!line.trim() || line.startsWith('#')) return;
      const [user, realm, ha1, ...rest] = line.split(':');
      if (rest.length || realm !== REALM || !/^[0-9a-f]{32}$/i.test(ha1 ?? '')) {
        throw new BeancrawlError([{ code: 'BC_PASSWORD_FILE', location: { file: path, line: i + 1, column: 1 }, message: `expected ` +
          `user:${REALM}:HASH (htdigest -c FILE ${REALM} USER writes such a line)` }]);
      }
      users.set(user, ha1.toLowerCase());
    });
    return new PasswordFile(users);
  }

  /** The challenges of a 401: Digest first (curl --anyauth picks the strongest), then Basic. */
  challenge(): readonly string[] {
    return [`Digest realm="${REALM}", qop="auth", algorithm=MD5, nonce="${this.#nonce()}"`, `Basic realm="${REALM}", charset="UTF-8"`];
  }

  /** Whether the `Authorization` value (after its scheme) names a user of the file with the right password. */
  check(scheme: 'basic' | 'digest', value: string, method: string): boolean {
    return scheme === 'basic' ? this.#basic(value) : this.#digest(value, method);
  }

  #basic(value: string): boolean {
    const text = Buffer.from(value, 'base64').toString('utf8');
    const i = text.indexOf(':');
    if (i === -1) return false;
    const user = text.slice(0, i);
    const ha1 = this.users.get(user);
    return ha1 !== undefined && same(md5(`${user}:${REALM}:${text.slice(i + 1)}`), ha1);
  }

  #digest(value: string, method: string): boolean {
    const p = digestParams(value);
    const ha1 = p.username !== undefined ? this.users.get(p.username) : undefined;
    if (ha1 === undefined || p.nonce === undefined || p.uri === undefined || p.response === undefined || !this.#validNonce(p.nonce)) return false;
    const ha2 = md5(`${method}:${p.uri}`);
    const expected = p.qop === 'auth' ? md5(`${ha1}:${p.nonce}:${p.nc ?? ''}:${p.cnonce ?? ''}:auth:${ha2}`) : md5(`${ha1}:${p.nonce}:${ha2}`);
    return same(expected, p.response.toLowerCase());
  }

  /** A nonce the service can check without keeping it: its time and a MAC of that time. */
  #nonce(): string {
    const time = Date.now().toString(36);
    return `${time}.${createHmac('sha256', this.#secret).update(time).digest('base64url')}`;
  }

  #validNonce(nonce: string): boolean {
    const [time, mac] = nonce.split('.');
    if (!time || !mac) return false;
    const expected = createHmac('sha256', this.#secret).update(time).digest('base64url');
    return same(mac, expected) && Date.now() - parseInt(time, 36) < NONCE_LIFE_MS;
  }
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `username="admin", realm="beancrawl", nonce="…", uri="/engine", …` as a map. */
function digestParams(value: string): Record<string, string | undefined> {
  const params: Record<string, string> = {};
  for (const m of value.matchAll(/([a-zA-Z]+)=(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g)) params[m[1].toLowerCase()] = (m[2] ?? m[3]).replace(/\\(.)/g, '$1');
  return params;
}
