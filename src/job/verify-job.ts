import { commandLineOverrides } from '../beans/definitions/override-entry.js';
import { loadEngineSettings } from '../beans/engine-settings.js';
import { verifyBeans, type VerifyResult } from '../beans/verify/verify-beans.js';
import type { Registry } from '../beans/registry/registry.js';
import { builtInRegistry } from '../catalog/catalog.js';
import { sortDiagnostics, type Diagnostic } from '../util/diagnostic.js';
import { packageRoot } from '../util/package-root.js';
import { confinedEnvironment, inheritedConfinement, type Confinement } from '../util/confinement.js';
import { sheetsExtension } from '../sheets/prime-sheets.js';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { loadComponentPackage } from './load-component-package.js';
import { locateBeanFile, type JobTarget } from './locate-bean-file.js';

export interface VerifyJobOptions {
  /** `--set bean.path=value` arguments (already checked to contain `=`). */
  readonly sets?: readonly string[];
  readonly launchId?: string;
  /** The components known (the built-in catalog when not given; tests add their own). */
  readonly registry?: Registry;
  /** Texts read instead of the files on disk, by absolute path: an editor's unsaved files (a sheet not yet saved included). */
  readonly unsaved?: ReadonlyMap<string, string>;
  /**
   * What the job's bean files may reach (a job the service runs: see Confinement). Unless given,
   * the one this process was launched under (a crawl the service started), else none.
   */
  readonly confinement?: Confinement;
}

/** Verifies a job folder or bean file with the built-in components and the engine's limits. */
export async function verifyJob(target: string, options: VerifyJobOptions = {}): Promise<VerifyResult & JobTarget> {
  // A bean file an editor holds but has not saved yet is verified from its text.
  const unsavedFile = options.unsaved?.has(resolve(target)) ? resolve(target) : undefined;
  const job = unsavedFile ? await locateUnsaved(unsavedFile) : await locateBeanFile(target);
  const root = packageRoot();
  const confinement = options.confinement ?? inheritedConfinement();
  const result = await verifyBeans(job.file, {
    extensions: [sheetsExtension],
    extraFiles: job.isFolder ? await jobSheetFiles(job.jobDir, options.unsaved) : [],
    registry: options.registry ?? builtInRegistry(),
    settings: await loadEngineSettings(root),
    jobDir: job.jobDir,
    sets: commandLineOverrides(options.sets ?? []).entries,
    launchId: options.launchId,
    classpathRoot: root,
    unsaved: options.unsaved,
    confinement,
    loadPackage: (pkg) => loadComponentPackage(pkg, [job.jobDir, root]),
  });
  const incomplete = job.isFolder && result.level === 3 ? crawlReadiness(result, job.file) : [];
  const schedules = result.level === 3 ? oneSchedule(result) : [];
  const diagnostics = sortDiagnostics([...result.diagnostics, ...incomplete, ...schedules]);
  return { ...result, ...job, diagnostics: confinement ? diagnostics.map((d) => unechoed(d, confinement)) : diagnostics };
}

/**
 * A problem as a confined job's author may read it: no value of the environment (an allowed
 * variable's value, wherever a message would repeat it, reads as its placeholder), and an unset
 * variable said to be one the service does not let bean files read.
 */
function unechoed(d: Diagnostic, confinement: Confinement): Diagnostic {
  const env = confinedEnvironment(confinement);
  const hide = (text: string) => {
    let out = text;
    for (const [name, value] of Object.entries(env)) if (value.length >= 4) out = out.split(value).join(`\${${name}}`);
    return out;
  };
  const unset = d.code === 'BC_PLACEHOLDER' && /^environment variable (\S+) is not set/.exec(d.message);
  const message = hide(d.message) + (unset && !confinement.env.includes(unset[1]) ? ` (this service lets bean files read only the variables ` +
    `named with --allow-env: ${confinement.env.join(', ') || 'none'})` : '');
  return { ...d, message, ...(d.hints ? { hints: d.hints.map(hide) } : {}) };
}

/** A file known by its unsaved text: itself when it is not on disk yet, else as on disk. */
async function locateUnsaved(file: string): Promise<JobTarget> {
  return locateBeanFile(file).catch(() => ({ file, jobDir: dirname(file), isFolder: false }));
}

/** `JOB/sheets/*.xml|json`: a job's own sheets (those on disk, and unsaved ones), read as if the bean file imported them. */
async function jobSheetFiles(jobDir: string, unsaved?: ReadonlyMap<string, string>): Promise<string[]> {
  const folder = join(jobDir, 'sheets');
  const files = new Set(await readdir(folder).catch(() => [] as string[]));
  for (const path of unsaved?.keys() ?? []) if (dirname(path) === folder) files.add(basename(path));
  return [...files].filter((f) => /\.(xml|json)$/.test(f)).sort().map((f) => join(folder, f));
}

/** A job folder is there to be launched: it needs exactly one CrawlController. */
function crawlReadiness(result: VerifyResult, file: string): Diagnostic[] {
  const controllers = result.resolved!.beans.filter((b) => b.descriptor.kinds.includes('CrawlController'));
  if (controllers.length === 1) return [];
  const location = controllers[1]?.def.loc ?? { file: result.graph.files[0] ?? file };
  const message = controllers.length
    ? `has ${controllers.length} CrawlController beans (${controllers.map((c) => `"${c.id}"`).join(', ')}); a job runs exactly one`
    : 'has no CrawlController bean, so it cannot be launched; start from a profile (beancrawl create JOB --profile default)';
  return [{ code: 'BC_JOB_INCOMPLETE', location, message }];
}

/** A job is launched on one schedule (a CrawlSchedule bean) or none; each one past the first is an error. */
function oneSchedule(result: VerifyResult): Diagnostic[] {
  const schedules = result.resolved!.beans.filter((b) => b.descriptor.kinds.includes('CrawlSchedule'));
  return schedules.slice(1).map((b) => ({
    code: 'BC_SCHEDULE_INVALID' as const, bean: b.id, location: b.def.classLoc ?? b.def.loc,
    message: `is a second schedule (after "${schedules[0].id}"); a job has at most one: write the times in one cron expression, or keep one bean`,
  }));
}
