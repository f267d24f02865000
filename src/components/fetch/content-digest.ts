import { createHash } from 'node:crypto';
import { base32 } from '../../util/base32.js';

/** The digests a fetcher may compute, by Heritrix's names (node:crypto knows them by the same). */
export const DIGEST_ALGORITHMS = ['sha1', 'sha256', 'md5'] as const;

export type DigestAlgorithm = (typeof DIGEST_ALGORITHMS)[number];

/** `algorithm:BASE32` of the bytes, crawl.log's and WARC's form (`sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ`). */
export function contentDigest(algorithm: DigestAlgorithm, bytes: Uint8Array): string {
  return `${algorithm}:${base32(createHash(algorithm).update(bytes).digest())}`;
}
