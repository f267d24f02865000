import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { SeedList, SeedModule } from '../../model/seed-module.js';
import type { StateSublevel } from '../../model/state-store.js';
import { parseSeedText } from './parse-seed-text.js';
import type { textSeedModuleComponent } from './text-seed-module.descriptor.js';

/** The state-store sublevel of the seeds added during a run (one key a URL). */
const ADDED_SUBLEVEL = 'seeds-added';

/**
 * Seeds read from its text source when the crawl first asks for them. Seeds added during the
 * crawl (a seed's redirect target) are kept in the state store, so that what they brought into
 * scope is still in scope when the run resumes after a crash or Ctrl-C.
 */
export class TextSeedModule implements SeedModule {
  #list?: Promise<SeedList>;
  readonly #listeners: Array<(url: string) => void> = [];
  readonly #added = new Set<string>();
  #store?: StateSublevel;

  constructor(readonly config: ConfigOf<typeof textSeedModuleComponent>) {}

  async start(): Promise<void> {
    if (this.#store || !this.config.stateStore) return;
    this.#store = this.config.stateStore.sublevel(ADDED_SUBLEVEL);
    for (const [url] of await this.#store.range('', '\uffff')) this.#added.add(url);
  }

  loadSeeds(): Promise<SeedList> {
    return (this.#list ??= this.config.textSource.readText().then((text) => {
      const { seeds, directives } = parseSeedText(text);
      return { seeds: this.config.sourceTagSeeds ? seeds.map((s) => ({ ...s, sourceTag: s.url })) : seeds, directives };
    }));
  }

  addSeed(url: string): void {
    if (this.#added.has(url)) return;
    this.#added.add(url);
    this.#store?.put(url, '1');
    for (const listener of this.#listeners) listener(url);
  }

  onSeedAdded(listener: (url: string) => void): void {
    this.#listeners.push(listener);
    for (const url of this.#added) listener(url);
  }
}
