import type { Diagnostic } from '../../util/diagnostic.js';
import type { SourceLocation } from '../../util/source-location.js';
import type { BeanGraph } from '../definitions/bean-graph.js';
import type { BeanDefinition } from '../definitions/bean-definition.js';
import type { ComponentDescriptor } from '../registry/component-descriptor.js';
import type { Registry } from '../registry/registry.js';

/** `package:Name`: a component another npm package contributes (`@scope/package:Name` too). */
const QUALIFIED = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*):([A-Za-z_$][\w$]*)$/;

/** What a package loader answers: the package's components, or why it has none to give. */
export type PackageComponents =
  | { readonly descriptors: readonly ComponentDescriptor[] }
  | { readonly code: 'BC_PACKAGE_NOT_FOUND' | 'BC_PACKAGE_INVALID'; readonly message: string; readonly hints?: readonly string[] };

/** Finds an installed package by name and loads the components it declares (job/load-component-package.ts). */
export type PackageLoader = (pkg: string) => Promise<PackageComponents>;

/** The package and component a class name names, when it is `package:Name`. */
export function packageOf(className: string): { readonly pkg: string; readonly name: string } | undefined {
  const m = QUALIFIED.exec(className);
  return m ? { pkg: m[1], name: m[2] } : undefined;
}

/**
 * The registry with the components of every package the graph's class names name (`package:Name`,
 * each package loaded once, only when a bean names it), registered as `package:Name` and
 * `package:alias`. A package that cannot be found or read, or that has no such component, is an
 * error at each bean that names it.
 */
export async function withPackageComponents(graph: BeanGraph, registry: Registry, load: PackageLoader | undefined): Promise<{ registry: Registry; diagnostics: Diagnostic[] }> {
  const wanted = new Map<string, Array<{ def: BeanDefinition; name: string }>>();
  const visit = (def: BeanDefinition) => {
    const q = def.className === undefined || registry.lookup(def.className) ? undefined : packageOf(def.className);
    if (q) wanted.set(q.pkg, [...(wanted.get(q.pkg) ?? []), { def, name: q.name }]);
  };
  for (const def of graph.beans) walk(def, visit);
  if (wanted.size === 0) return { registry, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const contributed: Array<{ names: string[]; descriptor: ComponentDescriptor }> = [];
  for (const [pkg, uses] of wanted) {
    const at = (def: BeanDefinition): SourceLocation => def.classLoc ?? def.loc;
    const loaded: PackageComponents = load
      ? await load(pkg)
      : { code: 'BC_PACKAGE_NOT_FOUND', message: `components from other packages are not available here (package "${pkg}")` };
    if ('code' in loaded) {
      for (const { def } of uses) diagnostics.push({ code: loaded.code, bean: def.path, location: at(def), message: loaded.message, hints: loaded.hints });
      continue;
    }
    for (const d of loaded.descriptors) contributed.push({ names: [d.name, ...(d.aliases ?? [])].map((n) => `${pkg}:${n}`), descriptor: d });
    const names = loaded.descriptors.map((d) => d.name);
    for (const { def, name } of uses) {
      if (loaded.descriptors.some((d) => d.name === name || d.aliases?.includes(name))) continue;
      diagnostics.push({
        code: 'BC_CLASS_UNKNOWN', bean: def.path, location: at(def), message: `package "${pkg}" has no component "${name}"`,
        hints: names.length ? [`its components: ${names.map((n) => `${pkg}:${n}`).join(', ')}`] : [],
      });
    }
  }
  try {
    return { registry: registry.extended(contributed), diagnostics };
  } catch (e) {
    const first = [...wanted.values()][0][0].def;
    return { registry, diagnostics: [...diagnostics, { code: 'BC_PACKAGE_INVALID', bean: first.path, location: first.classLoc ?? first.loc, message: (e as Error).message }] };
  }
}

/** Every bean definition, inner beans included. */
function walk(def: BeanDefinition, visit: (def: BeanDefinition) => void): void {
  visit(def);
  for (const p of def.properties) walkValue(p.value, visit);
}

function walkValue(v: BeanDefinition['properties'][number]['value'], visit: (def: BeanDefinition) => void): void {
  if (v.kind === 'bean') walk(v.bean, visit);
  else if (v.kind === 'list') for (const item of v.items) walkValue(item, visit);
  else if (v.kind === 'map') for (const e of v.entries) walkValue(e.value, visit);
}
