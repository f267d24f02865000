import type { CrawlMetadataInfo } from './crawl-metadata-info.js';
import type { DecideRule } from './decide-rule.js';
import type { ReadSource } from './read-source.js';
import type { SeedModule } from './seed-module.js';

/** The model's contracts as kinds that components provide and references require. */
declare module '../beans/registry/kind-types.js' {
  interface KindTypes {
    CrawlMetadata: CrawlMetadataInfo;
    DecideRule: DecideRule;
    ReadSource: ReadSource;
    SeedModule: SeedModule;
  }
}

export const KINDS = ['CrawlMetadata', 'DecideRule', 'ReadSource', 'SeedModule'] as const;
