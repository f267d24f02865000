import { defineComponent, type BeanView, type ComponentClass, type ConfigOf, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { documentContentOf } from '../../model/receiver.js';
import type { StateSublevel } from '../../model/state-store.js';

/** Each rewrite's access prefix must be an absolute URL prefix, and so must the display prefix it becomes. */
function validateRewrites(bean: BeanView): ValidationIssue[] {
  const rewrites = (bean.config.rewrites ?? {}) as Record<string, string>;
  const issues: ValidationIssue[] = [];
  for (const [from, to] of Object.entries(rewrites)) {
    for (const [what, prefix] of [['access', from], ['display', to]] as const) {
      if (!/^[a-z][a-z0-9+.-]*:/i.test(prefix)) {
        issues.push({ property: 'rewrites', at: bean.locationOf('rewrites', from), message: `the ${what} prefix "${prefix}" is not the start of an ` +
          `absolute URL (scheme:…)` });
      }
    }
  }
  return issues;
}

export const displayUrlMapperComponent = defineComponent({
  name: 'DisplayUrlMapper',
  description:
    'Gives documents a display URL distinct from the URL they were fetched by (Oracle Ultra Search\'s display URL and access URL): ' +
    'fetch from an internal mirror, report the public address. Each rewrite replaces an access URL prefix with a display prefix ' +
    '(the longest matching prefix wins); receivers report both (attributes `httpUrl` and `displayUrl`). A display URL is unique ' +
    'in a run: a document whose display URL another access URL already has keeps its own URL as its display URL, and an alert ' +
    'names both (never a silent overwrite). `rewrites` is overlayable, so a sheet can give a site its own. Put it in the fetch ' +
    'chain after the fetchers.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    rewrites: {
      type: 'object', additionalProperties: { type: 'string' }, default: {}, overlayable: true,
      description: 'Access URL prefix → display URL prefix (`http://mirror.internal/docs/` → `https://docs.example.org/`).',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the display URLs given in this run (a resumed run goes on checking against them).' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Hears of a display URL two access URLs would share (alerts.log).' },
  },
  validate: validateRewrites,
  load: async (): Promise<ComponentClass> => DisplayUrlMapper,
});

type Config = ConfigOf<typeof displayUrlMapperComponent>;

/**
 * Sets `curi.displayUrl` for documents (see the descriptor) and keeps display URLs unique in a
 * run: the ones given since the last commit are held here until that commit is written, staged
 * into the state store's `display-urls` sublevel (so memory holds only a commit's worth), and
 * looked up there for the rest.
 */
export class DisplayUrlMapper extends Processor<typeof displayUrlMapperComponent> {
  #store?: StateSublevel;
  /** Display URLs given since the last stage, and those staged but not yet written (the store reads only what is). */
  #given = new Map<string, string>();
  #staged = new Map<string, string>();
  /** Display URLs being looked up in the store, and the URI that asked first. */
  readonly #claiming = new Map<string, string>();
  #prefixes = new WeakMap<object, ReadonlyArray<readonly [string, string]>>();

  start(): void {
    const store = this.config.stateStore;
    if (!store || this.#store) return;
    this.#store = store.sublevel('display-urls');
    store.participate({ stage: () => this.#stage(), committed: () => (this.#staged = new Map()) });
  }

  protected override shouldProcess(curi: CrawlUri): boolean {
    return documentContentOf(curi) !== undefined;
  }

  protected async innerProcess(curi: CrawlUri, c: Config): Promise<ProcessResult> {
    const display = this.#rewrite(curi.uri, c.rewrites);
    let holder = this.#given.get(display) ?? this.#staged.get(display) ?? this.#claiming.get(display);
    if (holder === undefined && this.#store) {
      // Claimed while the store is read: a URI that wants the same display URL meanwhile (two sites'
      // URIs can, at once) finds it taken. The claim ends and the display URL is taken in one turn.
      this.#claiming.set(display, curi.uri);
      try {
        holder = await this.#store.get(display);
      } finally {
        this.#claiming.delete(display);
      }
    }
    if (holder !== undefined && holder !== curi.uri) {
      this.config.loggerModule?.alert?.('WARNING', `display URL ${display} of ${curi.uri} is already ${holder}'s: ${curi.uri} keeps its own URL as ` +
        `its display URL`);
      return PROCEED;
    }
    this.#given.set(display, curi.uri);
    if (display !== curi.uri) curi.displayUrl = display;
    return PROCEED;
  }

  /** The URL with its longest matching access prefix replaced by its display prefix. */
  #rewrite(url: string, rewrites: Readonly<Record<string, string>>): string {
    let prefixes = this.#prefixes.get(rewrites);
    if (!prefixes) {
      prefixes = Object.entries(rewrites).sort((a, b) => b[0].length - a[0].length);
      this.#prefixes.set(rewrites, prefixes);
    }
    for (const [from, to] of prefixes) if (url.startsWith(from)) return to + url.slice(from.length);
    return url;
  }

  #stage(): void {
    if (!this.#store || this.#given.size === 0) return;
    for (const [display, access] of this.#given) {
      this.#store.put(display, access);
      this.#staged.set(display, access);
    }
    this.#given = new Map();
  }
}
