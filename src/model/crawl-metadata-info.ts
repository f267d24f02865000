import type { CrawlUri } from './crawl-uri.js';

/**
 * What sheets may change of the crawl's metadata, as one URI sees it: the robots policy and the
 * identity sent in its request headers. The User-Agent is filled in once per combination.
 */
export interface OperatorIdentity {
  readonly operatorContactUrl: string;
  readonly operatorFrom: string;
  readonly robotsPolicyName: string;
  /** The User-Agent header, from the template with its tokens filled in. */
  readonly userAgent: string;
}

/**
 * Who runs the crawl: what goes into the User-Agent and From headers and the WARC's warcinfo.
 * The values sheets may change are reached only through `forUri` (or, for what concerns no URI,
 * such as a WARC file's warcinfo record, `forNoUri`).
 */
export interface CrawlMetadataInfo {
  readonly jobName: string;
  /** Descriptive fields for warcinfo records (optional for stand-ins in tests). */
  readonly operator?: string;
  readonly organization?: string;
  readonly audience?: string;
  readonly description?: string;
  /** What the crawl gathers content for (`search`, `ai-train`, ...): what usage preferences are read against. */
  readonly purposes?: readonly string[];
  /** The identity and robots policy as the URI's sheets set them. */
  forUri(curi: CrawlUri): OperatorIdentity;
  /** The base identity, for what concerns no URI (a WARC file's warcinfo record). */
  forNoUri(): OperatorIdentity;
}

/** Metadata that no sheet changes, from plain values (for tools and tests that run without a bean file). */
export function fixedMetadata(values: Partial<OperatorIdentity> & Partial<Omit<CrawlMetadataInfo, 'forUri' | 'forNoUri'>>): CrawlMetadataInfo {
  const identity: OperatorIdentity = {
    operatorContactUrl: values.operatorContactUrl ?? '', operatorFrom: values.operatorFrom ?? '',
    robotsPolicyName: values.robotsPolicyName ?? 'obey', userAgent: values.userAgent ?? 'beancrawl',
  };
  return {
    jobName: values.jobName ?? '', operator: values.operator, organization: values.organization, audience: values.audience,
    description: values.description, purposes: values.purposes, forUri: () => identity, forNoUri: () => identity,
  };
}
