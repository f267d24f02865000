/**
 * A URI as the crawl sees it. This issue needs only what decide rules read; the crawl engine
 * adds fetch status, content and outlinks in typed slots, keeping it a small record.
 */
export class CrawlUri {
  constructor(
    /** The URI, normalised. */
    readonly uri: string,
    /** Heritrix's hop letters from the seed (`L` link, `E` embed, `X`, `R`, `P`, `I`, `M`); empty for a seed. */
    readonly hopsPath = '',
    /** The URI this one was found on. */
    readonly via?: string,
  ) {}

  get isSeed(): boolean {
    return this.hopsPath === '';
  }

  get lastHop(): string {
    return this.hopsPath.slice(-1);
  }
}
