/** Schemes whose URLs may carry a password that the crawl takes out and keeps to itself (a test mailbox's seed). */
const SECRET_SCHEMES = /^imaps?:\/\//i;

/** `imap://user:password@`, `redis://:password@` and the like: scheme, user, then a password up to the `@`. */
const USERINFO_PASSWORD = /((?:imaps?|rediss?):\/\/[^\s/?#:@"'<>]*):[^\s/?#@"'<>]*@/gi;

/**
 * An `imap:` or `imaps:` URL without the password its user info carries, and the password
 * (decoded); other URLs as they are. The password is for the fetcher only: the crawl records
 * the URL without it.
 */
export function withoutPassword(url: string): { readonly url: string; readonly password?: string } {
  if (!SECRET_SCHEMES.test(url)) return { url };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url: redactUrlPasswords(url) };
  }
  if (parsed.password === '') return { url };
  const password = safeDecode(parsed.password);
  parsed.password = '';
  return { url: parsed.href, password };
}

/** Text with every `imap(s)://user:password@` written `imap(s)://user@` (a `redis(s)://` URL's too): for copies of the operator's files and messages. */
export function redactUrlPasswords(text: string): string {
  return text.replace(USERINFO_PASSWORD, '$1@');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
