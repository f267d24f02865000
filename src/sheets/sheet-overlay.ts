/** One primed sheet: its name and its values by bean id, then property. */
export interface PrimedSheet {
  readonly name: string;
  readonly values: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}

/**
 * The sheets that apply to a URI, lowest precedence first, shared by every URI with the same
 * combination. `configFor` gives a bean's effective configuration under them: its base config
 * with the sheets' values on top (later sheets win), computed once per bean and cached.
 */
export class SheetOverlay {
  /** By base configuration (one per bean): a bean without a name, built outside a bean file, shares nothing with another. */
  readonly #cache = new WeakMap<object, object>();

  constructor(readonly key: string, readonly sheets: readonly PrimedSheet[]) {}

  configFor<C extends object>(beanName: string, base: C): C {
    const cached = this.#cache.get(base);
    if (cached) return cached as C;
    let merged: C = base;
    for (const sheet of this.sheets) {
      const values = beanName ? sheet.values.get(beanName) : undefined;
      if (values) merged = { ...merged, ...values };
    }
    this.#cache.set(base, merged);
    return merged;
  }
}

/** A URI as sheet associations see it: its SURT (https read as http) for prefixes, the whole URI for rules. */
export interface SheetSubject {
  readonly uri: string;
  readonly candidateSurt: string;
}

/** What the engine asks of the sheets: the overlay of a URI, and an overlay by its key. */
export interface SheetOverlays {
  /** The overlay for a URI; undefined when no sheet applies. */
  overlayFor(subject: SheetSubject): SheetOverlay | undefined;
  /** An overlay by its key (as kept with a queued URI). */
  overlayByKey(key: string): SheetOverlay | undefined;
}

/** A rule-based association: its sheets apply when the rule accepts the URI. Implemented next to the decide rules. */
export interface RuleSheetAssociation {
  readonly beanName: string;
  readonly targetSheetNames: readonly string[];
  readonly order: number;
  appliesTo(subject: unknown): boolean;
}
