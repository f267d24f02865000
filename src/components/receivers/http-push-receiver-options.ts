/** An HTTP header name (RFC 9110's token). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Headers the receiver sets itself (content-type), that frame the message (undici sets them from
 * the body), or that belong to the connection: a `headers` property may not name them.
 */
const OWN_HEADERS = ['content-type', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect', 'host', 'te', 'trailer'];

/** Why `url` cannot be pushed to, or undefined when it can (an absolute http or https URL). */
export function pushUrlProblem(url: string): string | undefined {
  if (url === '') return 'is empty: give the http or https address each batch of events is POSTed to';
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `"${url}" is not an absolute URL: give the http or https address each batch of events is POSTed to`;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `must be an http or https URL, not ${u.protocol.slice(0, -1)} ("${url}")`;
  if (u.hash !== '') return `must not have a fragment ("${u.hash}"): it is never sent`;
  return undefined;
}

/** Why a `headers` entry cannot be sent, or undefined when it can. */
export function pushHeaderProblem(name: string, value: string): string | undefined {
  if (!TOKEN.test(name)) return `has a header name that is not an HTTP token: "${name}"`;
  if (OWN_HEADERS.includes(name.toLowerCase())) return `may not set "${name}": the receiver sends its own (content-type: application/json, the ` +
    `length, the connection's)`;
  if (/[\r\n\0]/.test(value)) return `has a line break or NUL in the value of "${name}"`;
  return undefined;
}

/** The URL without its credentials, for requests and messages; the credentials as a Basic authorization, if any. */
export function splitCredentials(url: string): { readonly url: URL; readonly authorization?: string } {
  const u = new URL(url);
  if (u.username === '' && u.password === '') return { url: u };
  const credentials = `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`;
  u.username = '';
  u.password = '';
  return { url: u, authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
}
