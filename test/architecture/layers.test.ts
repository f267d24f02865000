import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { REPO_ROOT } from '../support/run-cli.js';

/** The layers of CONTRIBUTING.md's "Layout", lowest first: a module may import only from its own layer or below. */
const LAYERS = ['util|wire', 'beans', 'sheets', 'model', 'components', 'engine', 'catalog', 'job', 'cli|server|lsp', 'index.ts', 'console'];
const SRC = join(REPO_ROOT, 'src');

function layerOf(file: string): number {
  const top = relative(SRC, file).split(sep)[0];
  const i = LAYERS.findIndex((l) => l.split('|').includes(top));
  if (i === -1) throw new Error(`src/${top} belongs to no layer; add it to LAYERS in this test and to CONTRIBUTING.md's Layout`);
  return i;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)].map((m) => m[1]);
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

/**
 * What a module loads when it is loaded: the static imports (and re-exports) tsc kept in its
 * compiled JavaScript, so `import type`, and imports of names used only as types, which tsc
 * drops, do not count. import() is left out: it loads later, after both modules are done.
 */
function runtimeImports(file: string): string[] {
  const compiled = join(REPO_ROOT, 'dist', relative(REPO_ROOT, file).replace(/\.ts$/, '.js'));
  const text = readFileSync(compiled, 'utf8');
  const specs = [...text.matchAll(/^\s*(?:(?:import|export)\s[^'";]*?\bfrom\s*|import\s*)'(\.[^']+)'/gm)].map((m) => m[1]);
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

/** The import cycles among files: each strongly connected group (Tarjan) of two or more, or a file importing itself. */
function importCycles(files: readonly string[], importsOf: (file: string) => string[]): string[][] {
  const edges = new Map(files.map((f) => [f, importsOf(f)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || edges.get(v)!.includes(v)) cycles.push(group.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles;
}

/** components/<area>: areas are siblings and talk only through the model. */
function componentArea(file: string): string | undefined {
  const parts = relative(SRC, file).split(sep);
  return parts[0] === 'components' ? parts[1] : undefined;
}

describe('architecture', () => {
  const files = sourceFiles(SRC);

  it('finds the source files', () => {
    expect(files.length).to.be.greaterThan(40);
  });

  it('has no import from a higher layer (CONTRIBUTING.md "Layout": none imports a layer above it)', () => {
    const upward: string[] = [];
    for (const file of files) {
      for (const target of relativeImports(file)) {
        if (layerOf(target) > layerOf(file)) upward.push(`${relative(REPO_ROOT, file)} -> ${relative(REPO_ROOT, target)}`);
      }
    }
    expect(upward).to.deep.equal([]);
  });

  it('keeps component areas apart: they share only the model and the layers below', () => {
    const across: string[] = [];
    for (const file of files) {
      const area = componentArea(file);
      for (const target of relativeImports(file)) {
        const other = componentArea(target);
        if (area && other && other !== area) across.push(`${relative(REPO_ROOT, file)} -> ${relative(REPO_ROOT, target)}`);
      }
    }
    expect(across).to.deep.equal([]);
  });

  it('keeps the console a client of the API: its browser modules import nothing of src but the console, and the API\'s shapes (src/wire) as types only', () => {
    const outside: string[] = [];
    for (const file of files.filter((f) => relative(SRC, f).startsWith(`console${sep}`))) {
      const typeOnly = new Set([...readFileSync(file, 'utf8').matchAll(/(?:import|export) type \{[^}]*\} from '(\.[^']+)'/g)].map((m) => resolve(dirname(file), m[1].replace(/\.js$/, '.ts'))));
      for (const target of relativeImports(file)) {
        const inside = relative(SRC, target).startsWith(`console${sep}`) || (relative(SRC, target).startsWith(`wire${sep}`) && typeOnly.has(target));
        if (!inside) outside.push(`${relative(REPO_ROOT, file)} -> ${relative(REPO_ROOT, target)}`);
      }
    }
    expect(outside).to.deep.equal([]);
  });

  it('keeps the API\'s shapes (src/wire) declarations only: types that import nothing but each other', () => {
    const wire = files.filter((f) => relative(SRC, f).startsWith(`wire${sep}`));
    expect(wire.length).to.be.greaterThan(0);
    const bad: string[] = [];
    for (const file of wire) {
      const text = readFileSync(file, 'utf8');
      if (/^\s*(?:export\s+)?(?:const|let|var|function|class|enum)\b/m.test(text)) bad.push(`${relative(REPO_ROOT, file)} declares a value`);
      for (const target of relativeImports(file)) if (!relative(SRC, target).startsWith(`wire${sep}`)) bad.push(`${relative(REPO_ROOT, file)} -> ` +
        `${relative(REPO_ROOT, target)}`);
    }
    expect(bad).to.deep.equal([]);
  });

  it('has no runtime import cycle (one module would run against the other\'s exports not yet set); import type does not count', () => {
    const modules = files.filter((f) => !f.endsWith('.d.ts'));
    const cycles = importCycles(modules, runtimeImports).map((group) => group.map((f) => relative(REPO_ROOT, f)).join(' <-> '));
    expect(cycles).to.deep.equal([]);
  });

  it('finds an import cycle when there is one (the check above can fail)', () => {
    const a = join(SRC, 'a.ts'), b = join(SRC, 'b.ts'), c = join(SRC, 'c.ts');
    const graph = new Map([[a, [b]], [b, [c]], [c, [a]]]);
    expect(importCycles([a, b, c], (f) => graph.get(f)!)).to.deep.equal([[a, b, c]]);
    expect(importCycles([a, b], (f) => (f === a ? [b] : []))).to.deep.equal([]);
  });

  it('keeps the model free of I/O', () => {
    const io = files.filter((f) => relative(SRC, f).startsWith(`model${sep}`) && /from 'node:(fs|net|http|https|child_process)/.test(readFileSync(f, 'utf8')));
    expect(io.map((f) => relative(REPO_ROOT, f))).to.deep.equal([]);
  });
});
