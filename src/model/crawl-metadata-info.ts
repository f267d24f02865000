/** Who runs the crawl: what goes into the User-Agent and From headers and the WARC's warcinfo. */
export interface CrawlMetadataInfo {
  readonly operatorContactUrl: string;
  readonly operatorFrom: string;
  readonly jobName: string;
  readonly robotsPolicyName: string;
  /** The User-Agent header, from the template with its tokens filled in. */
  userAgent(): string;
}
