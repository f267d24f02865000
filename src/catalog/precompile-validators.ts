/**
 * Build step, after tsc and before the bundle: writes the built-in components' validators over
 * dist/src/beans/resolve/precompiled-validators.js (whose source is a stand-in), so that the modules
 * and the bundle hold them: a function per component name that makes the validator the first time
 * it is called, so that a command compiles only those its beans use (all of them, loaded whole,
 * were 640 KB that Node compiled without a code cache for every verify), and gives the text of the
 * schema it was made from.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_VALIDATORS } from '../beans/resolve/prop-validator.js';
import { propsSchema } from '../beans/registry/props-schema.js';
import { standaloneValidators } from '../beans/schema/standalone-validators.js';
import { validatorKey } from '../beans/schema/validator-key.js';
import { packageRoot } from '../util/package-root.js';
import { BUILT_IN_COMPONENTS } from './catalog.js';

const sources = standaloneValidators(BUILT_IN_COMPONENTS);
const entries: string[] = [];
for (const d of BUILT_IN_COMPONENTS) {
  const key = validatorKey(d);
  const source = sources.get(key);
  if (source === undefined) continue;
  // ajv's standalone code is a CommonJS module body (`exports[key] = validateN`, `require` of its runtime), run in a function of its own.
  const body = source.replace(/^\/\/.*\n/, '').replace(/^"use strict";/, '');
  // The schema's text goes with it, inside the function: compared, not hashed, at run time.
  const schema = JSON.stringify(JSON.stringify(propsSchema(d)));
  const made = `return { schema: ${schema}, validate: exports[${JSON.stringify(key)}] };`;
  entries.push(`  ${JSON.stringify(d.name)}: () => {\n    const exports = {};\n    ${body.trim()}\n    ${made}\n  },`);
}
writeFileSync(join(packageRoot(), GENERATED_VALIDATORS), `// Generated at build time from the component registry (src/catalog/precompile-validators.ts).
// Do not edit.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const PRECOMPILED_VALIDATORS = {
${entries.join('\n')}
};
`);
