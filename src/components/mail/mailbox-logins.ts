import type { CredentialStore } from '../../model/credential-store.js';
import { accountKey, parseImapUrl, type ImapTarget } from './imap-url.js';

/** The code of the error thrown when no password is known for an account. */
export const NO_LOGIN_CODE = 'BEANCRAWL_NO_MAILBOX_LOGIN';

/**
 * Where a mailbox account's password comes from, first found first: the seed URL it was written
 * in (`imap://user:password@host/INBOX`, taken out of the URL when the seeds were read), a
 * MailboxCredential of the credential store, the environment variable. Kept in memory only.
 */
export class MailboxLogins {
  readonly #fromSeeds = new Map<string, string>();

  constructor(
    private readonly credentials: CredentialStore | undefined,
    private readonly variable: string,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /** A seed's password, for every URI of its account. */
  addSeed(url: string, password: string | undefined): void {
    if (password === undefined) return;
    const target = parseImapUrl(url);
    if (typeof target !== 'string' && target.user !== '') this.#fromSeeds.set(accountKey(target), password);
  }

  /** The user and password to log in with; throws (code NO_LOGIN_CODE) when none is known. */
  loginFor(target: ImapTarget): { user: string; password: string } {
    const seeded = target.user === '' ? undefined : this.#fromSeeds.get(accountKey(target));
    if (seeded !== undefined) return { user: target.user, password: seeded };
    const credential = this.credentials?.mailboxLoginFor?.(new URL(`${target.authority}/`));
    if (credential) return { user: target.user || credential.login, password: credential.password };
    const fromEnv = this.variable === '' ? undefined : this.env[this.variable];
    if (fromEnv !== undefined && target.user !== '') return { user: target.user, password: fromEnv };
    throw Object.assign(new Error('no password for this mailbox account (seed URL, MailboxCredential or environment variable)'), { code: NO_LOGIN_CODE });
  }
}
