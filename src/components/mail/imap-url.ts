/**
 * An `imap:` or `imaps:` URL as RFC 5092 writes them: the account (`imap://user@host:port/`),
 * a folder (`imap://user@host:port/INBOX`), or a message in a folder by UIDVALIDITY and UID
 * (`imap://user@host:port/INBOX;UIDVALIDITY=123/;UID=45`).
 */
export interface ImapTarget {
  readonly secure: boolean;
  /** The user, decoded; empty when the URL names none (a credential then names it). */
  readonly user: string;
  readonly host: string;
  /** The port, the scheme's default (143, 993) when the URL gives none. */
  readonly port: number;
  /** `imap://user@host:port` as written in the URL, without a password: the start of every URL built from it. */
  readonly authority: string;
  /** The folder, decoded; empty for the account itself. */
  readonly folder: string;
  /** The UIDVALIDITY the URL names, if any. */
  readonly uidValidity?: bigint;
  /** The message's UID, for a message URL. */
  readonly uid?: number;
}

/** RFC 5092's bchar without `%`: what a folder name may hold unescaped. */
const PLAIN = /[A-Za-z0-9\-._~!$'()*+,&=:@/]/;

const MESSAGE = /^(.*?)(?:;UIDVALIDITY=(\d+))?(?:\/;UID=(\d+))?$/i;

/** The target of an imap(s) URL, or why it is none (a sentence for an annotation). */
export function parseImapUrl(uri: string): ImapTarget | string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:') return `not an imap: URL`;
  if (url.hostname === '') return 'no host';
  if (url.search !== '') return 'a query (IMAP SEARCH URL) is not supported';
  const secure = url.protocol === 'imaps:';
  const port = url.port === '' ? (secure ? 993 : 143) : Number(url.port);
  const path = url.pathname.replace(/^\//, '');
  const m = MESSAGE.exec(path);
  if (!m || /;(SECTION|PARTIAL|URLAUTH|EXPIRE)=/i.test(path) || m[1].includes(';')) return 'only an account, a folder or a whole message (;UID=n) ' +
    'can be fetched';
  let folder: string;
  try {
    folder = decodeURIComponent(m[1]).replace(/\/$/, '');
  } catch {
    return 'a folder name that does not decode';
  }
  const user = decode(url.username);
  const authority = `${url.protocol}//${url.username === '' ? '' : `${url.username}@`}${url.host}`;
  return {
    secure, user, host: url.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port, authority, folder,
    uidValidity: m[2] === undefined ? undefined : BigInt(m[2]),
    uid: m[3] === undefined ? undefined : Number(m[3]),
  };
}

/** A folder's URL under an account (RFC 5092: the name percent-encoded as UTF-8, its separators kept). */
export function folderUrl(authority: string, folder: string): string {
  return `${authority}/${encodeFolder(folder)}`;
}

/** A message's URL: its folder, the folder's UIDVALIDITY and its UID. */
export function messageUrl(authority: string, folder: string, uidValidity: bigint, uid: number): string {
  return `${authority}/${encodeFolder(folder)};UIDVALIDITY=${uidValidity}/;UID=${uid}`;
}

/** Who logs in where: the key of a connection (scheme, user, server), never holding a password. */
export function accountKey(t: ImapTarget): string {
  return `${t.secure ? 'imaps' : 'imap'}://${encodeURIComponent(t.user)}@${t.host}:${t.port}`;
}

/** The server (host and port): what politeness counts connections against. */
export function serverKey(t: ImapTarget): string {
  return `${t.host}:${t.port}`;
}

function encodeFolder(folder: string): string {
  let out = '';
  for (const ch of folder) out += PLAIN.test(ch) ? ch : encodeURIComponent(ch);
  return out;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
