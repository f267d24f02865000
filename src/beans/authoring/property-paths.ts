import type { ComponentDescriptor } from '../registry/component-descriptor.js';
import { pathSegments, type BeanIndex, type PropertyOf } from './bean-index.js';
import type { BeanOutline } from './bean-outline.js';
import type { Completion } from './completion.js';
import type { Hover } from './hover.js';
import { beanMarkdown, propertyDetail, propertyMarkdown } from './property-docs.js';

/**
 * Completion of the segment at `offset` of a property path (`beanId.path.to.property`) written
 * at `keyFrom`: bean ids first, then at each dot the properties of the bean reached so far,
 * walking into inner and referenced beans (`seeds.textSource.value`, `scope.rules[4].decision`).
 * For a sheet (`sheet`), only overlayable properties, and references autowiring fills are walked too.
 */
export function completePath(key: string, keyFrom: number, offset: number, index: BeanIndex, sheet: boolean): Completion[] {
  const at = offset - keyFrom;
  const before = key.slice(0, at);
  const dot = before.lastIndexOf('.');
  const nextDot = key.indexOf('.', at);
  const replaceFrom = keyFrom + dot + 1;
  const replaceTo = keyFrom + (nextDot < 0 ? key.length : nextDot);
  const item = (c: Omit<Completion, 'replaceFrom' | 'replaceTo' | 'kind'>): Completion => ({ ...c, kind: 'overrideKey', replaceFrom, replaceTo });
  if (dot < 0) {
    return [...index.beans()].filter((b) => !b.abstract && !index.isOverrideConfigurer(b) && !index.isSheet(b) && (!sheet || reachesOverlayable(index, b)))
      .map((b) => item({ label: b.id!, detail: index.classNameOf(b), documentation: beanMarkdown(b.id!, b, index.classNameOf(b), index.descriptorOf(b)) }));
  }
  const bean = index.walk([...pathSegments(before.slice(0, dot)), { name: '' }], sheet);
  const d = bean && index.descriptorOf(bean);
  if (!bean || !d) return [];
  const out: Completion[] = [];
  for (const [name, prop] of Object.entries(d.props)) {
    if (prop.ignored || (sheet && !prop.overlayable)) continue;
    out.push(item({ label: name, detail: propertyDetail({ name, prop }), documentation: propertyMarkdown({ name, prop }, d) }));
  }
  for (const [name, ref] of Object.entries(d.refs ?? {})) {
    for (const { label, target } of leadsTo(index, bean, name, sheet)) {
      if (sheet && !reachesOverlayable(index, target)) continue;
      const className = index.classNameOf(target);
      out.push(item({ label, detail: `→ ${className ?? 'bean'}`, documentation: propertyMarkdown({ name, ref }, d) }));
    }
  }
  return out;
}

/** Hover over the segment of a property path at `offset`: the bean it names, or the property. */
export function hoverPath(key: string, keyFrom: number, offset: number, index: BeanIndex, sheet: boolean): Hover | undefined {
  const at = offset - keyFrom;
  const start = key.lastIndexOf('.', at - 1) + 1;
  const nextDot = key.indexOf('.', at);
  const end = nextDot < 0 ? key.length : nextDot;
  const [from, to] = [keyFrom + start, keyFrom + end];
  if (start === 0) {
    const bean = index.get(key.slice(0, end));
    return bean && { contents: beanMarkdown(bean.id!, bean, index.classNameOf(bean), index.descriptorOf(bean)), from, to };
  }
  const found = pathProperty(key.slice(0, end), index, sheet);
  return found && { contents: propertyMarkdown(found.property, found.component, found.written), from, to };
}

/** The property a path ends at, with the component that has it and the name as written. */
export function pathProperty(key: string, index: BeanIndex, sheet: boolean): { property: PropertyOf; component: ComponentDescriptor; written: string; element: boolean } | undefined {
  const segments = pathSegments(key);
  const bean = index.walk(segments, sheet);
  const d = bean && index.descriptorOf(bean);
  const last = segments[segments.length - 1];
  const property = d && index.propertyOf(d, last.name);
  return property && d && { property, component: d, written: last.name, element: last.index !== undefined };
}

/** The path segments through which a reference property leads on to a bean: `textSource`, or `rules[0]`, `rules[1]`… */
function leadsTo(index: BeanIndex, bean: BeanOutline, name: string, sheet: boolean): Array<{ label: string; target: BeanOutline }> {
  const value = index.valueOf(bean, name);
  const out: Array<{ label: string; target: BeanOutline }> = [];
  if (value?.kind === 'list') {
    value.items.forEach((_, i) => {
      const target = index.follow(bean, { name, index: String(i) }, sheet);
      if (target) out.push({ label: `${name}[${i}]`, target });
    });
  } else if (value?.kind === 'map') {
    for (const e of value.entries) {
      const target = index.follow(bean, { name, index: e.key }, sheet);
      if (target) out.push({ label: `${name}[${e.key}]`, target });
    }
  } else {
    const target = index.follow(bean, { name }, sheet);
    if (target) out.push({ label: name, target });
  }
  return out;
}

/**
 * Whether a sheet may set anything of a bean: a property that is overlayable, of its own or of a
 * bean its references lead to (autowired ones included), so that completion never offers a path
 * that ends at nothing a sheet can set.
 */
function reachesOverlayable(index: BeanIndex, bean: BeanOutline, seen = new Set<BeanOutline>()): boolean {
  const d = index.descriptorOf(bean);
  if (d === undefined || seen.has(bean)) return false;
  seen.add(bean);
  if (Object.values(d.props).some((p) => p.overlayable && !p.ignored)) return true;
  return Object.keys(d.refs ?? {}).some((name) => leadsTo(index, bean, name, true).some(({ target }) => reachesOverlayable(index, target, seen)));
}
