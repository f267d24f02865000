import type { ComponentDescriptor } from '../registry/component-descriptor.js';
import { propsSchema } from '../registry/props-schema.js';

/** Names a component's schema in the ajv instance that precompiles the validators (its `$id`): its name and a hash of its schema. */
export function validatorKey(d: ComponentDescriptor): string {
  const text = JSON.stringify(propsSchema(d));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${d.name}#${h.toString(16).padStart(8, '0')}`;
}
