import { getPublicSuffix } from 'tldts';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { QueueAssignmentPolicy } from '../../model/uri-policies.js';
import { fingerprint64, fingerprintBucket } from '../../util/fp-generator.js';
import { findRegex } from '../../util/java-regex.js';
import { CrawlMapper } from './crawl-mapper.js';
import type { hashCrawlMapperComponent } from './hash-crawl-mapper.descriptor.js';
import { SurtAuthorityQueueAssignmentPolicy } from './surt-authority-queue-assignment-policy.js';

const SUFFIX_OPTIONS = { allowPrivateDomains: true, extractHostname: false, validateHostname: false, detectIp: false } as const;
const LABEL = /^[-\w]+$/;
/** Class keys remembered with their crawler (keys repeat: one a host). */
const MEMO_SIZE = 4096;

/**
 * Heritrix's PublicSuffixes.getTopmostAssignedSurtPrefixRegex, found in a SURT-form key: the
 * leading `label,` run read as a host, reduced to its public suffix plus one label (the regex's
 * first match: the longest suffix rule followed by one more label; a key that is a suffix itself
 * backs off to the longest shorter rule). Undefined when the regex would not match (fewer than
 * two leading labels: an IP address, `localhost`). The list is tldts's (private suffixes
 * counting), not the copy bundled with a given Heritrix release; and a key that is itself a
 * wildcard rule's parent (`jp,kawasaki,foo,`) reduces less far than Heritrix's regex takes it.
 */
export function topmostAssignedSurtPrefix(key: string): string | undefined {
  const labels: string[] = [];
  for (let at = 0; ;) {
    const comma = key.indexOf(',', at);
    if (comma < 0) break;
    const label = key.slice(at, comma);
    if (!LABEL.test(label)) break;
    labels.push(label);
    at = comma + 1;
  }
  if (labels.length < 2) return undefined;
  const host = [...labels].reverse().join('.').toLowerCase();
  let suffixLabels = (getPublicSuffix(host, SUFFIX_OPTIONS) ?? '').split('.').length;
  if (suffixLabels >= labels.length) {
    // The host is a public suffix itself: the regex backs off to a shorter rule, plus one label.
    const shorter = labels.slice(0, -1).reverse().join('.').toLowerCase();
    suffixLabels = (getPublicSuffix(shorter, SUFFIX_OPTIONS) ?? '').split('.').length;
  }
  return `${labels.slice(0, suffixLabels + 1).join(',')},`;
}

/** Heritrix's HashCrawlMapper.mapString: the key, reduced by `reduce` if it matches, fingerprinted, modulo `crawlerCount`. */
export function mapString(key: string, reduce: ((key: string) => string | undefined) | undefined, crawlerCount: number): string {
  const reduced = reduce?.(key) ?? key;
  return String(fingerprintBucket(fingerprint64(reduced), crawlerCount));
}

/** Heritrix's HashCrawlMapper: the crawler of a URI is the bucket of its (reduced) class key's fingerprint. */
export class HashCrawlMapper extends CrawlMapper<typeof hashCrawlMapperComponent> {
  readonly #policy: QueueAssignmentPolicy;
  readonly #reduce?: (key: string) => string | undefined;
  readonly #memo = new Map<string, string>();

  constructor(config: ConfigOf<typeof hashCrawlMapperComponent>) {
    super(config);
    this.#policy = config.queueAssignmentPolicy ?? new SurtAuthorityQueueAssignmentPolicy();
    if (config.usePublicSuffixesRegex) this.#reduce = topmostAssignedSurtPrefix;
    else if (config.reducePrefixRegex !== '') {
      const pattern = findRegex(config.reducePrefixRegex);
      this.#reduce = (key) => pattern.exec(key)?.[0];
    }
  }

  protected map(curi: CrawlUri): { target: string; classKey: string } {
    const classKey = this.#policy.queueKey(curi);
    let target = this.#memo.get(classKey);
    if (target === undefined) {
      target = mapString(classKey, this.#reduce, this.config.crawlerCount);
      if (this.#memo.size >= MEMO_SIZE) this.#memo.clear();
      this.#memo.set(classKey, target);
    }
    return { target, classKey };
  }
}
