import { jwkThumbprint } from './jwk-thumbprint.js';

/** Where a signature agent publishes its keys (draft-meunier-http-message-signatures-directory). */
export const KEY_DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';
/** The media type the key directory is served with. */
export const KEY_DIRECTORY_MEDIA_TYPE = 'application/http-message-signatures-directory+json';

/** The key directory listing public JWKs: a JWKS (`{"keys": [...]}`), each key with its thumbprint as `kid`, as published text. */
export function keyDirectoryOf(publicJwks: readonly Readonly<Record<string, unknown>>[]): string {
  const keys = publicJwks.map((jwk) => ({ ...jwk, kid: jwkThumbprint(jwk) }));
  return `${JSON.stringify({ keys }, null, 2)}\n`;
}
