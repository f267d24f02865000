const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * RFC 4648 base32 (upper-case alphabet). Unpadded by default, as Heritrix writes digests; a SHA-1
 * (160 bits) fills 32 characters exactly, so padding never shows there.
 */
export function base32(bytes: Uint8Array, pad = false): string {
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
  if (pad) while (out.length % 8 !== 0) out += '=';
  return out;
}
