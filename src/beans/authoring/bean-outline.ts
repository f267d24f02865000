/**
 * What completion and hover need of a bean: its id, class, parent and the properties it sets,
 * as far as a file that may not be well formed shows them. A BeanDefinition is one.
 */
export interface BeanOutline {
  /** Absent for a bean without an id; an inner bean's id is its path and is not referred to. */
  readonly id?: string;
  /** True for a top-level bean named by Spring's counter rather than an id. */
  readonly anonymous?: boolean;
  readonly inner: boolean;
  readonly className?: string;
  readonly parent?: string;
  readonly abstract?: boolean;
  readonly properties: readonly OutlineProperty[];
}

export interface OutlineProperty {
  readonly name: string;
  readonly value: OutlineValue;
}

/** A property's value, as much as paths through beans need: references, inner beans, lists and maps of them. */
export type OutlineValue =
  | { readonly kind: 'ref'; readonly bean: string }
  | { readonly kind: 'bean'; readonly bean: BeanOutline }
  | { readonly kind: 'list'; readonly items: readonly OutlineValue[] }
  | { readonly kind: 'map'; readonly entries: readonly { readonly key: string; readonly value: OutlineValue }[] }
  | { readonly kind: 'text' | 'literal' | 'idref' | 'null' };
