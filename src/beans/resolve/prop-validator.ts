import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv as AjvType, ErrorObject, Options } from 'ajv';
import type { ComponentDescriptor } from '../registry/component-descriptor.js';
import { propsSchema } from '../registry/props-schema.js';
import { PRECOMPILED_VALIDATORS, type CompiledValidator } from './precompiled-validators.js';

const require = createRequire(import.meta.url);

export const AJV_OPTIONS: Options = { allErrors: true, strict: true, useDefaults: true, allowUnionTypes: true };

/** The module the build generates in place of precompiled-validators.js, under the package's root. */
export const GENERATED_VALIDATORS = join('dist', 'src', 'beans', 'resolve', 'precompiled-validators.js');

/**
 * Checks a bean's value properties against its descriptor's schema (all errors, defaults filled
 * in). Built-in components use validators precompiled at build time; any other schema is
 * compiled with ajv the first time a bean of its class appears.
 */
export class PropValidator {
  readonly #compiled = new Map<ComponentDescriptor, CompiledValidator>();
  #ajv?: AjvType;

  validate(d: ComponentDescriptor, config: Record<string, unknown>): ErrorObject[] {
    let fn = this.#compiled.get(d);
    if (!fn) {
      fn = this.#precompiledFor(d) ?? this.#compile(d);
      this.#compiled.set(d, fn);
    }
    return fn(config) ? [] : [...(fn.errors ?? [])];
  }

  #precompiledFor(d: ComponentDescriptor): CompiledValidator | undefined {
    // A component whose schema changed since the build (dist/src rebuilt by tsc alone) is compiled
    // instead. Its text is compared, not hashed: a hash in JavaScript of the 45 schemas of the
    // default profile took 10–30 ms of each verify.
    const made = PRECOMPILED_VALIDATORS[d.name]?.();
    return made !== undefined && made.schema === JSON.stringify(propsSchema(d)) ? made.validate : undefined;
  }

  #compile(d: ComponentDescriptor): CompiledValidator {
    if (!this.#ajv) {
      const { Ajv } = require('ajv') as typeof import('ajv');
      this.#ajv = new Ajv(AJV_OPTIONS);
    }
    return this.#ajv.compile(propsSchema(d));
  }
}
