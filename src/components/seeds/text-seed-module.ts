import { readFile } from 'node:fs/promises';
import { defineComponent, type ComponentClass, type BeanView, type ValidationIssue, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { locateWithin, type SourceLocation } from '../../util/source-location.js';
import { parseSeedText } from './parse-seed-text.js';
import type { SeedList, SeedModule } from '../../model/seed-module.js';
import type { StateSublevel } from '../../model/state-store.js';

/** Every seed line must be a crawlable URL; each bad one is reported at its own line. */
async function validateSeeds(bean: BeanView): Promise<ValidationIssue[]> {
  const source = bean.refs('textSource')[0];
  if (!source) return [];
  let text: string;
  let at: (offset: number) => SourceLocation;
  if (source.className === 'ConfigString') {
    text = String(source.config.value ?? '');
    const start = source.locationOf('value');
    at = (offset) => locateWithin(start, text, offset);
  } else if (source.className === 'ConfigFile') {
    const path = String(source.config.path);
    try {
      text = await readFile(path, 'utf8');
    } catch {
      return []; // ConfigFile reports a file it cannot read
    }
    at = (offset) => locateWithin({ file: path, line: 1, column: 1 }, text, offset);
  } else return [];
  return parseSeedText(text).invalid.map((s) => ({ property: 'textSource', at: at(s.offset), message: `seed "${s.text}" ${s.reason}` }));
}

export const textSeedModuleComponent = defineComponent({
  name: 'TextSeedModule',
  aliases: ['org.archive.modules.seeds.TextSeedModule'],
  description:
    'Seeds from text, one URL a line (`#` comments; `http://` added where a line has no scheme). Lines starting with ' +
    'another character (`+http://(org,example,`) are directives for scope rules that listen to seeds.',
  kinds: ['SeedModule'],
  props: {
    sourceTagSeeds: { type: 'boolean', default: false, description: 'Tag every URI with the seed it was reached from (crawl.log column 11).' },
    blockAwaitingSeedLines: {
      type: 'integer', default: -1, minimum: -1,
      description: 'Start crawling after this many seed lines are read; -1 reads them all first.',
    },
  },
  refs: {
    textSource: { kind: 'ReadSource', required: true, description: 'Where the seed text comes from: a ConfigString or a ConfigFile (seeds.txt).' },
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the seeds added during a run (redirect targets of seeds), so that a resumed run\'s scope still takes them in.' },
  },
  validate: validateSeeds,
  load: async (): Promise<ComponentClass> => TextSeedModule,
});

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
