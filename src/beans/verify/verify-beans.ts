import { dirname } from 'node:path';
import type { Diagnostic } from '../../util/diagnostic.js';
import { isError, sortDiagnostics } from '../../util/diagnostic.js';
import { applyConstructorArgs } from '../definitions/apply-constructor-args.js';
import { applyOverrides } from '../definitions/apply-overrides.js';
import type { BeanDefinition } from '../definitions/bean-definition.js';
import type { BeanGraph } from '../definitions/bean-graph.js';
import { collectOverrides } from '../definitions/collect-overrides.js';
import { loadBeanGraph } from '../definitions/load-bean-graph.js';
import { mergeParents } from '../definitions/merge-parents.js';
import type { OverrideEntry } from '../definitions/override-entry.js';
import type { EngineSettings } from '../engine-settings.js';
import type { Environment } from '../parse/placeholders.js';
import type { Registry } from '../registry/registry.js';
import type { ValidateContext } from '../registry/component-descriptor.js';
import { resolveGraph } from '../resolve/resolve-graph.js';
import type { ResolvedGraph } from '../resolve/resolved-bean.js';
import { confinedEnvironment, type Confinement } from '../../util/confinement.js';
import { beanView } from './bean-view.js';
import { confinedPaths } from './confined-paths.js';
import { withPackageComponents, type PackageLoader } from './package-components.js';

export interface VerifyOptions {
  readonly registry: Registry;
  /** Loads the components of another npm package that a bean names (`package:Name`); without it, such a name is an error. */
  readonly loadPackage?: PackageLoader;
  readonly settings: EngineSettings;
  /** The folder relative paths resolve against (default: the bean file's folder). */
  readonly jobDir?: string;
  /** `--set` overrides, applied after the file's own. */
  readonly sets?: readonly OverrideEntry[];
  /** The run folder, at launch; verify leaves `${launchId}` in paths. */
  readonly launchId?: string;
  readonly classpathRoot: string;
  /** Files read after the bean file, as if it imported them last (a job's sheets/ folder). */
  readonly extraFiles?: readonly string[];
  /** Where environment placeholders are looked up (default: process.env). */
  readonly env?: Environment;
  /** Checks of higher layers (sheets), run with level 2 once the graph is resolved: they may add beans first. */
  readonly extensions?: readonly VerifyExtension[];
  /** Texts read instead of the files on disk, by absolute path: an editor's unsaved files. */
  readonly unsaved?: ReadonlyMap<string, string>;
  /**
   * What the bean files may reach (a job the service runs): paths the beans name, imports, `file:`
   * seeds, and the environment (the variables it names are all placeholders see). None: anything.
   */
  readonly confinement?: Confinement;
}

/** A check that a higher layer adds to verify without the bean layer knowing it. */
export interface VerifyExtension {
  /** Before resolution: may add beans the file need not declare. */
  prepare?(graph: BeanGraph, registry: Registry): void;
  /** After resolution: more level-2 errors (and may complete resolved configs). */
  check(graph: BeanGraph, resolved: ResolvedGraph, registry: Registry): Diagnostic[];
  /** Level 3: more of the beans' own rules (a component's `validate` run on the values a sheet gives it). */
  validate?(resolved: ResolvedGraph, ctx: ValidateContext): Promise<Diagnostic[]>;
}

export interface VerifyResult {
  /** The last level that ran: 1 well-formed, 2 built, 3 validated. */
  readonly level: 1 | 2 | 3;
  readonly graph: BeanGraph;
  readonly resolved?: ResolvedGraph;
  /** Every error found, sorted by location. */
  readonly diagnostics: Diagnostic[];
}

/**
 * The three levels of checking: (1) every file well formed, (2) the graph can be built, (3)
 * every bean's own validation. A level runs only when the one before it found nothing, since
 * its errors would otherwise be echoes of the earlier ones.
 */
export async function verifyBeans(file: string, options: VerifyOptions): Promise<VerifyResult> {
  const jobDir = options.jobDir ?? dirname(file);
  const confinement = options.confinement;
  const { graph, diagnostics: level1 } = await loadBeanGraph(file, {
    ...options.settings, classpathRoot: options.classpathRoot, extraFiles: options.extraFiles, unsaved: options.unsaved,
    env: options.env ?? (confinement ? confinedEnvironment(confinement) : undefined),
    importRoots: confinement ? [jobDir, ...confinement.importRoots] : undefined,
  });
  if (level1.length) return { level: 1, graph, diagnostics: sortDiagnostics(level1) };

  // Components of other packages, loaded when a bean names one (`package:Name`).
  const packages = await withPackageComponents(graph, options.registry, options.loadPackage);
  if (packages.diagnostics.some(isError)) return { level: 2, graph, diagnostics: sortDiagnostics(packages.diagnostics) };
  const registry = packages.registry;
  const level2: Diagnostic[] = [...applyConstructorArgs(graph, registry), ...mergeParents(graph)];
  const overrides = collectOverrides(graph);
  const defaultOf = (def: BeanDefinition, property: string) => (def.className === undefined ? undefined : registry.lookup(def.className)?.props[property]?.default);
  level2.push(...overrides.diagnostics, ...applyOverrides(graph, [...overrides.entries, ...(options.sets ?? [])], defaultOf));
  for (const ext of options.extensions ?? []) ext.prepare?.(graph, registry);
  const { resolved, diagnostics } = resolveGraph(graph, registry, { jobDir, launchId: options.launchId });
  level2.push(...diagnostics);
  if (!diagnostics.some(isError)) for (const ext of options.extensions ?? []) level2.push(...ext.check(graph, resolved, registry));
  if (confinement && !level2.some(isError)) level2.push(...(await confinedPaths(resolved, jobDir, confinement)));
  if (level2.some(isError)) return { level: 2, graph, resolved, diagnostics: sortDiagnostics(level2) };
  const warnings = level2;

  const level3: Diagnostic[] = [];
  const ctx = { jobDir, components: new Set(resolved.beans.map((b) => b.descriptor.name)), ...(confinement ? { fileRoots: confinement.fileRoots } : {}) };
  for (const bean of resolved.beans) {
    if (!bean.descriptor.validate) continue;
    const view = beanView(bean, resolved);
    for (const issue of await bean.descriptor.validate(view, ctx)) {
      level3.push({
        code: issue.code ?? 'BC_BEAN_INVALID', bean: bean.id, property: issue.property, message: issue.message, hints: issue.hints,
        location: issue.at ?? (issue.property ? view.locationOf(issue.property) : bean.def.loc),
        ...(issue.severity ? { severity: issue.severity } : {}), ...(issue.blocksLaunch ? { blocksLaunch: true } : {}),
      });
    }
  }
  for (const ext of options.extensions ?? []) if (ext.validate) level3.push(...(await ext.validate(resolved, ctx)));
  return { level: 3, graph, resolved, diagnostics: sortDiagnostics([...warnings, ...level3]) };
}
