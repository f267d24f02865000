import { createRequire } from 'node:module';
import type { ComponentDescriptor } from '../registry/component-descriptor.js';
import { propsSchema } from '../registry/props-schema.js';
import { AJV_OPTIONS } from '../resolve/prop-validator.js';
import { validatorKey } from './validator-key.js';

const require = createRequire(import.meta.url);

/**
 * For each component, by `validatorKey`, the source of a CommonJS module exporting under that key
 * a precompiled ajv validator: verify then needs neither to load ajv nor to compile schemas.
 */
export function standaloneValidators(descriptors: readonly ComponentDescriptor[]): Map<string, string> {
  const { Ajv } = require('ajv') as typeof import('ajv');
  const standaloneCode = (require('ajv/dist/standalone') as { default: (ajv: unknown, refs: Record<string, string>) => string }).default;
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  const keys = new Set(descriptors.map((d) => validatorKey(d)));
  for (const d of descriptors) {
    const key = validatorKey(d);
    if (ajv.getSchema(key) === undefined) ajv.addSchema({ ...propsSchema(d), $id: key });
  }
  const sources = new Map<string, string>();
  for (const key of keys) sources.set(key, `// Generated at build time from the component registry. Do not edit.\n${standaloneCode(ajv, { [key]: key })}\n`);
  return sources;
}
