import { join } from 'node:path';
import { commandLineOverrides } from '../../src/beans/definitions/override-entry.js';
import { DEFAULT_ENGINE_SETTINGS } from '../../src/beans/engine-settings.js';
import { verifyBeans, type VerifyResult } from '../../src/beans/verify/verify-beans.js';
import type { Registry } from '../../src/beans/registry/registry.js';
import type { Environment } from '../../src/beans/parse/placeholders.js';
import { formatDiagnostic } from '../../src/util/diagnostic.js';
import { REPO_ROOT } from './run-cli.js';
import { tempDir } from './temp-dir.js';
import { testRegistry } from './test-components.js';

/** Writes bean files to a temporary folder and verifies the first one (in process, with test components). */
export async function verifyText(files: Record<string, string>, options: { sets?: string[]; registry?: Registry; env?: Environment } = {}): Promise<VerifyResult & { errors: string[]; dir: string }> {
  const job = await tempDir(files);
  try {
    const result = await verifyBeans(join(job.dir, Object.keys(files)[0]), {
      registry: options.registry ?? testRegistry(),
      settings: DEFAULT_ENGINE_SETTINGS,
      sets: commandLineOverrides(options.sets ?? []).entries,
      classpathRoot: REPO_ROOT,
      env: options.env,
    });
    const errors = result.diagnostics.map((d) => formatDiagnostic(d).replaceAll(job.dir + '/', ''));
    return { ...result, errors, dir: job.dir };
  } finally {
    await job.cleanup();
  }
}
