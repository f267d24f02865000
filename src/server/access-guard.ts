import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpProblem } from './http-problem.js';
import type { PasswordFile } from './password-file.js';

/** Who may call a route: anyone (the token exchange), the API's callers, or Heritrix's REST callers (Authorization header only). */
export type RouteAccess = 'public' | 'api' | 'heritrix';

/** What the guard looks at in a request. */
export interface GuardedRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The client's address: failed attempts are counted per address (and all together). */
  readonly ip: string;
}

export interface AccessOptions {
  /** The service's token: at least 128 random bits, URL-safe. */
  readonly token: string;
  /** Host names the service answers to besides the loopback ones (the bound address is added by the caller). */
  readonly allowedHosts: readonly string[];
  /** `--password-file`: a user's stable credential, for Basic and Digest (Heritrix's `curl --anyauth -u user:password`). */
  readonly passwords?: PasswordFile;
  /** Failed attempts a client may make per window before its failing ones are answered 429 for the rest of it (a right credential never is). */
  readonly maxFailures?: number;
  readonly failureWindowMs?: number;
}

/** The session cookie a browser gets for the token (HttpOnly, SameSite=Strict). */
export const SESSION_COOKIE = 'beancrawl_session';
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'];
const UNSAFE_OK = new Set(['same-origin', 'none']);
const MAX_SESSIONS = 1000;
/** Clients whose failures are counted each (oldest forgotten first); all clients' failures together are counted too. */
const MAX_CLIENTS = 10_000;
/** All clients together may fail this many times a client's allowance before every failing one is slowed down. */
const GLOBAL_FACTOR = 10;

/** A new token: 256 random bits as base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Decides whether a request may reach its route: the Host it names (against DNS rebinding), its
 * credential (the Bearer token, a session cookie, or a password-file user on Heritrix's routes),
 * where an unsafe request comes from (against cross-site requests). Failed attempts are counted
 * per client and for all clients together: past the allowance, failing requests are answered 429
 * until the window ends; a request with a right credential is never refused for failures, its
 * own or others' (every local process is 127.0.0.1: one must not lock out the user).
 */
export class AccessGuard {
  readonly #tokenDigest: Buffer;
  readonly #hosts: Set<string>;
  readonly #sessions = new Set<string>();
  readonly #failures = new Map<string, { count: number; since: number }>();
  #all = { count: 0, since: 0 };
  readonly #maxFailures: number;
  readonly #windowMs: number;

  constructor(readonly options: AccessOptions) {
    this.#tokenDigest = digest(options.token);
    this.#hosts = new Set([...LOOPBACK_HOSTS, ...options.allowedHosts].map((h) => h.toLowerCase()));
    this.#maxFailures = options.maxFailures ?? 10;
    this.#windowMs = options.failureWindowMs ?? 60_000;
  }

  /** Throws the problem that refuses the request, or returns how it was let in. */
  check(req: GuardedRequest, access: RouteAccess): 'public' | 'token' | 'session' | 'password' {
    this.#checkHost(req);
    this.#checkOrigin(req);
    if (access === 'public') return 'public';
    // The credential is looked at first: a right one is let in whatever others failed before it.
    const how = this.#credential(req, access);
    if (!how) {
      // A request that presents no credential guesses nothing: it is answered with the challenge
      // and is no failed attempt. It is the first half of every Basic/Digest handshake (`curl
      // --anyauth` and `--location` send one before each authenticated request).
      if (presentsCredential(req, access)) this.#fail(req.ip);
      throw new HttpProblem(401, 'Unauthorized', access === 'heritrix'
        ? 'send the service\'s token as "Authorization: Bearer TOKEN"' + (this.options.passwords ? ', or the password file\'s user (Basic or Digest)' : '')
        : 'send the service\'s token as "Authorization: Bearer TOKEN", or open the URL the service printed', {}, this.#challenges(access));
    }
    // A browser's cookie rides along on any request to this origin: an unsafe one must say it comes from here.
    if (how === 'session' && !isSafe(req.method) && !sameOriginDeclared(req)) {
      throw new HttpProblem(403, 'Forbidden', 'a request that changes something needs an Authorization header, or an Origin or Sec-Fetch-Site ' +
        'header saying it comes from this service\'s own pages');
    }
    return how;
  }

  /** Trades the token (from the printed URL) for a session id, for the cookie; undefined (counted as a failure) when it is wrong. */
  openSession(req: GuardedRequest, token: string): string | undefined {
    if (!this.#isToken(token)) {
      this.#fail(req.ip);
      return undefined;
    }
    if (this.#sessions.size >= MAX_SESSIONS) this.#sessions.delete(this.#sessions.values().next().value!);
    const id = randomBytes(32).toString('base64url');
    this.#sessions.add(id);
    return id;
  }

  #checkHost(req: GuardedRequest): void {
    const host = header(req, 'host');
    const name = host === undefined ? undefined : hostName(host);
    if (name === undefined || !this.#hosts.has(name)) {
      throw new HttpProblem(421, 'Misdirected Request', `this service answers to ${[...this.#hosts].join(', ')} only (Host: ${host ?? 'none'}); ` +
        `add another name with --allow-host`);
    }
  }

  /** An unsafe request that says it comes from another site is refused, whatever its credential. */
  #checkOrigin(req: GuardedRequest): void {
    if (isSafe(req.method)) return;
    const origin = header(req, 'origin');
    const site = header(req, 'sec-fetch-site');
    const host = header(req, 'host');
    if ((origin !== undefined && origin !== 'null' && !sameHost(origin, host)) || (site !== undefined && !UNSAFE_OK.has(site)) || origin === 'null') {
      throw new HttpProblem(403, 'Forbidden', 'a request from another site may not change anything here');
    }
  }

  #credential(req: GuardedRequest, access: RouteAccess): 'token' | 'session' | 'password' | undefined {
    const auth = header(req, 'authorization');
    if (auth !== undefined) {
      const [scheme, ...rest] = auth.split(' ');
      const value = rest.join(' ').trim();
      if (/^bearer$/i.test(scheme)) return this.#isToken(value) ? 'token' : undefined;
      if (this.options.passwords && /^(basic|digest)$/i.test(scheme)) return this.options.passwords.check(scheme.toLowerCase() as 'basic' | 'digest', value, req.method) ? 'password' : undefined;
      return undefined;
    }
    if (access === 'heritrix') return undefined;
    const session = cookie(header(req, 'cookie'), SESSION_COOKIE);
    return session !== undefined && this.#sessions.has(session) ? 'session' : undefined;
  }

  #challenges(access: RouteAccess): Record<string, string | readonly string[]> {
    if (access !== 'heritrix' || !this.options.passwords) return { 'www-authenticate': 'Bearer realm="beancrawl"' };
    return { 'www-authenticate': this.options.passwords.challenge() };
  }

  #isToken(value: string): boolean {
    return timingSafeEqual(digest(value), this.#tokenDigest);
  }

  /**
   * Counts a failed attempt, for its client and for all clients together, and slows the failing
   * client down: past the allowance of the window (the client's own, or everyone's together, ten
   * times larger) a failed attempt is answered 429 with the seconds until the window ends, not
   * 401. Only failing requests are: a right credential is looked at first and let in.
   */
  #fail(ip: string): void {
    const now = Date.now();
    if (this.#all.since + this.#windowMs <= now) this.#all = { count: 0, since: now };
    this.#all.count++;
    let f = this.#failures.get(ip);
    if (!f || f.since + this.#windowMs <= now) {
      this.#failures.delete(ip);
      f = { count: 0, since: now };
      this.#failures.set(ip, f);
      // A flood of addresses cannot grow the table without bound: the oldest entries go first (the global count still holds them back).
      if (this.#failures.size > MAX_CLIENTS) this.#failures.delete(this.#failures.keys().next().value!);
    }
    f.count++;
    const client = f.count > this.#maxFailures ? f : undefined;
    const everyone = this.#all.count > this.#maxFailures * GLOBAL_FACTOR ? this.#all : undefined;
    const over = client ?? everyone;
    if (!over) return;
    const left = Math.max(1, Math.ceil((over.since + this.#windowMs - now) / 1000));
    throw new HttpProblem(429, 'Too Many Requests', `${over.count} failed attempts ${client ? 'from this client' : 'from all clients'} in the last ` +
      `${Math.round(this.#windowMs / 1000)} s: a wrong credential is answered thus for ${left} s more (a right one is let in)`, {},
      { 'retry-after': String(left) });
  }
}

/**
 * Who may call a URL that no route answers (a 404): Heritrix's clients under /engine, so that
 * their handshake gets the Digest and Basic challenge there too; the API's callers elsewhere.
 */
export function accessOfUnrouted(url: string): RouteAccess {
  return /^\/engine(?:[/?]|$)/.test(url) ? 'heritrix' : 'api';
}

/** Whether the request carries a credential the route looks at: an Authorization header, or (off Heritrix's routes) the session cookie. */
function presentsCredential(req: GuardedRequest, access: RouteAccess): boolean {
  if (header(req, 'authorization') !== undefined) return true;
  return access !== 'heritrix' && cookie(header(req, 'cookie'), SESSION_COOKIE) !== undefined;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function isSafe(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

function header(req: GuardedRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** `example.org:8080` → `example.org`; `[::1]:80` → `::1`. */
function hostName(host: string): string | undefined {
  const m = /^(?:\[([^\]]+)\]|([^:]+))(?::\d+)?$/.exec(host.trim());
  return (m?.[1] ?? m?.[2])?.toLowerCase();
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

/** A browser says where an unsafe request comes from: same origin by Origin or by Sec-Fetch-Site. */
function sameOriginDeclared(req: GuardedRequest): boolean {
  const origin = header(req, 'origin');
  if (origin !== undefined) return sameHost(origin, header(req, 'host'));
  return header(req, 'sec-fetch-site') === 'same-origin';
}

/** One cookie's value from a Cookie header. */
export function cookie(headerValue: string | undefined, name: string): string | undefined {
  if (!headerValue) return undefined;
  for (const part of headerValue.split(';')) {
    const i = part.indexOf('=');
    if (i !== -1 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}
