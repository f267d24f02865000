import type { CredentialStore, HttpAuthCredential } from '../../model/credential-store.js';
import { parseChallenges, type AuthChallenge } from './auth-challenge.js';
import { rawHeaderValues } from './header-map.js';
import { basicAuthorization, canAnswerDigest, digestAuthorization } from './http-authorization.js';

/** A credential that answers a server's challenge, and how often its digest nonce has been used. */
export interface ServerLogin {
  readonly credential: HttpAuthCredential;
  readonly challenge: AuthChallenge;
  nonceCount: number;
}

/** Folders of one server whose logins are remembered, at most. */
const MAX_SPACES_PER_SERVER = 32;

/**
 * HTTP authentication with the credential store, as Heritrix's FetchHTTP does it: a 401 whose
 * challenge names a realm that a credential of the server has gets one more try with that
 * credential (digest preferred to basic). A login that worked is kept and sent up front with
 * later requests of that origin at or under the same folder (RFC 7617 §2.2's protection space;
 * Heritrix keeps it for the whole server), until the server refuses it.
 */
export class HttpAuthenticator {
  /** By origin: folders (`/staff/`) and their logins, longest folder first. */
  readonly #spaces = new Map<string, { folder: string; login: ServerLogin }[]>();

  constructor(readonly store: CredentialStore) {}

  /** The Authorization to send up front for `url`, whose request target is `target`. */
  preemptive(url: URL, target: string): string | undefined {
    const spaces = this.#spaces.size === 0 ? undefined : this.#spaces.get(url.origin);
    const space = spaces?.find((s) => url.pathname.startsWith(s.folder));
    return space && authorization(space.login, target);
  }

  /** After a 401: a login answering one of its challenges, for one more try; undefined when no credential fits. */
  answer(url: URL, rawHeaders: readonly string[], target: string): { authorization: string; login: ServerLogin } | undefined {
    this.#forget(url);
    const credentials = this.store.httpAuthFor(url);
    if (credentials.length === 0) return undefined;
    const challenges = parseChallenges(rawHeaderValues(rawHeaders, 'www-authenticate'));
    const usable = [
      ...challenges.filter((c) => c.scheme === 'digest' && canAnswerDigest(c)),
      ...challenges.filter((c) => c.scheme === 'basic'),
    ];
    for (const challenge of usable) {
      const realm = challenge.params.realm ?? '';
      const credential = credentials.find((c) => c.realm === realm) ?? credentials.find((c) => c.realm === '');
      if (credential === undefined) continue;
      const login: ServerLogin = { credential, challenge, nonceCount: 0 };
      return { authorization: authorization(login, target), login };
    }
    return undefined;
  }

  /** The outcome of the try: a login the server accepted is kept for the folder of `url`. */
  settle(url: URL, login: ServerLogin, statusCode: number): void {
    if (statusCode <= 0 || statusCode === 401) return;
    const folder = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1) || '/';
    const spaces = (this.#spaces.get(url.origin) ?? []).filter((s) => s.folder !== folder);
    spaces.push({ folder, login });
    spaces.sort((a, b) => b.folder.length - a.folder.length);
    this.#spaces.set(url.origin, spaces.slice(0, MAX_SPACES_PER_SERVER));
  }

  /** Drops the login sent up front for `url`: the server refused it. */
  #forget(url: URL): void {
    const spaces = this.#spaces.get(url.origin);
    const i = spaces?.findIndex((s) => url.pathname.startsWith(s.folder)) ?? -1;
    if (i === -1) return;
    spaces!.splice(i, 1);
    if (spaces!.length === 0) this.#spaces.delete(url.origin);
  }
}

function authorization(login: ServerLogin, target: string): string {
  if (login.challenge.scheme === 'basic') return basicAuthorization(login.credential);
  return digestAuthorization(login.challenge, login.credential, target, ++login.nonceCount);
}
