import { commandLineOverrides } from '../beans/definitions/override-entry.js';
import { loadEngineSettings } from '../beans/engine-settings.js';
import { verifyBeans, type VerifyResult } from '../beans/verify/verify-beans.js';
import { builtInRegistry } from '../catalog/catalog.js';
import { packageRoot } from '../util/package-root.js';
import { locateBeanFile, type JobTarget } from './locate-bean-file.js';

export interface VerifyJobOptions {
  /** `--set bean.path=value` arguments (already checked to contain `=`). */
  readonly sets?: readonly string[];
  readonly launchId?: string;
}

/** Verifies a job folder or bean file with the built-in components and the engine's limits. */
export async function verifyJob(target: string, options: VerifyJobOptions = {}): Promise<VerifyResult & JobTarget> {
  const job = await locateBeanFile(target);
  const root = packageRoot();
  const result = await verifyBeans(job.file, {
    registry: builtInRegistry(),
    settings: await loadEngineSettings(root),
    jobDir: job.jobDir,
    sets: commandLineOverrides(options.sets ?? []).entries,
    launchId: options.launchId,
    classpathRoot: root,
  });
  return { ...result, ...job };
}
