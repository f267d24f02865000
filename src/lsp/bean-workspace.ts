import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import type { AuthoringContext, BeanFormat } from '../beans/authoring/authoring-context.js';
import type { BeanOutline } from '../beans/authoring/bean-outline.js';
import type { BeanDefinition } from '../beans/definitions/bean-definition.js';
import type { ResolvedGraph } from '../beans/resolve/resolved-bean.js';
import { builtInRegistry } from '../catalog/catalog.js';
import { JOB_BEAN_FILES } from '../job/locate-bean-file.js';
import { verifyJob } from '../job/verify-job.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import type { Diagnostic } from '../util/diagnostic.js';
import { classpathResources } from '../job/classpath-resources.js';
import { effectiveValue } from './effective-value.js';
import { LineOffsets } from './line-offsets.js';
import { toLspDiagnostic } from './to-lsp-diagnostic.js';

/** A file the editor has open: its unsaved text is what is checked and completed. */
interface OpenFile {
  readonly path: string;
  readonly uri: string;
  text: string;
  version: number;
}

/** What is verified as a whole: a job folder (its bean file, imports and sheets) or a bean file on its own. */
interface Target {
  readonly key: string;
  /** Every file its last verify read (absolute paths). */
  files: Set<string>;
  /** Its beans as last read, for completion in each of its files. */
  beans: readonly BeanDefinition[];
  resolved?: ResolvedGraph;
  /** Files given diagnostics by its last verify (to be cleared when they have none). */
  published: Set<string>;
  timer?: NodeJS.Timeout;
  running: boolean;
  again: boolean;
  /** Settles when no verify is running or scheduled. */
  idle: Promise<void>;
  settle?: () => void;
}

/** What the workspace reports to the connection. */
export interface WorkspaceEvents {
  publish(uri: string, diagnostics: LspDiagnostic[]): void;
  log(message: string): void;
}

/**
 * The bean files an editor has open and the verify targets they belong to: each change is
 * checked (debounced) by verify itself over the unsaved texts, at all three levels, and the
 * diagnostics of every file the target reads are published. Completion and hover get the beans
 * of the target's other files and the values the last verify resolved.
 */
export class BeanWorkspace {
  readonly #open = new Map<string, OpenFile>();
  readonly #targets = new Map<string, Target>();
  readonly #targetOf = new Map<string, Target>();
  readonly #finding = new Map<string, Promise<Target>>();
  readonly #disk = new Map<string, { mtimeMs: number; text: string }>();
  readonly #contexts = new Map<string, { beans: readonly BeanDefinition[]; resolved?: ResolvedGraph; classpath: readonly string[]; context: AuthoringContext }>();
  readonly #registry = builtInRegistry();
  #classpath: string[] = [];

  constructor(readonly events: WorkspaceEvents, readonly debounceMs: number) {
    void classpathResources().then((r) => (this.#classpath = r));
  }

  async open(path: string, uri: string, text: string, version: number): Promise<void> {
    this.#open.set(path, { path, uri, text, version });
    const finding = this.#findTarget(path);
    this.#finding.set(path, finding);
    try {
      const target = await finding;
      if (!this.#open.has(path)) return;
      this.#targetOf.set(path, target);
      this.#schedule(target, 0);
    } finally {
      if (this.#finding.get(path) === finding) this.#finding.delete(path);
    }
  }

  change(path: string, text: string, version: number): void {
    const file = this.#open.get(path);
    if (!file) return;
    [file.text, file.version] = [text, version];
    const target = this.#targetOf.get(path);
    if (target) this.#schedule(target, this.debounceMs);
  }

  /** A file changed on disk: the targets that read it are verified again (an open file's text is the editor's, not the disk's). */
  changedOnDisk(path: string): void {
    if (this.#open.has(path)) return;
    for (const t of this.#targets.values()) if (t.files.has(path) || t.published.has(path)) this.#schedule(t, this.debounceMs);
  }

  close(path: string): void {
    this.#open.delete(path);
    this.#contexts.delete(path);
    const target = this.#targetOf.get(path);
    this.#targetOf.delete(path);
    if (!target) return;
    if ([...this.#targetOf.values()].includes(target)) this.#schedule(target, 0);
    else {
      clearTimeout(target.timer);
      for (const p of target.published) this.events.publish(this.uriOf(p), []);
      target.published.clear();
      this.#targets.delete(target.key);
    }
  }

  /** Settles once the file's target has no verify running or waiting (for tests and benchmarks through `beancrawl/settled`). */
  async settled(path: string): Promise<void> {
    // Only the end of the finding is awaited: its failure is published as the file's diagnostics.
    await this.#finding.get(path)?.catch(() => undefined);
    for (let t = this.#targetOf.get(path); t && (t.running || t.timer); t = this.#targetOf.get(path)) await t.idle;
  }

  /** The format of a bean file by its name (JSON for `.json`, XML otherwise). */
  formatOf(path: string): BeanFormat {
    return path.toLowerCase().endsWith('.json') ? 'json' : 'xml';
  }

  uriOf(path: string): string {
    return this.#open.get(path)?.uri ?? pathToFileURL(path).href;
  }

  /** A file's text: the editor's for an open file, else the file on disk (undefined when it cannot be read). */
  async textOf(path: string): Promise<string | undefined> {
    const open = this.#open.get(path);
    if (open) return open.text;
    try {
      const info = await stat(path);
      const cached = this.#disk.get(path);
      if (cached && cached.mtimeMs === info.mtimeMs) return cached.text;
      if (!info.isFile() || info.size > 64 * 1024 * 1024) return undefined;
      const text = await readFile(path, 'utf8');
      this.#disk.set(path, { mtimeMs: info.mtimeMs, text });
      return text;
    } catch {
      return undefined;
    }
  }

  /** The files read with this one (its target's), itself first. */
  filesWith(path: string): string[] {
    const target = this.#targetOf.get(path);
    return [path, ...[...(target?.files ?? [])].filter((f) => f !== path)];
  }

  /** What completion, hover and navigation in `path` know: the registry, the package's imports, the beans of the files read with it, the resolved values. */
  contextFor(path: string): AuthoringContext {
    const target = this.#targetOf.get(path) ?? [...this.#targets.values()].find((t) => t.files.has(path));
    const [beans, resolved, classpath] = [target?.beans ?? [], target?.resolved, this.#classpath];
    const cached = this.#contexts.get(path);
    if (cached && cached.beans === beans && cached.resolved === resolved && cached.classpath === classpath) return cached.context;
    const otherBeans: BeanOutline[] = beans.filter((b) => resolve(b.loc.file) !== path);
    const context: AuthoringContext = {
      registry: this.#registry, classpathResources: classpath, otherBeans,
      ...(resolved ? { effectiveValue: (id: string, property: string) => effectiveValue(resolved, id, property) } : {}),
    };
    this.#contexts.set(path, { beans, resolved, classpath, context });
    return context;
  }

  /**
   * The target of an opened file: a target whose last verify read it; a job's bean file → its
   * folder; a sheet in JOB/sheets → the job; a file a job in its folder or the one above imports
   * → that job; else the file on its own.
   */
  async #findTarget(path: string): Promise<Target> {
    const known = [...this.#targets.values()].find((t) => t.files.has(path));
    if (known) return known;
    const dir = dirname(path);
    if ((JOB_BEAN_FILES as readonly string[]).includes(basename(path))) return this.#target(await onDisk(path) ? dir : path);
    if (basename(dir) === 'sheets' && (await jobBeanFile(dirname(dir)))) return this.#target(dirname(dir));
    for (const folder of [dir, dirname(dir)]) {
      if (!(await jobBeanFile(folder))) continue;
      const job = this.#target(folder);
      if (!job.files.size) await this.#verify(job);
      if (job.files.has(path)) return job;
    }
    return this.#target(path);
  }

  #target(key: string): Target {
    let t = this.#targets.get(key);
    if (!t) {
      t = { key, files: new Set(), beans: [], published: new Set(), running: false, again: false, idle: Promise.resolve() };
      this.#targets.set(key, t);
    }
    return t;
  }

  #schedule(t: Target, delay: number): void {
    clearTimeout(t.timer);
    if (!t.settle) t.idle = new Promise((r) => (t.settle = r));
    t.timer = setTimeout(() => {
      t.timer = undefined;
      void this.#run(t);
    }, delay);
  }

  async #run(t: Target): Promise<void> {
    if (t.running) {
      t.again = true;
      return;
    }
    t.running = true;
    try {
      do {
        t.again = false;
        await this.#verify(t);
      } while (t.again);
    } catch (e) {
      this.events.log(`beancrawl lsp: verify of ${t.key} failed: ${(e as Error).stack ?? String(e)}`);
    } finally {
      t.running = false;
      if (!t.timer && t.settle) {
        t.settle();
        t.settle = undefined;
      }
    }
  }

  /** Verifies a target over the unsaved texts and publishes the diagnostics of each file it reads. */
  async #verify(t: Target): Promise<void> {
    const unsaved = new Map([...this.#open.values()].map((f) => [f.path, f.text]));
    let diagnostics: readonly Diagnostic[];
    const open = [...this.#targetOf].filter(([, target]) => target === t).map(([path]) => path);
    let entry = open[0] ?? t.key;
    try {
      const result = await verifyJob(t.key, { unsaved });
      entry = result.file;
      diagnostics = result.diagnostics;
      const files = new Set(result.graph.files.map((f) => resolve(f)));
      // A file that no longer parses hides its imports: keep what the last full read knew for completion.
      if (result.level > 1 || files.size >= t.files.size) [t.files, t.beans] = [files, result.graph.beans];
      else for (const f of files) t.files.add(f);
      if (result.resolved) t.resolved = result.resolved;
    } catch (e) {
      if (!(e instanceof BeancrawlError)) throw e;
      diagnostics = e.diagnostics;
    }
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of diagnostics) {
      // A problem of the job folder itself (or of none) is shown in the bean file.
      const at = d.location ? resolve(d.location.file) : entry;
      const file = at === t.key && at !== entry ? entry : at;
      byFile.set(file, [...(byFile.get(file) ?? []), d]);
    }
    const now = new Set(byFile.keys());
    for (const file of new Set([...t.published, ...now, ...open])) {
      const list = byFile.get(file) ?? [];
      const text = list.length ? ((await this.textOf(file)) ?? '') : '';
      const lines = new LineOffsets(text);
      this.events.publish(this.uriOf(file), list.map((d) => toLspDiagnostic(d, lines, this.formatOf(file))));
    }
    t.published = now;
  }
}

/** Whether a file is on disk (an editor may hold one not saved yet). */
async function onDisk(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isFile(), () => false);
}

/** Whether a folder holds a job's bean file. */
async function jobBeanFile(folder: string): Promise<boolean> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.some((n) => (JOB_BEAN_FILES as readonly string[]).includes(n));
}
