/** A seed as its source gave it: the URL (a scheme added where missing) and where it was written. */
export interface Seed {
  readonly url: string;
  /** 1-based line in the seed text. */
  readonly line: number;
  /** Set when the module tags URIs with their seed (sourceTagSeeds): crawl.log's source column. */
  readonly sourceTag?: string;
  /**
   * The password an `imap:`/`imaps:` seed carried (`imap://user:password@host/INBOX`), taken out
   * of `url`: for the fetcher only, never written anywhere.
   */
  readonly password?: string;
}

/** A line that is not a seed (`+http://(org,example,` and the like), offered to listeners. */
export interface SeedDirective {
  readonly text: string;
  readonly line: number;
}

export interface SeedList {
  readonly seeds: readonly Seed[];
  readonly directives: readonly SeedDirective[];
}

/** Where a crawl starts. */
export interface SeedModule {
  /** The seeds and directives (read once; later calls give the same list). */
  loadSeeds(): Promise<SeedList>;
  /** Announces a seed found during the crawl (a seed's redirect target) to every listener. */
  addSeed(url: string): void;
  /**
   * Heritrix's SeedListener: told of every seed added during the crawl, those added before it
   * listened (in this launch, or in the launches of the run it resumes) included.
   */
  onSeedAdded(listener: (url: string) => void): void;
}
