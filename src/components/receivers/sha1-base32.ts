import { createHash } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, upper case, unpadded (a SHA-1 fills 32 characters exactly). */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let value = 0;
  let bits = 0;
  for (let i = 0; i < bytes.length; i++) {
    value = ((value << 8) | bytes[i]) & 0x1fff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(value >>> bits) & 31];
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** `sha1:BASE32` of some bytes, WARC's digest form. */
export function sha1Base32(...pieces: readonly Uint8Array[]): string {
  const hash = createHash('sha1');
  for (const p of pieces) hash.update(p);
  return `sha1:${base32(hash.digest())}`;
}
