import { createHash, randomBytes } from 'node:crypto';
import type { HttpAuthCredential } from '../../model/credential-store.js';
import type { AuthChallenge } from './auth-challenge.js';

/** Digest algorithms (RFC 7616 §3.3) by the node:crypto hash they use. */
const DIGEST_HASHES: Readonly<Record<string, string>> = {
  'md5': 'md5', 'md5-sess': 'md5', 'sha-256': 'sha256', 'sha-256-sess': 'sha256', 'sha-512-256': 'sha512-256', 'sha-512-256-sess': 'sha512-256',
};

/** RFC 7617: `Basic base64(login:password)`, UTF-8. */
export function basicAuthorization(credential: HttpAuthCredential): string {
  return `Basic ${Buffer.from(`${credential.login}:${credential.password}`, 'utf8').toString('base64')}`;
}

/** Whether a digest challenge can be answered: a known algorithm, and qop `auth` or `auth-int` when qop is offered. */
export function canAnswerDigest(challenge: AuthChallenge): boolean {
  return DIGEST_HASHES[(challenge.params.algorithm ?? 'MD5').toLowerCase()] !== undefined && digestQop(challenge) !== null && challenge.params.nonce !== undefined;
}

/**
 * RFC 7616's answer to a digest challenge for a GET of `uri` (the request target), the `nc`-th
 * use of its nonce: qop `auth` when offered (`auth-int` otherwise, over the empty body of a GET),
 * the RFC 2069 form when the challenge offers no qop.
 */
export function digestAuthorization(challenge: AuthChallenge, credential: HttpAuthCredential, uri: string, nc: number): string {
  const p = challenge.params;
  const algorithm = (p.algorithm ?? 'MD5').toLowerCase();
  const h = (text: string) => createHash(DIGEST_HASHES[algorithm]).update(text, 'utf8').digest('hex');
  const realm = p.realm ?? '';
  const nonce = p.nonce ?? '';
  const qop = digestQop(challenge);
  const cnonce = randomBytes(12).toString('hex');
  const ncHex = nc.toString(16).padStart(8, '0');
  let ha1 = h(`${credential.login}:${realm}:${credential.password}`);
  if (algorithm.endsWith('-sess')) ha1 = h(`${ha1}:${nonce}:${cnonce}`);
  const ha2 = qop === 'auth-int' ? h(`GET:${uri}:${h('')}`) : h(`GET:${uri}`);
  const response = qop ? h(`${ha1}:${nonce}:${ncHex}:${cnonce}:${qop}:${ha2}`) : h(`${ha1}:${nonce}:${ha2}`);
  const fields = [`username=${quote(credential.login)}`, `realm=${quote(realm)}`, `nonce=${quote(nonce)}`, `uri=${quote(uri)}`];
  if (p.algorithm !== undefined) fields.push(`algorithm=${p.algorithm}`);
  if (qop) fields.push(`qop=${qop}`, `nc=${ncHex}`, `cnonce=${quote(cnonce)}`);
  fields.push(`response=${quote(response)}`);
  if (p.opaque !== undefined) fields.push(`opaque=${quote(p.opaque)}`);
  return `Digest ${fields.join(', ')}`;
}

/** The qop to answer with: `auth` if offered, else `auth-int`; undefined when none is asked; null when only unknown ones are. */
function digestQop(challenge: AuthChallenge): 'auth' | 'auth-int' | undefined | null {
  const offered = challenge.params.qop;
  if (offered === undefined) return undefined;
  const qops = offered.split(',').map((q) => q.trim().toLowerCase());
  return qops.includes('auth') ? 'auth' : qops.includes('auth-int') ? 'auth-int' : null;
}

function quote(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&')}"`;
}
