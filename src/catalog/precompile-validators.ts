/** Build step: writes dist/generated/prop-validators.cjs for the built-in components. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PRECOMPILED_VALIDATORS } from '../beans/resolve/prop-validator.js';
import { standaloneValidators } from '../beans/schema/standalone-validators.js';
import { packageRoot } from '../util/package-root.js';
import { BUILT_IN_COMPONENTS } from './catalog.js';

const file = join(packageRoot(), PRECOMPILED_VALIDATORS);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, standaloneValidators(BUILT_IN_COMPONENTS));
