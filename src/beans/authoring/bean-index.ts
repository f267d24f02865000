import { OVERRIDE_CONFIGURER_CLASSES } from '../definitions/override-entry.js';
import type { ComponentDescriptor, PropSpec, RefSpec } from '../registry/component-descriptor.js';
import type { ComponentLookup } from './authoring-context.js';
import type { BeanOutline, OutlineValue } from './bean-outline.js';

/** One segment of a property path: `rules`, `rules[2]`, `map[key]`. */
export interface PathSegment {
  readonly name: string;
  readonly index?: string;
}

/** A component's property by name: a value property or a reference, under its own name. */
export type PropertyOf =
  | { readonly name: string; readonly prop: PropSpec; readonly ref?: undefined }
  | { readonly name: string; readonly ref: RefSpec; readonly prop?: undefined };

/**
 * The beans completion and hover can see (the file's and those of the files read with it) and
 * what the registry says of them: their class through `parent` beans, the beans that provide a
 * kind, the bean a property path leads to.
 */
export class BeanIndex {
  readonly #byId = new Map<string, BeanOutline>();

  constructor(readonly registry: ComponentLookup, beans: readonly BeanOutline[], others: readonly BeanOutline[] = []) {
    for (const b of [...beans, ...others]) {
      if (b.id !== undefined && b.id !== '' && !b.inner && !b.anonymous && !this.#byId.has(b.id)) this.#byId.set(b.id, b);
    }
  }

  /** Top-level beans with an id, the file's first, one for each id. */
  beans(): IterableIterator<BeanOutline> {
    return this.#byId.values();
  }

  get(id: string): BeanOutline | undefined {
    return this.#byId.get(id);
  }

  /** The class a bean is built as: its own, or its nearest `parent` bean's. */
  classNameOf(bean: BeanOutline): string | undefined {
    const seen = new Set<BeanOutline>();
    for (let b: BeanOutline | undefined = bean; b && !seen.has(b); b = b.parent === undefined ? undefined : this.get(b.parent)) {
      if (b.className) return b.className;
      seen.add(b);
    }
    return undefined;
  }

  descriptorOf(bean: BeanOutline): ComponentDescriptor | undefined {
    const name = this.classNameOf(bean);
    return name === undefined ? undefined : this.registry.lookup(name);
  }

  /** A property's value as the bean holds it: its own, or inherited from a `parent` bean. */
  valueOf(bean: BeanOutline, property: string): OutlineValue | undefined {
    const seen = new Set<BeanOutline>();
    for (let b: BeanOutline | undefined = bean; b && !seen.has(b); b = b.parent === undefined ? undefined : this.get(b.parent)) {
      const found = b.properties.find((p) => p.name === property);
      if (found) return found.value;
      seen.add(b);
    }
    return undefined;
  }

  /** The beans a reference of this kind may name: top-level, not abstract, their class providing it; in file order. */
  providing(kind: string): BeanOutline[] {
    return [...this.beans()].filter((b) => !b.abstract && this.descriptorOf(b)?.kinds.includes(kind));
  }

  isOverrideConfigurer(bean: BeanOutline): boolean {
    const name = this.classNameOf(bean);
    return name !== undefined && OVERRIDE_CONFIGURER_CLASSES.includes(name);
  }

  isSheet(bean: BeanOutline): boolean {
    return this.descriptorOf(bean)?.kinds.includes('Sheet') ?? false;
  }

  /** A component's property by its name or an older name of it. */
  propertyOf(d: ComponentDescriptor, name: string): PropertyOf | undefined {
    const own = ownValue(d.propertyAliases, name) ?? name;
    const prop = ownValue(d.props, own);
    if (prop) return { name: own, prop };
    const ref = ownValue(d.refs, own);
    return ref ? { name: own, ref } : undefined;
  }

  /**
   * The bean a property of `bean` leads to: the reference or inner bean it holds, or the element
   * `[index]` of a list or map of them. With `autowired`, a single reference the file leaves out
   * is the one bean of its kind, or the one named as the property (as verify wires it).
   */
  follow(bean: BeanOutline, seg: PathSegment, autowired: boolean): BeanOutline | undefined {
    let value = this.valueOf(bean, seg.name);
    if (value && seg.index !== undefined) {
      if (value.kind === 'list') value = value.items[Number(seg.index)];
      else if (value.kind === 'map') value = value.entries.find((e) => e.key === seg.index)?.value;
      else value = undefined;
    }
    if (value?.kind === 'bean') return value.bean;
    if (value?.kind === 'ref') return this.get(value.bean);
    if (value || !autowired || seg.index !== undefined) return undefined;
    const d = this.descriptorOf(bean);
    const spec = ownValue(d?.refs, seg.name);
    if (!spec?.autowire || spec.list || spec.map) return undefined;
    const all = this.providing(spec.kind).filter((b) => b !== bean);
    return all.length === 1 ? all[0] : all.find((b) => b.id === seg.name);
  }

  /** The bean reached by every segment of a path but the last (`beanId.a.b[1].property` → the bean holding `property`). */
  walk(segments: readonly PathSegment[], autowired: boolean): BeanOutline | undefined {
    if (segments.length < 2 || segments[0].index !== undefined) return undefined;
    let bean = this.get(segments[0].name);
    for (const seg of segments.slice(1, -1)) bean = bean && this.follow(bean, seg, autowired);
    return bean;
  }
}

/** `a.b[2].c` as segments; a segment being typed may be empty or lack its `]`. */
export function pathSegments(path: string): PathSegment[] {
  return path.split('.').map((part) => {
    const m = /^([^[]*)\[([^\]]*)\]?$/.exec(part);
    return m ? { name: m[1], index: m[2] } : { name: part };
  });
}

/** A record's own entry (never one of Object's, for a name such as `constructor`). */
function ownValue<V>(record: Readonly<Record<string, V>> | undefined, key: string): V | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}
