import type { BaseConfigOf, ComponentDescriptor, ConfigOf } from '../beans/registry/component-descriptor.js';
import type { CrawlUri } from './crawl-uri.js';

/**
 * The base of every component that has a property sheets may change per URI (declared
 * `overlayable` in its descriptor). Its configuration is held privately: `config` shows only
 * the properties no sheet can change, and the overlayable ones are reached through
 * `configFor(curi)`, the configuration as that URI sees it (the base values with the URI's
 * sheets on top, resolved once per combination of sheets). So no code of a component can read
 * an overlayable property past the sheets, as Heritrix's KeyedProperties reads every property
 * through the overlays. The processor and decide-rule templates call `configFor` once per URI
 * and hand the view to the methods subclasses write.
 */
export abstract class Configurable<D extends ComponentDescriptor> {
  /** The bean id (set by the container): sheets address this component's properties by it. */
  beanName = '';
  #base: ConfigOf<D>;

  constructor(config: ConfigOf<D>) {
    this.#base = config;
  }

  /** The properties no sheet can change. The overlayable ones are read with `configFor(curi)`. */
  get config(): BaseConfigOf<D> {
    return this.#base;
  }

  /**
   * New base values, while the crawl runs, for properties the descriptor declares `live` (the
   * service's PATCH …/beans, through job/live-beans.ts, which validates them first). Every later
   * read sees them: `config`, and `configFor(curi)` with the URI's sheets still on top (a new
   * base object, so that each overlay merges its sheets over it afresh).
   */
  reconfigure(changes: Partial<ConfigOf<D>>): void {
    this.#base = { ...this.#base, ...changes };
  }

  /** This component's configuration as `curi` sees it: its own, with the sheets that apply to the URI on top. */
  configFor(curi: CrawlUri): ConfigOf<D> {
    const overlay = curi.overlay;
    return overlay ? overlay.configFor(this.beanName, this.#base) : this.#base;
  }

  /**
   * The base values of every property, for code that runs for no URI at all (`start()`: a seed
   * list read once, a report). Never for a URI's sake: test/architecture/sheet-reads.test.ts keeps
   * a list of its callers.
   */
  protected configForNoUri(): ConfigOf<D> {
    return this.#base;
  }
}
