import { createHash } from 'node:crypto';

/** The digests FetchFile may compute, by Heritrix's names (node:crypto knows them by the same). */
export const FILE_DIGEST_ALGORITHMS = ['sha1', 'sha256', 'md5'] as const;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * `algorithm:BASE32` of the bytes, crawl.log's and WARC's form, as the fetch area writes it (its
 * own copy: component areas share only the model and the layers below).
 */
export function fileDigest(algorithm: (typeof FILE_DIGEST_ALGORITHMS)[number], bytes: Uint8Array): string {
  const hash = createHash(algorithm).update(bytes).digest();
  let out = '';
  let value = 0;
  let bits = 0;
  for (const byte of hash) {
    value = ((value << 8) | byte) & 0x1fff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(value >>> bits) & 31];
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return `${algorithm}:${out}`;
}
