import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv as AjvType, ErrorObject, Options } from 'ajv';
import { packageRoot } from '../../util/package-root.js';
import type { ComponentDescriptor } from '../registry/component-descriptor.js';
import { propsSchema } from '../registry/props-schema.js';
import { validatorKey } from '../schema/validator-key.js';

const require = createRequire(import.meta.url);

export const AJV_OPTIONS: Options = { allErrors: true, strict: true, useDefaults: true, allowUnionTypes: true };

/**
 * Where the build writes the precompiled validators of the built-in components: a CommonJS file
 * each, so that a command loads the validators of the classes its beans use and no others (all of
 * them in one file were 640 KB, which Node compiled whole, without a code cache, for every verify).
 */
export const PRECOMPILED_VALIDATORS = join('dist', 'generated', 'prop-validators');

/** The file of one precompiled validator, by its `validatorKey`, under PRECOMPILED_VALIDATORS; it exports the validator under that key. */
export function precompiledValidatorFile(key: string): string {
  return `${key.replace(/[^A-Za-z0-9_.-]/g, '_')}.cjs`;
}

interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * Checks a bean's value properties against its descriptor's schema (all errors, defaults filled
 * in). Built-in components use validators precompiled at build time; any other schema is
 * compiled with ajv the first time a bean of its class appears.
 */
export class PropValidator {
  readonly #compiled = new Map<ComponentDescriptor, CompiledValidator>();
  #precompiledFolder?: string;
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
    this.#precompiledFolder ??= join(packageRoot(), PRECOMPILED_VALIDATORS);
    const key = validatorKey(d);
    // A component whose schema changed since the build has no file under its new key: compiled instead.
    const file = join(this.#precompiledFolder, precompiledValidatorFile(key));
    return existsSync(file) ? (require(file) as Record<string, CompiledValidator>)[key] : undefined;
  }

  #compile(d: ComponentDescriptor): CompiledValidator {
    if (!this.#ajv) {
      const { Ajv } = require('ajv') as typeof import('ajv');
      this.#ajv = new Ajv(AJV_OPTIONS);
    }
    return this.#ajv.compile(propsSchema(d));
  }
}
