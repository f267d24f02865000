import type { PropSpec } from '../registry/component-descriptor.js';
import type { Completion } from './completion.js';

/** The schema of one element of a list (or map) property, if it says. */
export function itemsOf(spec: PropSpec): PropSpec | undefined {
  const items = spec.items ?? spec.additionalProperties;
  return items && typeof items === 'object' ? (items as PropSpec) : undefined;
}

/** The values a schema allows one by one: its enum, or true and false; the default marked as such. */
export function valuesOf(spec: PropSpec): Array<{ readonly value: string | number | boolean; readonly more: Partial<Completion> }> {
  const values: unknown[] = Array.isArray(spec.enum) ? spec.enum : [spec.type].flat().includes('boolean') ? [true, false] : [];
  return values
    .filter((v): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v))
    .map((value) => ({ value, more: value === spec.default ? { detail: 'default' } : {} }));
}
