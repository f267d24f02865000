import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComponentDescriptor } from '../beans/registry/component-descriptor.js';
import type { PackageComponents } from '../beans/verify/package-components.js';

const loaded = new Map<string, Promise<PackageComponents>>();

/**
 * The components an installed npm package contributes (docs/guide/component-packages.md,
 * "Components from other packages"): its package.json says where they are, `"beancrawl": {"components": "./components.js"}`,
 * a module exporting `components`, an array of component descriptions (made with beancrawl's
 * `defineComponent`). The package is looked for as Node looks for one, in the `node_modules` of
 * each folder of `searchFrom` and of every folder above it (the job folder first, then where
 * beancrawl is installed). Each package is read once a process.
 */
export function loadComponentPackage(pkg: string, searchFrom: readonly string[]): Promise<PackageComponents> {
  const key = `${pkg}\n${searchFrom.join('\n')}`;
  let found = loaded.get(key);
  if (!found) {
    found = load(pkg, searchFrom);
    loaded.set(key, found);
  }
  return found;
}

async function load(pkg: string, searchFrom: readonly string[]): Promise<PackageComponents> {
  const dir = await findPackage(pkg, searchFrom);
  if (!dir) {
    return {
      code: 'BC_PACKAGE_NOT_FOUND', message: `package "${pkg}" is not installed where this job can find it`,
      hints: [`install it in the job folder (npm install ${pkg}) or beside beancrawl: it is looked for in node_modules folders from the job folder ` +
        `up, then from beancrawl's own folder up`],
    };
  }
  const invalid = (message: string): PackageComponents => ({ code: 'BC_PACKAGE_INVALID', message: `package "${pkg}": ${message}` });
  let manifest: { beancrawl?: { components?: unknown } };
  try {
    manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as typeof manifest;
  } catch (e) {
    return invalid(`its package.json cannot be read (${(e as Error).message})`);
  }
  const entry = manifest.beancrawl?.components;
  if (typeof entry !== 'string') return invalid('its package.json has no "beancrawl": {"components": "./file.js"}');
  const file = resolve(dir, entry);
  const inside = relative(dir, file);
  if (inside.startsWith('..') || isAbsolute(inside)) return invalid(`"beancrawl.components" (${entry}) points outside the package`);
  let mod: { components?: unknown; default?: unknown };
  try {
    mod = (await importModule(file)) as typeof mod;
  } catch (e) {
    return invalid(`${entry} cannot be loaded: ${(e as Error).message}`);
  }
  const list = mod.components ?? mod.default;
  if (!Array.isArray(list)) return invalid(`${entry} exports no "components" array`);
  const problems = list.map((d, i) => descriptorProblem(d, i)).filter((p): p is string => p !== undefined);
  if (problems.length) return invalid(problems.join('; '));
  return { descriptors: list as ComponentDescriptor[] };
}

/**
 * The module at `file`, by import(); where the CLI's code runs without a dynamic import callback
 * (its bundle compiled from a code cache), by require(), which loads ES modules too (Node 20.19+).
 */
async function importModule(file: string): Promise<unknown> {
  try {
    return await import(pathToFileURL(file).href);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING') throw e;
    return createRequire(import.meta.url)(file) as unknown;
  }
}

/** What keeps a value from being a component description, if anything. */
function descriptorProblem(d: unknown, i: number): string | undefined {
  const c = d as Partial<ComponentDescriptor> | null;
  if (typeof c !== 'object' || c === null) return `components[${i}] is not an object`;
  if (typeof c.name !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(c.name)) return `components[${i}] has no name that is an identifier`;
  if (typeof c.description !== 'string') return `${c.name} has no description`;
  if (!Array.isArray(c.kinds) || !c.kinds.every((k) => typeof k === 'string')) return `${c.name} has no kinds (a list of names)`;
  if (typeof c.props !== 'object' || c.props === null) return `${c.name} has no props`;
  if (c.load !== undefined && typeof c.load !== 'function') return `${c.name}'s load is not a function`;
  return undefined;
}

/** The folder of `pkg` in the first node_modules that has it, from each start folder upward. */
async function findPackage(pkg: string, searchFrom: readonly string[]): Promise<string | undefined> {
  for (const start of searchFrom) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', ...pkg.split('/'));
      if (await stat(join(candidate, 'package.json')).then((s) => s.isFile(), () => false)) return candidate;
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}
