import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { WARCParser } from 'warcio';
import { base32 } from '../../src/util/base32.js';

/** What warcio found checking a file's block digests: the records by type, and every record whose digest is missing or wrong. */
export interface BlockDigestCheck {
  readonly types: Readonly<Record<string, number>>;
  readonly problems: readonly string[];
}

/**
 * Every record of a WARC file read by warcio (an independent reader) as a plain block, no HTTP
 * head parsed, streamed through sha1 and compared with its WARC-Block-Digest (`sha1:BASE32`):
 * as warcio's `check` verifies a record whole.
 */
export async function checkBlockDigests(path: string): Promise<BlockDigestCheck> {
  const types: Record<string, number> = {};
  const problems: string[] = [];
  for await (const record of new WARCParser(createReadStream(path), { parseHttp: false })) {
    const type = record.warcType ?? '?';
    types[type] = (types[type] ?? 0) + 1;
    const hash = createHash('sha1');
    for await (const chunk of record.reader) hash.update(chunk);
    const computed = `sha1:${base32(hash.digest())}`;
    const stated = record.warcBlockDigest;
    if (stated !== computed) problems.push(`${type} ${record.warcTargetURI ?? record.warcHeader('WARC-Filename')}: WARC-Block-Digest ` +
      `${stated ?? 'missing'}, block is ${computed}`);
  }
  return { types, problems };
}
