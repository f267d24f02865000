/** Build step: writes dist/generated/prop-validators/, a file per built-in component's validator. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRECOMPILED_VALIDATORS, precompiledValidatorFile } from '../beans/resolve/prop-validator.js';
import { standaloneValidators } from '../beans/schema/standalone-validators.js';
import { packageRoot } from '../util/package-root.js';
import { BUILT_IN_COMPONENTS } from './catalog.js';

const folder = join(packageRoot(), PRECOMPILED_VALIDATORS);
// Validators of schemas since changed are not kept (nor the single file of earlier builds).
rmSync(folder, { recursive: true, force: true });
rmSync(`${folder}.cjs`, { force: true });
mkdirSync(folder, { recursive: true });
for (const [key, source] of standaloneValidators(BUILT_IN_COMPONENTS)) writeFileSync(join(folder, precompiledValidatorFile(key)), source);
