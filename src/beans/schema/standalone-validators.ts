import { createRequire } from 'node:module';
import type { ComponentDescriptor } from '../registry/component-descriptor.js';
import { propsSchema } from '../registry/props-schema.js';
import { AJV_OPTIONS } from '../resolve/prop-validator.js';
import { validatorKey } from './validator-key.js';

const require = createRequire(import.meta.url);

/**
 * The source of a CommonJS module exporting, by `validatorKey`, a precompiled ajv validator for
 * each component: verify then needs neither to load ajv nor to compile schemas.
 */
export function standaloneValidators(descriptors: readonly ComponentDescriptor[]): string {
  const { Ajv } = require('ajv') as typeof import('ajv');
  const standaloneCode = (require('ajv/dist/standalone') as { default: (ajv: unknown) => string }).default;
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  for (const d of descriptors) ajv.addSchema({ ...propsSchema(d), $id: validatorKey(d) });
  return `// Generated at build time from the component registry. Do not edit.\n${standaloneCode(ajv)}\n`;
}
