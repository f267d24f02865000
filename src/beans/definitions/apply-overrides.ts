import type { Diagnostic } from '../../util/diagnostic.js';
import { hintFor } from '../../util/did-you-mean.js';
import { findProperty, type BeanDefinition, type ValueNode } from './bean-definition.js';
import type { BeanGraph } from './bean-graph.js';
import type { OverrideEntry } from './override-entry.js';

interface Segment {
  readonly name: string;
  readonly index?: string;
}

/** A property's default value by its bean's class, for an element override of a property the file leaves out. */
export type DefaultOf = (def: BeanDefinition, property: string) => unknown;

/**
 * Applies overrides in order, as Spring's PropertyOverrideConfigurer does: the text before the
 * first dot names a bean, the rest is a property path through inner or referenced beans
 * (`seeds.textSource.value`, `scope.rules[2].enabled`). The last segment is set on the bean it
 * reaches; whether that bean's class has such a property is checked with every other property.
 * A last segment with an index sets one element of a list or map (`fetchHttp.acceptHeaders[0]`),
 * of the file's value or, where the file leaves the property out, of its default, as Spring's
 * BeanWrapper sets an element of the list the bean already holds.
 */
export function applyOverrides(graph: BeanGraph, entries: readonly OverrideEntry[], defaultOf: DefaultOf = () => undefined): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const entry of entries) {
    const problem = applyOne(graph, entry, defaultOf);
    if (problem && !entry.ignoreInvalid) diagnostics.push(problem);
  }
  return diagnostics;
}

/** Where a property path (`beanId.path.to.property`) leads: the bean definition it reaches and the property's name. */
export type PathTarget = { readonly def: BeanDefinition; readonly property: string } | { readonly syntax: true } | { readonly error: string; readonly hints: string[] };

/** As PathTarget, and the element of the property the path ends at (`acceptHeaders[0]`), if it does. */
type ElementTarget = PathTarget | { readonly def: BeanDefinition; readonly property: string; readonly index: string };

/** Where a path leads; a path ending at an element of a property is an error (sheets set whole values). */
export function resolvePropertyPath(graph: BeanGraph, key: string): PathTarget {
  const found = resolveElementPath(graph, key);
  if ('index' in found) return { error: 'the last segment must name a property, not an element of one', hints: [] };
  return found;
}

function resolveElementPath(graph: BeanGraph, key: string): ElementTarget {
  const dot = key.indexOf('.');
  const segments = dot > 0 ? parseSegments(key.slice(dot + 1)) : undefined;
  if (!segments) return { syntax: true };
  const beanId = key.slice(0, dot);
  let target = graph.get(beanId);
  if (!target) return { error: `there is no bean "${beanId}"`, hints: hintFor(beanId, graph.ids()) };
  for (const seg of segments.slice(0, -1)) {
    const next = step(graph, target, seg);
    if (typeof next === 'string') return { error: next, hints: [] };
    target = next;
  }
  const last = segments[segments.length - 1];
  return last.index === undefined ? { def: target, property: last.name } : { def: target, property: last.name, index: last.index };
}

function applyOne(graph: BeanGraph, entry: OverrideEntry, defaultOf: DefaultOf): Diagnostic | undefined {
  const found = resolveElementPath(graph, entry.key);
  if ('syntax' in found) return { code: 'BC_OVERRIDE_SYNTAX', location: entry.keyLoc, message: `"${entry.key}" is not of the form ` +
    `beanId.property[.property...]` };
  if ('error' in found) return { code: 'BC_OVERRIDE_PATH', location: entry.keyLoc, message: `"${entry.key}": ${found.error}`, hints: found.hints };
  const { def: target, property } = found;
  let value = entry.value;
  if ('index' in found) {
    const whole = withElement(findProperty(target, property)?.value ?? defaultNode(defaultOf(target, property), entry), found.index, entry.value);
    if (typeof whole === 'string') return { code: 'BC_OVERRIDE_PATH', location: entry.keyLoc, message: `"${entry.key}": property "${property}" of ` +
      `bean "${target.path}" ${whole}` };
    value = whole;
  }
  const existing = findProperty(target, property);
  if (existing) {
    existing.value = value;
    existing.loc = entry.keyLoc;
    existing.source = entry.source;
  } else target.properties.push({ name: property, value, loc: entry.keyLoc, source: entry.source });
  return undefined;
}

/** A list or map with one element set (a list may grow by one, at its end), or why it cannot be. */
function withElement(whole: ValueNode | undefined, index: string, element: ValueNode): ValueNode | string {
  if (whole?.kind === 'map') {
    const entries = whole.entries.filter((e) => e.key !== index);
    return { ...whole, entries: [...entries, { key: index, keyLoc: element.loc, value: element }] };
  }
  if (whole !== undefined && whole.kind !== 'list') return 'is not a list or map';
  const items = whole?.items ?? [];
  const n = /^\d+$/.test(index) ? Number(index) : NaN;
  if (!(n <= items.length)) return `has ${items.length} element${items.length === 1 ? '' : 's'}: [${index}] is ${Number.isNaN(n) ? 'not an ' +
    'index' : 'past the end'}`;
  const next = [...items];
  next[n] = element;
  return { kind: 'list', items: next, loc: whole?.loc ?? element.loc };
}

/** The class's default of a property the file leaves out, as the value nodes a file would hold. */
function defaultNode(value: unknown, entry: OverrideEntry): ValueNode | undefined {
  const loc = entry.keyLoc;
  if (Array.isArray(value)) return { kind: 'list', items: value.map((v) => ({ kind: 'text', text: String(v), loc })), loc };
  if (value !== null && typeof value === 'object') {
    return { kind: 'map', entries: Object.entries(value).map(([key, v]) => ({ key, keyLoc: loc, value: { kind: 'text', text: String(v), loc } })), loc };
  }
  return undefined;
}

function step(graph: BeanGraph, def: BeanDefinition, seg: Segment): BeanDefinition | string {
  const prop = findProperty(def, seg.name);
  if (!prop) return `bean "${def.path}" sets no property "${seg.name}" to go through`;
  let value: ValueNode | undefined = prop.value;
  if (seg.index !== undefined) {
    if (value.kind === 'list') value = value.items[Number(seg.index)];
    else if (value.kind === 'map') value = value.entries.find((e) => e.key === seg.index)?.value;
    else return `property "${seg.name}" of bean "${def.path}" is not a list or map`;
    if (!value) return `property "${seg.name}" of bean "${def.path}" has no element [${seg.index}]`;
  }
  if (value.kind === 'bean') return value.bean;
  if (value.kind === 'ref') return graph.get(value.bean) ?? `bean "${value.bean}" (referenced by "${def.path}.${seg.name}") does not exist`;
  return `property "${seg.name}" of bean "${def.path}" holds a value, not a bean`;
}

function parseSegments(path: string): Segment[] | undefined {
  const out: Segment[] = [];
  for (const part of path.split('.')) {
    const m = /^([A-Za-z_$][\w$-]*)(?:\[([^\]]+)\])?$/.exec(part);
    if (!m) return undefined;
    out.push({ name: m[1], index: m[2] });
  }
  return out;
}
