import type { SourceLocation } from '../../util/source-location.js';
import type { ErrorCode } from '../../util/error-codes.js';
import type { KindType } from './kind-types.js';

import type { JsonType, PropSpec, RefSpec } from '../../wire/component-info.js';

export type { JsonType, PropSpec, RefSpec };

/** A problem a bean's own `validate` finds; located at the property unless `at` says better. */
export interface ValidationIssue {
  readonly property?: string;
  readonly message: string;
  readonly at?: SourceLocation;
  readonly hints?: readonly string[];
  /** Other properties the rule is about: a sheet setting one of them gets the report at its entry. */
  readonly related?: readonly string[];
  /** The code reported (BC_BEAN_INVALID unless given). */
  readonly code?: ErrorCode;
  /** A warning: verify passes, but see blocksLaunch. */
  readonly severity?: 'warning';
  /** A warning that `launch` (and `create`'s advice) treats as an error: a placeholder left in. */
  readonly blocksLaunch?: boolean;
}

/** What `validate` sees of a resolved bean: its values, where they came from, its references. */
export interface BeanView {
  readonly id: string;
  readonly className: string;
  readonly config: Readonly<Record<string, unknown>>;
  /** Where a property's value was written (or the bean, for a default); with `key`, where that entry of a map value was, when known. */
  locationOf(property: string, key?: string): SourceLocation;
  /** The beans a reference property holds (one, several, or none). */
  refs(property: string): BeanView[];
}

export interface ValidateContext {
  /** The job folder that relative paths resolve against. */
  readonly jobDir: string;
  /** The names of the components the job's built beans are (`FetchFile`, `FetchHttp`…), for rules across beans. */
  readonly components?: ReadonlySet<string>;
  /** Set when the job is confined (the service runs it): the folders `file:` URIs must lie under (none: no `file:` URI at all). */
  readonly fileRoots?: readonly string[];
}

/** The implementation a descriptor loads at launch: a plain class taking its resolved properties. */
export interface ComponentClass<I = unknown> {
  // biome-ignore lint/suspicious/noExplicitAny: each class takes its own config type; with unknown none would fit
  new (config: any): I;
}

/**
 * Everything beancrawl knows about a component, declared once: from it come validation of bean
 * files, `beancrawl schema`, docs/reference/beans.md and the console's forms.
 */
export interface ComponentDescriptor {
  /** Registry name, acronyms spelt as words (`FetchHttp`). */
  readonly name: string;
  /** Heritrix's short and fully qualified spellings, and any other accepted names. */
  readonly aliases?: readonly string[];
  readonly description: string;
  /** The contracts it provides, by kind name. */
  readonly kinds: readonly string[];
  readonly props: Readonly<Record<string, PropSpec>>;
  readonly refs?: Readonly<Record<string, RefSpec>>;
  /**
   * The properties that Spring `<constructor-arg>`s set, in the order of its Heritrix class's
   * constructor parameters (ConfigString: `value`). Absent: a constructor-arg is an error.
   */
  readonly constructorArgs?: readonly string[];
  /** Older names Heritrix still accepts for a property (its deprecated setters), each setting the property it names. */
  readonly propertyAliases?: Readonly<Record<string, string>>;
  /** Level 3 of verify: the bean's own rules, on its resolved values (no instance is built). */
  validate?(bean: BeanView, ctx: ValidateContext): ValidationIssue[] | Promise<ValidationIssue[]>;
  /**
   * Where the bean leaves what it writes (WARC files, a mirror, a document list), from its
   * resolved values (paths already resolved): the launch summary lists them.
   */
  outputs?(config: Readonly<Record<string, unknown>>): ReadonlyArray<{ readonly what: string; readonly path: string }>;
  /** Loads the implementation; absent for configuration-only beans that are never built. */
  load?(): Promise<ComponentClass>;
  /**
   * Set for a Heritrix class that is accepted (its properties checked) but not built: why. Each
   * such bean gets one warning line at verify; nothing is dropped silently.
   */
  readonly ignored?: string;
}

type Present<S, V> = S extends { default: unknown } ? V : S extends { required: true } ? V : V | undefined;

type SchemaValue<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { type: 'string' }
    ? string
    : S extends { type: 'integer' | 'number' }
      ? number
      : S extends { type: 'boolean' }
        ? boolean
        : S extends { type: 'array'; items: infer I }
          ? SchemaValue<I>[]
          : S extends { type: 'object'; additionalProperties: infer V }
            ? Record<string, SchemaValue<V>>
            : unknown;

type RefValue<R> = R extends { kind: infer K extends string }
  ? R extends { list: true }
    ? KindType<K>[]
    : R extends { map: true }
      ? Record<string, KindType<K>>
      : R extends { required: true }
        ? KindType<K>
        : KindType<K> | undefined
  : never;

/** The constructor argument of a component, derived from its descriptor (less the properties it accepts but ignores). */
export type ConfigOf<D extends ComponentDescriptor> = {
  readonly [K in keyof D['props'] as D['props'][K] extends { ignored: string } ? never : K]: Present<D['props'][K], SchemaValue<D['props'][K]>>;
} & { readonly [K in keyof NonNullable<D['refs']> as NonNullable<D['refs']>[K] extends { ignored: string } ? never : K]: RefValue<NonNullable<D['refs']>[K]> };

/** The names of a descriptor's properties that sheets may change per URI. */
export type OverlayableOf<D extends ComponentDescriptor> = {
  [K in keyof D['props']]: D['props'][K] extends { overlayable: true } ? K : never;
}[keyof D['props']];

/**
 * What a component may read of its configuration outside the path of one URI: every property but
 * the overlayable ones, which only the URI's own view (`configFor(curi)`) gives.
 */
export type BaseConfigOf<D extends ComponentDescriptor> = Omit<ConfigOf<D>, OverlayableOf<D>>;

/** Declares a component, keeping its literal types so that `ConfigOf` can read them. */
export function defineComponent<const D extends ComponentDescriptor>(descriptor: D): D {
  return descriptor;
}
