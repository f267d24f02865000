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
  /** Display URLs whose holder is being read from the store, and that read. */
  readonly #reading = new Map<string, Promise<string | undefined>>();
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
    const holder = await this.#take(display, curi.uri);
    if (holder !== undefined) {
      this.config.loggerModule?.alert?.('WARNING', `display URL ${display} of ${curi.uri} is already ${holder}'s: ${curi.uri} keeps its own URL as ` +
        `its display URL`);
      return PROCEED;
    }
    if (display !== curi.uri) curi.displayUrl = display;
    return PROCEED;
  }

  /**
   * Takes `display` for `uri`, unless another URI holds it: undefined once taken (or held by `uri`
   * already), else the URI that holds it. A URI that wants a display URL whose holder is being read
   * from the store waits for that read, then looks again (two sites' URIs can want one at once, and
   * the read is asynchronous): the holder the store names keeps it, and a display URL found free is
   * taken in the same turn as the read that found it free ends.
   */
  async #take(display: string, uri: string): Promise<string | undefined> {
    for (;;) {
      const held = this.#given.get(display) ?? this.#staged.get(display);
      if (held !== undefined) return held === uri ? undefined : held;
      const reading = this.#reading.get(display);
      if (reading) {
        // Its reader has the read's error to throw; this one looks again, and reads for itself if need be.
        await reading.catch(() => undefined);
        continue;
      }
      let stored: string | undefined;
      if (this.#store) {
        const read = this.#store.get(display);
        this.#reading.set(display, read);
        try {
          stored = await read;
        } finally {
          this.#reading.delete(display);
        }
      }
      if (stored !== undefined && stored !== uri) return stored;
      this.#given.set(display, uri);
      return undefined;
    }
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
