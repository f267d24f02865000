import type { CrawlUri } from './crawl-uri.js';

/** Who runs the crawl: what goes into the User-Agent and From headers and the WARC's warcinfo. */
export interface CrawlMetadataInfo {
  readonly operatorContactUrl: string;
  readonly operatorFrom: string;
  readonly jobName: string;
  readonly robotsPolicyName: string;
  /** Descriptive fields for warcinfo records (optional for stand-ins in tests). */
  readonly operator?: string;
  readonly organization?: string;
  readonly audience?: string;
  readonly description?: string;
  /** The User-Agent header, from the template with its tokens filled in. */
  userAgent(): string;
  /** The metadata as the URI's sheets set it (robots policy, user agent, contact): itself when none applies. */
  forUri?(curi: CrawlUri): CrawlMetadataInfo;
}
