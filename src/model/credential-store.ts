/** HTTP authentication (RFC 7617 basic, RFC 7616 digest) for one server and realm: Heritrix's HttpAuthenticationCredential. */
export interface HttpAuthCredential {
  /** The server it is for: `host`, or `host:port` off the scheme's default port. */
  readonly domain: string;
  /** The realm the server's challenge must name; empty answers any realm. */
  readonly realm: string;
  readonly login: string;
  readonly password: string;
}

/** A credential of any type (HTTP authentication only, so far). */
export type Credential = HttpAuthCredential;

/** The logins the crawl may use (Heritrix's CredentialStore). */
export interface CredentialStore {
  /** The HTTP authentication credentials for the server of `url`. */
  httpAuthFor(url: URL): readonly HttpAuthCredential[];
}
