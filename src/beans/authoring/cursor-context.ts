import type { BeanOutline } from './bean-outline.js';

/** A stretch of the text, by offsets. */
export interface Range {
  readonly from: number;
  readonly to: number;
}

/** The property a value is written for: the cursor is in its value, or in an element or inner bean that is (part of) it. */
export interface ValueSlot {
  readonly bean: BeanOutline;
  /** The property's name; absent for a `<constructor-arg>` known by position only (see `arg`). */
  readonly property?: string;
  /** The position of a `<constructor-arg>` (its `index`, or its place among its siblings). */
  readonly arg?: number;
  /** An element of a list or map the property holds, not the whole value. */
  readonly item: boolean;
}

/**
 * What the cursor is in, whatever the format: the name or value being typed (`range`, the whole
 * name or value, which a completion replaces) and what it belongs to. In JSON, `string` is the
 * whole string the cursor is in, quotes included; outside a string, inserted text needs quotes.
 */
export type CursorContext = (
  /** A `class`: `slot` when the bean is the value of a property (its kind then known). */
  | { readonly kind: 'class'; readonly slot?: ValueSlot }
  /** A property name of `bean`; `present` are the names its other properties already use. */
  | { readonly kind: 'property'; readonly bean: BeanOutline; readonly present: readonly string[] }
  /** The `name` of a `<constructor-arg>`. */
  | { readonly kind: 'constructorArg'; readonly bean: BeanOutline }
  /** A value (not a bean) of a property. */
  | { readonly kind: 'value'; readonly slot: ValueSlot }
  /** The id of a referenced bean; `idref` names any bean. */
  | { readonly kind: 'ref'; readonly slot?: ValueSlot; readonly idref?: boolean }
  /** A `parent` bean's id. */
  | { readonly kind: 'parent'; readonly bean: BeanOutline }
  /** A property path `beanId.path`: an override's (`sheet` false) or a sheet's key. */
  | { readonly kind: 'path'; readonly sheet: boolean }
  /** The value an override or sheet entry gives the property its `key` reaches. */
  | { readonly kind: 'pathValue'; readonly sheet: boolean; readonly key: string }
  /**
   * An element name: `parent` the element it goes in (none at the top), `slot` the property it
   * would be the value of; `bare` when only the name may be inserted (attributes follow it
   * already), `bracket` when the `<` must be inserted too.
   */
  | { readonly kind: 'element'; readonly parent?: string; readonly slot?: ValueSlot; readonly bare: boolean; readonly bracket: boolean }
  /** The name of the element an end tag closes. */
  | { readonly kind: 'closeTag'; readonly name: string }
  /** An attribute name (or a key of a JSON object); `bare` when its `="…"` (or `: …`) is already written. */
  | { readonly kind: 'attribute'; readonly names: readonly string[]; readonly bare: boolean }
  /** One of fixed values (`autowire`); `literal` for JSON values written without quotes (true, false). */
  | { readonly kind: 'choice'; readonly values: readonly string[]; readonly literal?: boolean }
  /** An imported file. */
  | { readonly kind: 'import' }
) & {
  readonly range: Range;
  readonly offset: number;
  readonly json?: { readonly string?: Range };
};
