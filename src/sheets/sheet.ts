import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';
import type { SourceLocation } from '../util/source-location.js';
import type { PrimedSheet } from './sheet-overlay.js';

export const sheetComponent = defineComponent({
  name: 'Sheet',
  aliases: ['org.archive.spring.Sheet'],
  description:
    'A named set of overrides, `beanId.property.path` to value, applied to the URIs its associations select. Only ' +
    'properties a component declares overlayable can be set; each entry is checked against that property at verify.',
  kinds: ['Sheet'],
  props: {
    map: { type: 'object', default: {}, description: 'Property paths (`disposition.delayFactor`, `preparer.uriPrecedencePolicy.basePrecedence`) to values.' },
  },
  load: async (): Promise<ComponentClass> => Sheet,
});

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
