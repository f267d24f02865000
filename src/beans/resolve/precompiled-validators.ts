import type { ErrorObject } from 'ajv';

/** An ajv validator: true when the data is valid, else its errors in `errors`; fills in defaults. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** A precompiled validator, and the text (JSON) of the schema it was compiled from. */
export interface PrecompiledValidator {
  readonly schema: string;
  readonly validate: CompiledValidator;
}

/**
 * The built-in components' validators, precompiled, by component name: each made the first time it
 * is asked for. This file is a stand-in: the build replaces it in dist (catalog/precompile-validators.ts)
 * with the generated module, which the bundle then holds, so that a command compiles only the
 * validators of the classes its beans use, from the code cache. Without it, schemas are compiled
 * with ajv (PropValidator).
 */
export const PRECOMPILED_VALIDATORS: Readonly<Record<string, () => PrecompiledValidator>> = {};
