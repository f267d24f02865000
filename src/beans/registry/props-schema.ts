import type { ComponentDescriptor, PropSpec } from './component-descriptor.js';

const OWN_KEYWORDS = new Set(['required', 'overlayable', 'live', 'path', 'pathUnder', 'ignored']);

/** One property's spec as plain JSON Schema (beancrawl's own flags removed). */
export function propSchema(spec: PropSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(spec)) if (!OWN_KEYWORDS.has(k)) out[k] = v;
  return out;
}

/** The JSON Schema of a component's value properties (references are checked separately). */
export function propsSchema(d: ComponentDescriptor): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(d.props)) {
    properties[name] = propSchema(spec);
    if (spec.required) required.push(name);
  }
  return { type: 'object', properties, additionalProperties: false, ...(required.length ? { required } : {}) };
}
