import type { SourceLocation } from '../../util/source-location.js';

/** Where a property's value came from, lowest precedence first. */
export type ValueSource = 'default' | 'file' | 'override' | 'set';

/**
 * A value as written in a bean file, before its class says what it means. Text stays text
 * (XML has no other kind); JSON numbers and booleans arrive as literals.
 */
export type ValueNode =
  /**
   * Text. `quoted`: a JSON string, which is a string: it is not converted to the number, boolean
   * or list a property wants (`"5"` for an integer is an error, as the JSON Schema says), unless
   * it held a `${NAME:default}` placeholder or is an override's or a sheet's value (text, as in XML).
   */
  | { readonly kind: 'text'; readonly text: string; readonly loc: SourceLocation; readonly quoted?: boolean }
  | { readonly kind: 'literal'; readonly value: number | boolean; readonly loc: SourceLocation }
  | { readonly kind: 'ref'; readonly bean: string; readonly loc: SourceLocation }
  | { readonly kind: 'idref'; readonly bean: string; readonly loc: SourceLocation }
  | { readonly kind: 'bean'; readonly bean: BeanDefinition; readonly loc: SourceLocation }
  | { readonly kind: 'list'; readonly items: ValueNode[]; readonly loc: SourceLocation }
  | { readonly kind: 'map'; readonly entries: MapEntry[]; readonly loc: SourceLocation }
  | { readonly kind: 'null'; readonly loc: SourceLocation };

export interface MapEntry {
  readonly key: string;
  readonly keyLoc: SourceLocation;
  readonly value: ValueNode;
}

export interface PropertyDefinition {
  readonly name: string;
  value: ValueNode;
  /** Where the property is named (the `<property>` element, the JSON key, the override line). */
  loc: SourceLocation;
  source: ValueSource;
}

/** A Spring `<constructor-arg>`: by position, or by `index` or `name`; its class's descriptor says which property it sets. */
export interface ConstructorArg {
  readonly index?: number;
  readonly name?: string;
  readonly value: ValueNode;
  readonly loc: SourceLocation;
}

export type AutowireMode = 'default' | 'no' | 'byName' | 'byType' | 'constructor';

/** One bean as a file declares it; the whole graph is a list of these, each remembering its place. */
export interface BeanDefinition {
  id: string;
  /** True for top-level beans without an id (named `Class#0` as Spring does) and for inner beans. */
  readonly anonymous: boolean;
  /** The path of an inner bean from its top-level bean (`seeds.textSource`), or its id. */
  readonly path: string;
  className?: string;
  classLoc?: SourceLocation;
  parent?: string;
  parentLoc?: SourceLocation;
  abstract: boolean;
  autowire: AutowireMode;
  /**
   * Spring's `autowire-candidate="false"`: never chosen when a reference is autowired by kind,
   * though a `<ref>` or autowiring by name still reaches it (Heritrix files declare a second
   * BdbModule for deduplication so). Absent means true.
   */
  autowireCandidate?: boolean;
  /** `<constructor-arg>`s, until verify turns them into the properties they set (applyConstructorArgs). */
  constructorArgs?: ConstructorArg[];
  readonly properties: PropertyDefinition[];
  readonly loc: SourceLocation;
  readonly inner: boolean;
}

export interface ImportDeclaration {
  readonly resource: string;
  /** The resource as the file wrote it, when placeholders were filled in: what messages name. */
  readonly written?: string;
  readonly loc: SourceLocation;
}

/** What one parsed file contributes. */
export interface BeanFileModel {
  readonly file: string;
  readonly format: 'xml' | 'json';
  readonly beans: BeanDefinition[];
  readonly imports: ImportDeclaration[];
}

export function findProperty(def: BeanDefinition, name: string): PropertyDefinition | undefined {
  return def.properties.find((p) => p.name === name);
}

/** A deep copy, so that a child bean can change what it inherits without changing its parent. */
export function cloneValue(v: ValueNode, path: string): ValueNode {
  switch (v.kind) {
    case 'bean':
      return { ...v, bean: cloneDefinition(v.bean, path) };
    case 'list':
      return { ...v, items: v.items.map((item, i) => cloneValue(item, `${path}[${i}]`)) };
    case 'map':
      return { ...v, entries: v.entries.map((e) => ({ ...e, value: cloneValue(e.value, `${path}[${e.key}]`) })) };
    default:
      return v;
  }
}

export function cloneDefinition(def: BeanDefinition, path: string): BeanDefinition {
  return {
    ...def,
    path,
    id: def.inner ? path : def.id,
    properties: def.properties.map((p) => ({ ...p, value: cloneValue(p.value, `${path}.${p.name}`) })),
  };
}

/** A value read as text whatever format wrote it (an override's or a sheet entry's value): a JSON string loses `quoted`. */
export function asText(node: ValueNode): ValueNode {
  return node.kind === 'text' && node.quoted ? { kind: 'text', text: node.text, loc: node.loc } : node;
}
