/**
 * The crawl's cookie jar (Heritrix's CookieStore): what responses set, kept and sent back as
 * RFC 6265 says, so that a cookie reaches only the hosts and paths it was set for.
 */
export interface CookieStore {
  /** The `Cookie` header value for a request to `url`, or undefined when no cookie applies. */
  cookieHeader(url: URL): string | undefined;
  /** Keeps the `Set-Cookie` header values of a response to `url`. */
  storeSetCookies(url: URL, values: readonly string[]): void;
}
