import type { SourceLocation } from '../../util/source-location.js';
import type { BeanDefinition, ValueSource } from '../definitions/bean-definition.js';
import type { ComponentDescriptor } from '../registry/component-descriptor.js';

/** The beans a reference property holds, by id (inner beans by their path). */
export interface RefBinding {
  readonly property: string;
  readonly shape: 'one' | 'list' | 'map';
  readonly ids: readonly string[];
  /** Where each of `ids` is written (the bean's own location for autowired ones). */
  readonly locs: readonly SourceLocation[];
  /** Map keys, in the order of `ids`, for a map reference. */
  readonly keys?: readonly string[];
  /** Set when autowiring chose the beans; the file named none. */
  readonly autowired: boolean;
}

export interface ValueOrigin {
  readonly source: ValueSource;
  readonly loc: SourceLocation;
}

/** A bean whose class, values and references are all known and checked. */
export interface ResolvedBean {
  readonly id: string;
  readonly def: BeanDefinition;
  readonly descriptor: ComponentDescriptor;
  /** Value properties after conversion, defaults and path resolution. */
  readonly config: Record<string, unknown>;
  readonly origins: Map<string, ValueOrigin>;
  /** Locations of values inside properties, by JSON pointer (`/regexList/2`). */
  readonly locs: Map<string, SourceLocation>;
  readonly refs: RefBinding[];
  /** Ids of every bean this one needs, each once, in property order. */
  readonly deps: string[];
}

export interface ResolvedGraph {
  /** Every bean that will be built, in definition order (an inner bean after its outer bean). */
  readonly beans: readonly ResolvedBean[];
  readonly byId: ReadonlyMap<string, ResolvedBean>;
}
