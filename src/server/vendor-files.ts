import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, sep } from 'node:path';
import { HttpProblem } from './http-problem.js';
import { ignoreMissing } from '../util/ignore-missing.js';

/** A package the console loads in the browser: the modules of it the import map names, and its style sheets. */
export interface VendorPackage {
  readonly name: string;
  /** Bare specifier → the file in the package that answers it. */
  readonly imports: Readonly<Record<string, string>>;
  readonly styles?: readonly string[];
}

/**
 * The editor's packages: CodeMirror 6's scoped packages (not the package named `codemirror`,
 * whose newest version is CodeMirror 5) and every ES module they import, each by its `exports`
 * `import` entry. A package added here must bring the packages its modules import.
 */
export const CODEMIRROR_PACKAGES: readonly VendorPackage[] = [
  ...['state', 'view', 'commands', 'language', 'streamparser', 'lint', 'autocomplete', 'lang-xml', 'lang-json']
    .map((name) => ({ name: `@codemirror/${name}`, imports: { [`@codemirror/${name}`]: 'dist/index.js' } })),
  ...['common', 'lr', 'highlight', 'xml', 'json'].map((name) => ({ name: `@lezer/${name}`, imports: { [`@lezer/${name}`]: 'dist/index.js' } })),
  { name: 'style-mod', imports: { 'style-mod': 'src/style-mod.js' } },
  { name: 'crelt', imports: { crelt: 'index.js' } },
  { name: 'w3c-keyname', imports: { 'w3c-keyname': 'index.js' } },
  { name: '@marijn/find-cluster-break', imports: { '@marijn/find-cluster-break': 'src/index.js' } },
];

/**
 * The packages the console may load, and nothing else of node_modules: Preact (not htm's
 * `preact/standalone`, which embeds an older Preact), htm, uPlot, and the editor's CodeMirror.
 */
export const VENDOR_PACKAGES: readonly VendorPackage[] = [
  { name: 'preact', imports: { preact: 'dist/preact.mjs', 'preact/hooks': 'hooks/dist/hooks.mjs' } },
  { name: 'htm', imports: { htm: 'dist/htm.mjs' } },
  { name: 'uplot', imports: { uplot: 'dist/uPlot.esm.js' }, styles: ['dist/uPlot.min.css'] },
  ...CODEMIRROR_PACKAGES,
];

/** The types of the files served, by extension; a file of any other kind is not served. */
export const STATIC_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** A file found to serve: where it is, its type, and a tag that changes with it. */
export interface StaticFile {
  readonly path: string;
  readonly type: string;
  readonly size: number;
  readonly etag: string;
}

interface Resolved {
  readonly dir: string;
  readonly version: string;
}

/**
 * The vendor packages' files under `/vendor/NAME@VERSION/PATH`: each package's folder found as
 * Node finds it (from this module's place), its installed version in every URL (so that a URL
 * names one file forever, and may be cached as such), and a request answered only for a package
 * of the list, at its installed version, for a file of a served type inside its folder (no `..`,
 * no link pointing out).
 */
export class VendorFiles {
  readonly #packages = new Map<string, VendorPackage>();
  readonly #resolved = new Map<string, Resolved>();

  constructor(readonly packages: readonly VendorPackage[] = VENDOR_PACKAGES, readonly from: string = import.meta.url) {
    for (const p of packages) this.#packages.set(p.name, p);
  }

  /** The import map of the console's bare specifiers. */
  importMap(): { imports: Record<string, string> } {
    const imports: Record<string, string> = {};
    for (const p of this.packages) for (const [specifier, file] of Object.entries(p.imports)) imports[specifier] = this.url(p.name, file);
    return { imports };
  }

  /** The style sheets of the packages, as URLs. */
  styles(): string[] {
    return this.packages.flatMap((p) => (p.styles ?? []).map((file) => this.url(p.name, file)));
  }

  /** `/vendor/NAME@VERSION/FILE` */
  url(name: string, file: string): string {
    return `/vendor/${name}@${this.#resolve(name).version}/${file}`;
  }

  /** The file a `/vendor/` path names (what follows `/vendor/`), or undefined when it names none that may be served. */
  async file(rest: string): Promise<StaticFile | undefined> {
    const m = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)@([\w.+-]+)\/(.+)$/i.exec(rest);
    if (!m || !this.#packages.has(m[1])) return undefined;
    const { dir, version } = this.#resolve(m[1]);
    if (m[2] !== version) return undefined;
    return fileInside(dir, m[3]);
  }

  #resolve(name: string): Resolved {
    let resolved = this.#resolved.get(name);
    if (resolved) return resolved;
    const require = createRequire(this.from);
    const found = (require.resolve.paths(name) ?? []).map((base) => join(base, name)).find((dir) => existsSync(join(dir, 'package.json')));
    if (!found) throw new HttpProblem(500, 'Internal Server Error', `the console needs the package "${name}", which is not installed (npm install ` +
      `in the beancrawl folder)`);
    const dir = realpathSync(found);
    const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
    this.#resolved.set(name, (resolved = { dir, version }));
    return resolved;
  }
}

/**
 * The file at `relative` (a URL path, `/`-separated, already decoded) inside `dir`, when it is a
 * plain file of a served type whose real path is inside `dir`: no empty, `.` or `..` segment, no
 * backslash or NUL, no link leading out.
 */
export async function fileInside(dir: string, relative: string): Promise<StaticFile | undefined> {
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /[\\\0]/.test(s))) return undefined;
  const type = STATIC_TYPES[extname(relative).toLowerCase()];
  if (!type) return undefined;
  let path: string;
  try {
    path = realpathSync(join(dir, ...segments));
    if (!path.startsWith(realpathSync(dir) + sep)) return undefined;
  } catch {
    return undefined;
  }
  const info = await stat(path).catch(ignoreMissing);
  if (!info?.isFile()) return undefined;
  return { path, type, size: info.size, etag: `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"` };
}
