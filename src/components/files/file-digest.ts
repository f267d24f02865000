import { createHash } from 'node:crypto';
import { base32 } from '../../util/base32.js';

/** The digests FetchFile may compute, by Heritrix's names (node:crypto knows them by the same). */
export const FILE_DIGEST_ALGORITHMS = ['sha1', 'sha256', 'md5'] as const;

/** `algorithm:BASE32` of the bytes, crawl.log's and WARC's form. */
export function fileDigest(algorithm: (typeof FILE_DIGEST_ALGORITHMS)[number], bytes: Uint8Array): string {
  return `${algorithm}:${base32(createHash(algorithm).update(bytes).digest())}`;
}
