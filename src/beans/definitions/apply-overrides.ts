import type { Diagnostic } from '../../util/diagnostic.js';
import { hintFor } from '../../util/did-you-mean.js';
import { findProperty, type BeanDefinition, type ValueNode } from './bean-definition.js';
import type { BeanGraph } from './bean-graph.js';
import type { OverrideEntry } from './override-entry.js';

interface Segment {
  readonly name: string;
  readonly index?: string;
}

/**
 * Applies overrides in order, as Spring's PropertyOverrideConfigurer does: the text before the
 * first dot names a bean, the rest is a property path through inner or referenced beans
 * (`seeds.textSource.value`, `scope.rules[2].enabled`). The last segment is set on the bean it
 * reaches; whether that bean's class has such a property is checked with every other property.
 */
export function applyOverrides(graph: BeanGraph, entries: readonly OverrideEntry[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const entry of entries) {
    const problem = applyOne(graph, entry);
    if (problem && !entry.ignoreInvalid) diagnostics.push(problem);
  }
  return diagnostics;
}

/** Where a property path (`beanId.path.to.property`) leads: the bean definition it reaches and the property's name. */
export type PathTarget = { readonly def: BeanDefinition; readonly property: string } | { readonly syntax: true } | { readonly error: string; readonly hints: string[] };

export function resolvePropertyPath(graph: BeanGraph, key: string): PathTarget {
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
  if (last.index !== undefined) return { error: 'the last segment must name a property, not an element of one', hints: [] };
  return { def: target, property: last.name };
}

function applyOne(graph: BeanGraph, entry: OverrideEntry): Diagnostic | undefined {
  const found = resolvePropertyPath(graph, entry.key);
  if ('syntax' in found) return { code: 'BC_OVERRIDE_SYNTAX', location: entry.keyLoc, message: `"${entry.key}" is not of the form beanId.property[.property...]` };
  if ('error' in found) return { code: 'BC_OVERRIDE_PATH', location: entry.keyLoc, message: `"${entry.key}": ${found.error}`, hints: found.hints };
  const { def: target, property } = found;
  const last = { name: property };
  const existing = findProperty(target, last.name);
  if (existing) {
    existing.value = entry.value;
    existing.loc = entry.keyLoc;
    existing.source = entry.source;
  } else target.properties.push({ name: last.name, value: entry.value, loc: entry.keyLoc, source: entry.source });
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
