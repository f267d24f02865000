import { relative, resolve, sep } from 'node:path';
import type { Location, Range as LspRange, TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { beanFileMap, mentionAt, type BeanFileMap, type BeanMention } from '../beans/authoring/bean-file-map.js';
import { pathSegments } from '../beans/authoring/bean-index.js';
import type { BeanOutline } from '../beans/authoring/bean-outline.js';
import type { BeanDefinition } from '../beans/definitions/bean-definition.js';
import { resolveImport } from '../beans/definitions/load-bean-graph.js';
import { packageRoot } from '../util/package-root.js';
import type { BeanWorkspace } from './bean-workspace.js';
import { LineOffsets } from './line-offsets.js';

/** A bean file read for navigation: its text, line offsets and map. */
interface MappedFile {
  readonly path: string;
  readonly text: string;
  readonly lines: LineOffsets;
  readonly map: BeanFileMap;
}

/** What may be written as a bean id where it is renamed: no quotes, markup, dots or brackets (override keys split on them), no spaces. */
const GOOD_ID = /^[^\s"'<>&.[\]=:,;]+$/;

/**
 * Go to definition, find references and rename over the files read with a bean file (its
 * imports, the files importing it, a job's sheets): bean ids in declarations, references,
 * `parent` attributes and override and sheet keys; an override key's later segments lead to the
 * property they set; an import to the imported file.
 */
export class BeanNavigation {
  readonly #cache = new Map<string, { text: string; otherBeans: unknown; file: MappedFile }>();

  constructor(readonly workspace: BeanWorkspace) {}

  async definition(path: string, offset: number): Promise<Location[]> {
    const here = await this.#mapped(path);
    if (!here) return [];
    const imported = here.map.imports.find((i) => i.from <= offset && offset <= i.to);
    if (imported) {
      const file = resolveImport(imported.name, path, packageRoot());
      return [{ uri: this.workspace.uriOf(file), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }];
    }
    const m = mentionAt(here.map, offset);
    if (!m) return [];
    if (m.key && offset > m.to) return this.#propertyOfKey(here, m, offset);
    return (await this.#mentionsOf(path, m.id)).filter((x) => x.mention.kind === 'declaration').map((x) => x.location);
  }

  async references(path: string, offset: number, includeDeclaration: boolean): Promise<Location[]> {
    const here = await this.#mapped(path);
    const m = here && mentionAt(here.map, offset);
    if (!m || (m.key && offset > m.to)) return [];
    return (await this.#mentionsOf(path, m.id)).filter((x) => includeDeclaration || x.mention.kind !== 'declaration').map((x) => x.location);
  }

  /** The id under the cursor that a rename would change, or undefined. */
  async prepareRename(path: string, offset: number): Promise<{ range: LspRange; placeholder: string } | undefined> {
    const here = await this.#mapped(path);
    const m = here && mentionAt(here.map, offset);
    if (!here || !m || offset > m.to) return undefined;
    return { range: rangeOf(here.lines, m.from, m.to), placeholder: m.id };
  }

  /** Every place that names the bean under the cursor, renamed (declaration, references, parents, override and sheet keys). */
  async rename(path: string, offset: number, newName: string): Promise<WorkspaceEdit | { error: string }> {
    if (!GOOD_ID.test(newName)) return { error: `"${newName}" cannot be a bean id here: no spaces, quotes, markup, dots, brackets or separators` };
    const here = await this.#mapped(path);
    const m = here && mentionAt(here.map, offset);
    if (!m || offset > m.to) return { error: 'no bean id under the cursor' };
    const all = await this.#mentionsOf(path, m.id);
    if (!all.some((x) => x.mention.kind === 'declaration')) return { error: `no bean "${m.id}" is declared in the files read with this one` };
    const clash = await this.#mentionsOf(path, newName);
    if (clash.some((x) => x.mention.kind === 'declaration')) return { error: `a bean "${newName}" exists already` };
    const inPackage = (file: string) => file.startsWith(`${packageRoot()}${sep}`);
    const packaged = all.find((x) => inPackage(x.file));
    if (packaged && !inPackage(path)) return { error: `"${m.id}" is written in ${relative(packageRoot(), packaged.file)}, a file of the beancrawl ` +
      `package (a classpath: import), which a rename does not change: copy the bean into the job instead` };
    const changes: Record<string, TextEdit[]> = {};
    for (const { location, json } of all) (changes[location.uri] ??= []).push({ range: location.range, newText: json ? JSON.stringify(newName).slice(1, -1) : newName });
    return { changes };
  }

  /** Each mention of `id` in the files read with `path`, as a location. */
  async #mentionsOf(path: string, id: string): Promise<Array<{ mention: BeanMention; location: Location; json: boolean; file: string }>> {
    const out: Array<{ mention: BeanMention; location: Location; json: boolean; file: string }> = [];
    for (const file of this.workspace.filesWith(path)) {
      const f = await this.#mapped(file);
      if (!f) continue;
      for (const mention of f.map.mentions) {
        if (mention.id !== id) continue;
        out.push({ mention, file, location: { uri: this.workspace.uriOf(file), range: rangeOf(f.lines, mention.from, mention.to) }, json: this.workspace.formatOf(file) === 'json' });
      }
    }
    return out;
  }

  /** The property an override or sheet key sets, from the segment under the cursor: where the bean writes it, else the bean. */
  async #propertyOfKey(here: MappedFile, m: BeanMention, offset: number): Promise<Location[]> {
    const key = m.key!;
    const end = key.text.indexOf('.', offset - key.from);
    const path = key.text.slice(0, end < 0 ? key.text.length : end);
    const segments = pathSegments(path);
    const bean = here.map.index.walk(segments, key.sheet);
    if (!bean) return [];
    const d = here.map.index.descriptorOf(bean);
    const name = segments[segments.length - 1].name;
    const own = d ? (here.map.index.propertyOf(d, name)?.name ?? name) : name;
    const names = new Set([name, own]);
    for (let b: BeanOutline | undefined = bean, hops = 0; b && hops < 16; b = b.parent === undefined ? undefined : here.map.index.get(b.parent), hops++) {
      const found = await this.#writtenIn(here.path, b, names);
      if (found) return [found];
    }
    for (const file of this.workspace.filesWith(here.path)) {
      const f = await this.#mapped(file);
      const range = f?.map.beanRanges.get(bean);
      if (f && range) return [{ uri: this.workspace.uriOf(file), range: rangeOf(f.lines, range.from, range.from) }];
    }
    const decl = bean.id === undefined ? [] : (await this.#mentionsOf(here.path, bean.id)).filter((x) => x.mention.kind === 'declaration');
    return decl.map((x) => x.location);
  }

  /** Where a bean writes one of `names`: in a file of the target's maps (a bean of this file, or one verify read elsewhere). */
  async #writtenIn(path: string, bean: BeanOutline, names: ReadonlySet<string>): Promise<Location | undefined> {
    const def = bean as Partial<BeanDefinition>;
    if (def.loc && def.properties) {
      const p = def.properties.find((x) => names.has(x.name) && x.source === 'file');
      const file = resolve(def.loc.file);
      const text = p && (await this.workspace.textOf(file));
      if (p && text !== undefined) {
        const lines = new LineOffsets(text);
        const from = lines.offsetOf(p.loc.line, p.loc.column);
        const written = text.startsWith('"', from) ? from + 1 : from;
        return { uri: this.workspace.uriOf(file), range: rangeOf(lines, written, written + p.name.length) };
      }
      return undefined;
    }
    for (const file of this.workspace.filesWith(path)) {
      const f = await this.#mapped(file);
      const written = f?.map.propertyNames.get(bean)?.find((n) => names.has(n.name));
      if (f && written) return { uri: this.workspace.uriOf(file), range: rangeOf(f.lines, written.from, written.to) };
    }
    return undefined;
  }

  /** A file's map, read again only when its text or the beans around it changed. */
  async #mapped(path: string): Promise<MappedFile | undefined> {
    const text = await this.workspace.textOf(path);
    if (text === undefined) return undefined;
    const context = this.workspace.contextFor(path);
    const cached = this.#cache.get(path);
    if (cached && cached.text === text && cached.otherBeans === context.otherBeans) return cached.file;
    const file = { path, text, lines: new LineOffsets(text), map: beanFileMap(text, this.workspace.formatOf(path), context) };
    this.#cache.set(path, { text, otherBeans: context.otherBeans, file });
    return file;
  }
}

export function rangeOf(lines: LineOffsets, from: number, to: number): LspRange {
  return { start: lines.positionOf(from), end: lines.positionOf(to) };
}
