/** HTTP authentication (RFC 7617 basic, RFC 7616 digest) for one server and realm: Heritrix's HttpAuthenticationCredential. */
export interface HttpAuthCredential {
  /** The server it is for: `host`, or `host:port` off the scheme's default port. */
  readonly domain: string;
  /** The realm the server's challenge must name; empty answers any realm. */
  readonly realm: string;
  readonly login: string;
  readonly password: string;
}

/**
 * A login by form (Heritrix's HtmlFormCredential): before any other URI of its server is fetched,
 * the crawl submits `formItems` to `loginUri` once, and the cookies it answers with are kept.
 */
export interface FormLoginCredential {
  readonly kind: 'form';
  /** The server it is for: `host`, or `host:port` off the scheme's default port. */
  readonly domain: string;
  /** The absolute URL the form is submitted to. */
  readonly loginUri: string;
  /** The form's fields, in order. */
  readonly formItems: ReadonlyArray<readonly [string, string]>;
  readonly httpMethod: 'POST' | 'GET';
}

/** A mailbox login (MailboxCredential): the password of one user on one IMAP server. */
export interface MailboxLoginCredential {
  readonly kind: 'mailbox';
  /** The server it is for: `host`, or `host:port` off the scheme's default port (143, 993 for imaps). */
  readonly domain: string;
  readonly login: string;
  readonly password: string;
}

/** A credential of any type: HTTP authentication, a form login, or a mailbox login. */
export type Credential = HttpAuthCredential | FormLoginCredential | MailboxLoginCredential;

/** The logins the crawl may use (Heritrix's CredentialStore). */
export interface CredentialStore {
  /** The HTTP authentication credentials for the server of `url`. */
  httpAuthFor(url: URL): readonly HttpAuthCredential[];
  /** The form login for the server of `url`, if any. */
  formLoginFor?(url: URL): FormLoginCredential | undefined;
  /** The mailbox login for the server of an `imap:`/`imaps:` URL and its user (any user when the URL names none), if any. */
  mailboxLoginFor?(url: URL): MailboxLoginCredential | undefined;
}
