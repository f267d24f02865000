import { createHash } from 'node:crypto';

/** The members RFC 7638 (§3.2) and RFC 8037 (§2) hash, per key type, in lexicographic order. */
const REQUIRED: Readonly<Record<string, readonly string[]>> = {
  OKP: ['crv', 'kty', 'x'],
  EC: ['crv', 'kty', 'x', 'y'],
  RSA: ['e', 'kty', 'n'],
};

/**
 * A public JWK's thumbprint (RFC 7638): the SHA-256 of the JSON of its required members, without
 * whitespace and in lexicographic order, in base64url without padding. The `keyid` of a Web Bot
 * Auth signature and the `kid` of its key directory.
 */
export function jwkThumbprint(jwk: Readonly<Record<string, unknown>>): string {
  const members = REQUIRED[String(jwk.kty)];
  if (members === undefined) throw new Error(`a JWK of key type ${JSON.stringify(jwk.kty)} has no thumbprint here (OKP, EC and RSA do)`);
  const canonical: Record<string, unknown> = {};
  for (const name of members) {
    if (typeof jwk[name] !== 'string') throw new Error(`the JWK lacks its "${name}" member`);
    canonical[name] = jwk[name];
  }
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}
