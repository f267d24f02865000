import type { SourceLocation } from '../util/source-location.js';
import type { PrimedSheet } from './sheet-overlay.js';

/** A sheet's values, primed at verify: keyed by the bean id they reach and the property name. */
export class Sheet implements PrimedSheet {
  beanName = '';
  readonly values: ReadonlyMap<string, Readonly<Record<string, unknown>>>;

  constructor(readonly config: {
    readonly map: Record<string, unknown>;
    readonly primed?: ReadonlyMap<string, Record<string, unknown>>;
    /** Where each primed value was written, by `beanId.property`. */
    readonly primedAt?: ReadonlyMap<string, SourceLocation>;
  }) {
    this.values = config.primed ?? new Map();
  }

  get name(): string {
    return this.beanName;
  }
}
