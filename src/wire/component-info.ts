/**
 * A component as GET /api/v1/components describes it, from the one description that drives
 * verify, the schema, the docs and the console's forms.
 */

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

/** A JSON Schema of one property, plus what only beancrawl needs to know about it. */
export type PropSpec = {
  readonly description: string;
  readonly type?: JsonType | readonly JsonType[];
  readonly default?: unknown;
  /** The bean cannot be built without it. */
  readonly required?: boolean;
  /** Sheets may override it per URI. */
  readonly overlayable?: boolean;
  /**
   * It may be changed while the crawl runs (the service's PATCH …/beans): the component reads it
   * through `config` or `configFor(curi)` at each use, never a copy made at start.
   */
  readonly live?: boolean;
  /** A file or folder path: resolved against the job folder; `${launchId}` allowed. */
  readonly path?: boolean;
  /**
   * A path (or list of paths) relative to the folder another path property names, kept as written
   * (storePaths under directory): a path all the same, which the service confines.
   */
  readonly pathUnder?: string;
  /**
   * Set for a property of Heritrix's class that cannot mean anything here: why. A file that sets
   * it to anything but its default gets one warning line (BC_PROP_IGNORED) at verify instead of
   * an unknown-property error.
   */
  readonly ignored?: string;
  /** JSON Schema's keywords that forms read; any other keyword may be there too. */
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly [keyword: string]: unknown;
};

/** A property whose value is another bean (a `<ref>` or an inner `<bean>`), or a list or map of them. */
export interface RefSpec {
  readonly description: string;
  /** The kind the referenced bean must provide (`DecideRule`, `ReadSource`, ...). */
  readonly kind: string;
  readonly list?: boolean;
  readonly map?: boolean;
  readonly required?: boolean;
  /** Found by kind when the file leaves it out, the bean id breaking ties (Heritrix's @Autowired). */
  readonly autowire?: boolean;
  /** As PropSpec.ignored: a reference of Heritrix's class that means nothing here, and why; one warning when set. */
  readonly ignored?: string;
}

/** One component of GET /api/v1/components. */
export interface ComponentInfo {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly description: string;
  readonly kinds: readonly string[];
  readonly properties: Readonly<Record<string, PropSpec>>;
  readonly references: Readonly<Record<string, RefSpec>>;
  readonly constructorArgs?: readonly string[];
  readonly propertyAliases?: Readonly<Record<string, string>>;
  /** Set for a Heritrix class accepted but not built: why. */
  readonly ignored?: string;
}
