import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { ComponentDescriptor } from '../registry/component-descriptor.js';
import { propsSchema } from '../registry/props-schema.js';

/**
 * Checks a bean's value properties against its descriptor's schema with ajv (all errors,
 * defaults filled in). Each class's schema is compiled the first time a bean of it appears.
 */
export class PropValidator {
  readonly #ajv = new Ajv({ allErrors: true, strict: true, useDefaults: true, allowUnionTypes: true });
  readonly #compiled = new Map<ComponentDescriptor, ValidateFunction>();

  validate(d: ComponentDescriptor, config: Record<string, unknown>): ErrorObject[] {
    let fn = this.#compiled.get(d);
    if (!fn) {
      fn = this.#ajv.compile(propsSchema(d));
      this.#compiled.set(d, fn);
    }
    return fn(config) ? [] : [...(fn.errors ?? [])];
  }
}
