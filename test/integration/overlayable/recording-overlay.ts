import { Sheet } from '../../../src/sheets/sheet.js';
import { SheetOverlay } from '../../../src/sheets/sheet-overlay.js';

/** The bean id every driven component gets: the sheets of these tests address it by this name. */
export const SUBJECT = 'subject';

/** A bean id no component of these tests has: a sheet for it leaves the subject at its base values. */
export const ELSEWHERE = 'someOtherBean';

/**
 * A URI's sheets as the crawl gives them (a real Sheet in a SheetOverlay), which also records
 * every property the subject reads of its configuration as that URI sees it. The merged view is
 * wrapped once per combination, as SheetOverlay caches it, so components that key caches by the
 * view (CrawlMetadata's identities) still find them.
 */
export class RecordingSheetOverlay extends SheetOverlay {
  readonly #reads: Array<{ readonly property: string; readonly value: unknown }> = [];
  readonly #views = new WeakMap<object, object>();

  override configFor<C extends object>(beanName: string, base: C): C {
    const merged = super.configFor(beanName, base);
    if (beanName !== SUBJECT) return merged;
    let view = this.#views.get(merged);
    if (view === undefined) {
      view = new Proxy(merged, {
        get: (target, key, receiver) => {
          const value: unknown = Reflect.get(target, key, receiver);
          if (typeof key === 'string') this.#reads.push({ property: key, value });
          return value;
        },
      });
      this.#views.set(merged, view);
    }
    return view as C;
  }

  /** The values the subject read of `property` through a URI's view, in order. */
  valuesRead(property: string): unknown[] {
    return this.#reads.filter((r) => r.property === property).map((r) => r.value);
  }
}

/** The overlay of a URI whose one sheet sets `values` on bean `beanName`. */
export function overlaySetting(beanName: string, values: Readonly<Record<string, unknown>>): RecordingSheetOverlay {
  const sheet = new Sheet({ map: {}, primed: new Map([[beanName, { ...values }]]) });
  sheet.beanName = `sheetFor_${beanName}`;
  return new RecordingSheetOverlay(sheet.name, [sheet]);
}
