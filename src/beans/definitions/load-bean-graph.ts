import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Diagnostic } from '../../util/diagnostic.js';
import type { SourceLocation } from '../../util/source-location.js';
import { AnonymousIds } from '../parse/anonymous-ids.js';
import type { Environment } from '../parse/placeholders.js';
import { readBeanFile, type ReadLimits } from '../parse/read-bean-file.js';
import { expandModel } from './expand-model.js';
import type { BeanDefinition } from './bean-definition.js';
import { BeanGraph } from './bean-graph.js';
import { liesWithin } from '../../util/confinement.js';

export interface LoadOptions extends ReadLimits {
  /** The folder that `classpath:` imports resolve against (the installed package). */
  readonly classpathRoot: string;
  /** Base folder for the names shown in locations (default: the working directory). */
  readonly displayBase?: string;
  /** Files read after the entry file, as if it imported them last. */
  readonly extraFiles?: readonly string[];
  /** Where `${NAME:default}` and `#{systemEnvironment['NAME']}` are looked up (default: process.env). */
  readonly env?: Environment;
  /** Texts read instead of the files on disk, by absolute path: an editor's unsaved files. */
  readonly unsaved?: ReadonlyMap<string, string>;
  /** Set when imports are confined: the folders an imported file must lie in (an import from elsewhere is a BC_CONFINED error, not read). */
  readonly importRoots?: readonly string[];
}

/**
 * Reads a bean file and, depth first, every file it imports (relative to the importing file, or
 * `classpath:` against the package), into one graph. Import cycles and duplicate ids are errors;
 * a file imported twice along different paths is read once.
 */
export async function loadBeanGraph(entry: string, options: LoadOptions): Promise<{ graph: BeanGraph; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const beans: BeanDefinition[] = [];
  const files: string[] = [];
  const done = new Set<string>();
  const ids = new AnonymousIds();
  const base = options.displayBase ?? process.cwd();
  const display = (abs: string) => {
    const rel = relative(base, abs);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
  };

  async function visit(abs: string, stack: string[], importedAt?: SourceLocation, written?: string): Promise<void> {
    if (stack.includes(abs)) {
      const chain = [...stack.slice(stack.indexOf(abs)), abs].map(display).join(' -> ');
      diagnostics.push({ code: 'BC_IMPORT_CYCLE', location: importedAt, message: `import cycle: ${chain}` });
      return;
    }
    if (done.has(abs)) return;
    done.add(abs);
    const { model: read, diagnostics: found } = await readBeanFile(abs, display(abs), options, ids, options.unsaved?.get(abs));
    let model = read;
    if (importedAt && found.length && found[0].code === 'BC_FILE_READ') {
      // An import whose resource held placeholders is named as written, the environment's values left out.
      diagnostics.push({ ...found[0], location: importedAt, message: `cannot import ${written ?? display(abs)}: ` +
        `${found[0].message.replace(/^cannot read the file: /, '').split(abs).join(written ?? abs)}` });
      return;
    }
    diagnostics.push(...found);
    if (!found.length && read) {
      // Placeholders are filled in per file, before its imports are followed (a resource may hold one).
      const expanded = expandModel(read, options.env ?? process.env);
      diagnostics.push(...expanded.diagnostics);
      model = expanded.model;
    }
    if (!model) return;
    files.push(model.file);
    for (const imp of model.imports) {
      const target = resolveImport(imp.resource, abs, options.classpathRoot);
      if (options.importRoots && !(await liesWithin(target, options.importRoots))) {
        // Named as written: what placeholders filled in (the environment) is not echoed.
        diagnostics.push({ code: 'BC_CONFINED', location: imp.loc, message: `imports "${imp.written ?? imp.resource}", outside the job folder and the ` +
          'profiles: the service reads a job\'s bean files from those only (lift this with --trust-bean-files)' });
        continue;
      }
      await visit(target, [...stack, abs], imp.loc, imp.written !== undefined && imp.written !== imp.resource ? `"${imp.written}"` : undefined);
    }
    beans.push(...model.beans);
  }

  await visit(resolve(entry), []);
  for (const extra of options.extraFiles ?? []) await visit(resolve(extra), []);
  diagnostics.push(...duplicateIds(beans));
  return { graph: new BeanGraph(files, beans), diagnostics };
}

/** The file an import names: `classpath:` against the package, else relative to the importing file. */
export function resolveImport(resource: string, from: string, classpathRoot: string): string {
  const cp = /^classpath\*?:\/?/.exec(resource);
  if (cp) return join(classpathRoot, resource.slice(cp[0].length));
  const file = resource.replace(/^file:(\/\/)?/, '');
  return isAbsolute(file) ? file : resolve(dirname(from), file);
}

function duplicateIds(beans: readonly BeanDefinition[]): Diagnostic[] {
  const first = new Map<string, BeanDefinition>();
  const out: Diagnostic[] = [];
  for (const b of beans) {
    const prior = first.get(b.id);
    if (!prior) first.set(b.id, b);
    else {
      out.push({
        code: 'BC_BEAN_DUPLICATE_ID', location: b.loc, bean: b.id,
        message: `a bean with this id is already defined at ${prior.loc.file}:${prior.loc.line}:${prior.loc.column}`,
      });
    }
  }
  return out;
}
