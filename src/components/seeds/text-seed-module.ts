import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { SeedList, SeedModule } from '../../model/seed-module.js';
import { parseSeedText } from './parse-seed-text.js';
import type { textSeedModuleComponent } from './text-seed-module.descriptor.js';

/** Seeds read from its text source when the crawl first asks for them. */
export class TextSeedModule implements SeedModule {
  #list?: Promise<SeedList>;
  readonly #listeners: Array<(url: string) => void> = [];

  constructor(readonly config: ConfigOf<typeof textSeedModuleComponent>) {}

  loadSeeds(): Promise<SeedList> {
    return (this.#list ??= this.config.textSource.readText().then((text) => {
      const { seeds, directives } = parseSeedText(text);
      return { seeds: this.config.sourceTagSeeds ? seeds.map((s) => ({ ...s, sourceTag: s.url })) : seeds, directives };
    }));
  }

  addSeed(url: string): void {
    for (const listener of this.#listeners) listener(url);
  }

  onSeedAdded(listener: (url: string) => void): void {
    this.#listeners.push(listener);
  }
}
