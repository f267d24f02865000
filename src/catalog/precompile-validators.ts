/**
 * Build step, after tsc and before the bundle: writes the built-in components' validators over
 * dist/src/beans/resolve/precompiled-validators.js (whose source is a stand-in), so that the modules
 * and the bundle hold them: a function per `validatorKey` that makes the validator the first time
 * it is called, so that a command compiles only those its beans use (all of them, loaded whole,
 * were 640 KB that Node compiled without a code cache for every verify).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_VALIDATORS } from '../beans/resolve/prop-validator.js';
import { standaloneValidators } from '../beans/schema/standalone-validators.js';
import { packageRoot } from '../util/package-root.js';
import { BUILT_IN_COMPONENTS } from './catalog.js';

const entries: string[] = [];
for (const [key, source] of standaloneValidators(BUILT_IN_COMPONENTS)) {
  // ajv's standalone code is a CommonJS module body (`exports[key] = validateN`, `require` of its runtime), run in a function of its own.
  const body = source.replace(/^\/\/.*\n/, '').replace(/^"use strict";/, '');
  entries.push(`  ${JSON.stringify(key)}: () => {\n    const exports = {};\n    ${body.trim()}\n    return exports[${JSON.stringify(key)}];\n  },`);
}
writeFileSync(join(packageRoot(), GENERATED_VALIDATORS), `// Generated at build time from the component registry (src/catalog/precompile-validators.ts).
// Do not edit.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const PRECOMPILED_VALIDATORS = {
${entries.join('\n')}
};
`);
