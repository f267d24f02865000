import type { CrawlUri } from '../../model/crawl-uri.js';
import type { FingerprintSet } from '../../util/fingerprint-set.js';

/**
 * The checks a file writer (WARC, ARC) makes before writing a URI: true when it writes nothing.
 * A URI done again after a crash whose records were written and committed keeps them (their
 * place goes back into crawl.log's extra info under the writer's two names); with
 * skipIdenticalDigests, a payload already written in this run is not written again; nor is a
 * URI whose status is 0 or less.
 */
export function writesNothing(curi: CrawlUri, writerKey: string, written: FingerprintSet | undefined, infoNames: readonly [string, string]): boolean {
  const before = curi.warc?.[writerKey];
  if (before) {
    curi.extraInfo[infoNames[0]] = before[0];
    curi.extraInfo[infoNames[1]] = before[1];
    return true;
  }
  if (written && curi.contentDigest && written.has(writtenIdentity(curi))) {
    curi.annotations.push('unwritten:identicalDigest');
    return true;
  }
  if (curi.fetchStatus <= 0) {
    curi.annotations.push('unwritten:status');
    return true;
  }
  return false;
}

/** What skipIdenticalDigests remembers of a URI written: the URI and its payload digest. */
export function writtenIdentity(curi: CrawlUri): string {
  return `${curi.uri} ${curi.contentDigest}`;
}
