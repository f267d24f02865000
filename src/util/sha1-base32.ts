import { createHash } from 'node:crypto';
import { base32 } from './base32.js';

/** `sha1:BASE32` of some bytes, WARC's digest form. */
export function sha1Base32(...pieces: readonly Uint8Array[]): string {
  const hash = createHash('sha1');
  for (const p of pieces) hash.update(p);
  return `sha1:${base32(hash.digest())}`;
}
