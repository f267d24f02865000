import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { SeedList, SeedModule } from '../../model/seed-module.js';
import { parseSeedText } from './parse-seed-text.js';
import type { textSeedModuleComponent } from './text-seed-module.descriptor.js';

/** Seeds read from its text source when the crawl asks for them. */
export class TextSeedModule implements SeedModule {
  constructor(readonly config: ConfigOf<typeof textSeedModuleComponent>) {}

  async loadSeeds(): Promise<SeedList> {
    const { seeds, directives } = parseSeedText(await this.config.textSource.readText());
    return { seeds, directives };
  }
}
