import type { ComponentInfo, FormBean, PropertyInfo } from './api-types.js';

/** How a form asks for a property's value, from its schema. */
export type FieldKind =
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly options: readonly string[] }
  | { readonly kind: 'integer' | 'number'; readonly min?: number; readonly max?: number }
  | { readonly kind: 'text' }
  /** A list or map: shown, edited in the bean file. */
  | { readonly kind: 'complex' };

export function fieldOf(spec: PropertyInfo): FieldKind {
  const types = ([] as string[]).concat(spec.type ?? []).filter((t) => t !== 'null');
  if (spec.enum?.length) return { kind: 'enum', options: spec.enum.map(String) };
  if (types.includes('array') || types.includes('object')) return { kind: 'complex' };
  if (types.length === 1 && types[0] === 'boolean') return { kind: 'boolean' };
  if (types.length === 1 && (types[0] === 'integer' || types[0] === 'number')) {
    const min = spec.minimum ?? (spec.exclusiveMinimum === undefined ? undefined : spec.exclusiveMinimum + (types[0] === 'integer' ? 1 : 0));
    return { kind: types[0], ...(min === undefined ? {} : { min }), ...(spec.maximum === undefined ? {} : { max: spec.maximum }) };
  }
  return { kind: 'text' };
}

/** The value a field's text means, or why it means none (checked again by the service's verify). */
export function parseField(field: FieldKind, text: string): { value: string | number | boolean } | { error: string } {
  switch (field.kind) {
    case 'boolean':
      return text === 'true' || text === 'false' ? { value: text === 'true' } : { error: 'true or false' };
    case 'integer':
    case 'number': {
      const t = text.trim();
      const n = Number(t);
      if (t === '' || !Number.isFinite(n)) return { error: `a ${field.kind === 'integer' ? 'whole ' : ''}number` };
      if (field.kind === 'integer' && !Number.isInteger(n)) return { error: 'a whole number' };
      if (field.min !== undefined && n < field.min) return { error: `at least ${field.min}` };
      if (field.max !== undefined && n > field.max) return { error: `at most ${field.max}` };
      return { value: n };
    }
    case 'enum':
      return field.options.includes(text) ? { value: text } : { error: `one of ${field.options.join(', ')}` };
    case 'complex':
      return { error: 'a list or map: edit it in the bean file' };
    default:
      return { value: text };
  }
}

/** The top-level beans a reference property of `kind` may hold (inner beans have no id to refer to). */
export function compatibleBeans(beans: readonly FormBean[], kind: string): string[] {
  return beans.filter((b) => !b.inner && b.kinds.includes(kind)).map((b) => b.id);
}

/**
 * The clip library of a bean: the other components it can become, those of every kind the beans
 * referring to it ask for (or, when none does, of a kind it is), by name.
 */
export function swapCandidates(components: readonly ComponentInfo[], beans: readonly FormBean[], bean: FormBean): ComponentInfo[] {
  const needed = new Set<string>();
  for (const b of beans) for (const r of b.references) if (r.ids.includes(bean.id) && r.kind) needed.add(r.kind);
  return components
    .filter((c) => c.name !== bean.className && !c.ignored)
    .filter((c) => (needed.size ? [...needed].every((k) => c.kinds.includes(k)) : c.kinds.some((k) => bean.kinds.includes(k))))
    .sort((a, b) => a.name.localeCompare(b.name));
}
