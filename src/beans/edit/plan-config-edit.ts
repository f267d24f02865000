import { BeanGraph } from '../definitions/bean-graph.js';
import { findProperty, type BeanDefinition } from '../definitions/bean-definition.js';
import { collectOverrides, isOverrideConfigurer } from '../definitions/collect-overrides.js';
import type { ComponentDescriptor } from '../registry/component-descriptor.js';
import type { Registry } from '../registry/registry.js';
import type { ResolvedBean, ResolvedGraph } from '../resolve/resolved-bean.js';
import { formatLocation, type SourceLocation } from '../../util/source-location.js';
import { applyTextEdits, ConfigEditRefused, type ConfigEdit, type PlannedEdit, type TextEdit } from './config-edit.js';
import { JsonBeanFile } from './json-bean-edit.js';
import { offsetAt } from './offset-at.js';
import { XmlBeanFile } from './xml-bean-edit.js';

/** What planning an edit reads: the verified job (its definitions and resolved beans), the registry, the files' texts. */
export interface EditContext {
  readonly graph: BeanGraph;
  readonly resolved: ResolvedGraph;
  readonly registry: Registry;
  /** The text of a file the graph was read from, as it was read. */
  readonly text: (file: string) => string;
}

/**
 * Where a form's edit is written, and the file's text after it. A value is written where the
 * value that takes effect is: an override entry when one sets it (simpleOverrides,
 * longerOverrides), else the bean's own property, else a new property in the bean (a default, or
 * a value it inherits from its parent, which the parent's other children keep). Nothing else in
 * the file changes.
 */
export function planConfigEdit(ctx: EditContext, edit: ConfigEdit): PlannedEdit {
  const bean = ctx.resolved.byId.get(edit.bean);
  if (!bean) throw new ConfigEditRefused(`no bean "${edit.bean}" in this job`);
  const d = bean.descriptor;
  switch (edit.op) {
    case 'set': {
      const spec = d.props[edit.property];
      if (!spec) throw new ConfigEditRefused(d.refs?.[edit.property] ? `"${edit.property}" of ${d.name} holds a bean: choose one (op ` +
        `"ref")` : `${d.name} has no property "${edit.property}"`);
      const types = ([] as unknown[]).concat(spec.type ?? []);
      if (types.includes('array') || types.includes('object')) throw new ConfigEditRefused(`"${edit.property}" of ${d.name} is a list or map: edit ` +
        `it in the bean file`);
      const origin = bean.origins.get(edit.property);
      if (origin?.source === 'override') return overrideEdit(ctx, bean, edit.property, String(edit.value));
      return ownEdit(ctx, bean, (file, at) => (file instanceof XmlBeanFile
        ? [file.setProperty(file.beanAt(at as number), namesOf(d, edit.property), { value: String(edit.value) })]
        : file.set([...(at as (string | number)[]), 'properties', edit.property], types.includes('string') && types.length === 1 ? String(edit.value) : edit.value)));
    }
    case 'ref': {
      const spec = d.refs?.[edit.property];
      if (!spec) throw new ConfigEditRefused(`${d.name} has no bean property "${edit.property}"`);
      if (spec.list || spec.map) throw new ConfigEditRefused(`"${edit.property}" of ${d.name} holds a ${spec.list ? 'list' : 'map'} of beans: edit ` +
        `it in the bean file`);
      const target = ctx.resolved.byId.get(edit.ref);
      if (!target || target.def.inner) throw new ConfigEditRefused(`no top-level bean "${edit.ref}" in this job`);
      if (!target.descriptor.kinds.includes(spec.kind)) throw new ConfigEditRefused(`"${edit.ref}" is a ${target.descriptor.name}, which is no ` +
        `${spec.kind}: "${edit.property}" needs one`);
      return ownEdit(ctx, bean, (file, at) => (file instanceof XmlBeanFile
        ? [file.setProperty(file.beanAt(at as number), [edit.property], { ref: edit.ref })]
        : file.set([...(at as (string | number)[]), 'properties', edit.property], { ref: edit.ref })));
    }
    case 'unset': {
      const origin = bean.origins.get(edit.property);
      if (origin?.source === 'override') {
        throw new ConfigEditRefused(`"${edit.bean}.${edit.property}" is set by an override at ` +
          `${formatLocation(findProperty(bean.def, edit.property)?.loc ?? origin.loc)}: remove that entry in the editor`);
      }
      return ownEdit(ctx, bean, (file, at) => {
        const edits = file instanceof XmlBeanFile
          ? [file.removeProperty(file.beanAt(at as number), namesOf(d, edit.property))].filter((e): e is TextEdit => !!e)
          : file.remove([...(at as (string | number)[]), 'properties', edit.property]);
        if (!edits.length) throw new ConfigEditRefused(`"${edit.bean}.${edit.property}" is not written in this bean: it has its ` +
          `${origin?.source === 'default' ? 'default' : 'inherited value'} already`);
        return edits;
      });
    }
    case 'class':
      return classEdit(ctx, bean, edit.className);
  }
}

/** A property's name and the older names its class accepts for it. */
function namesOf(d: ComponentDescriptor, property: string): string[] {
  return [property, ...Object.entries(d.propertyAliases ?? {}).filter(([, to]) => to === property).map(([alias]) => alias)];
}

type FileEdits = (file: XmlBeanFile | JsonBeanFile, at: number | (string | number)[]) => TextEdit[];

/** Edits of the bean's own definition, in the file and at the place it was read from. */
function ownEdit(ctx: EditContext, bean: ResolvedBean, edits: FileEdits): PlannedEdit {
  const { file, before, doc, at } = beanSite(ctx, bean.def);
  return { file, before, after: applyTextEdits(before, edits(doc, at)), notes: [] };
}

function beanSite(ctx: EditContext, def: BeanDefinition) {
  const file = def.loc.file;
  const before = ctx.text(file);
  const offset = offsetAt(before, def.loc);
  if (isJsonFile(file)) {
    const doc = new JsonBeanFile(before);
    return { file, before, doc, at: doc.beanPathAt(offset) as (string | number)[] };
  }
  return { file, before, doc: new XmlBeanFile(before), at: offset };
}

/** The override entry that sets the value, its value replaced where it is written. */
function overrideEdit(ctx: EditContext, bean: ResolvedBean, property: string, value: string): PlannedEdit {
  const keyLoc = findProperty(bean.def, property)?.loc;
  for (const configurer of ctx.graph.beans.filter(isOverrideConfigurer)) {
    const entry = keyLoc && collectOverrides(new BeanGraph([], [configurer])).entries.find((e) => sameLocation(e.keyLoc, keyLoc));
    const props = findProperty(configurer, 'properties')?.value;
    if (!entry || !props) continue;
    const file = props.loc.file;
    const before = ctx.text(file);
    let edit: TextEdit | undefined;
    if (props.kind === 'text') {
      const at = offsetAt(before, props.loc);
      if (isJsonFile(file)) {
        const doc = new JsonBeanFile(before);
        const node = doc.stringAt(at);
        edit = node && doc.setPropertiesEntry(node, entry.key, value);
      } else {
        const doc = new XmlBeanFile(before);
        const element = doc.elementWithContentAt(at);
        edit = element && doc.setPropertiesEntry(element, entry.key, value);
      }
    } else {
      const at = offsetAt(before, entry.value.loc);
      if (isJsonFile(file)) {
        const node = new JsonBeanFile(before).stringAt(at);
        edit = node && { from: node.offset, to: node.offset + node.length, insert: JSON.stringify(value) };
      } else {
        const doc = new XmlBeanFile(before);
        const attribute = doc.attributeAt(at);
        const element = attribute ? undefined : doc.elementWithContentAt(at);
        edit = attribute ? doc.replaceAttribute(attribute, value) : element && doc.replaceContent(element, value);
      }
    }
    if (!edit) throw new ConfigEditRefused(`the override "${entry.key}" at ${formatLocation(entry.keyLoc)} could not be found as written: edit it ` +
      `in the editor`);
    return { file, before, after: applyTextEdits(before, [edit]), notes: [`written to the override "${entry.key}" at ` +
      `${formatLocation(entry.keyLoc)}, which sets it`] };
  }
  throw new ConfigEditRefused(`"${bean.id}.${property}" is set by an override that was not found: edit it in the editor`);
}

/**
 * The clip library's swap: the bean becomes another component of the kind every reference to it
 * needs, keeping its id (so the references hold) and the properties the new class has; the others
 * are dropped and named.
 */
function classEdit(ctx: EditContext, bean: ResolvedBean, className: string): PlannedEdit {
  const target = ctx.registry.lookup(className);
  if (!target) throw new ConfigEditRefused(`no component is named "${className}"`);
  if (target.name === bean.descriptor.name) throw new ConfigEditRefused(`"${bean.id}" is a ${target.name} already`);
  const needed = kindsNeeded(ctx.resolved, bean);
  const missing = needed.filter((k) => !target.kinds.includes(k));
  if (missing.length) throw new ConfigEditRefused(`${target.name} is no ${missing.join(' or ')}, which the beans referring to "${bean.id}" need`);
  if (!needed.length && !target.kinds.some((k) => bean.descriptor.kinds.includes(k))) {
    throw new ConfigEditRefused(`${target.name} is of no kind ${bean.descriptor.name} is (${bean.descriptor.kinds.join(', ')})`);
  }
  const keeps = (name: string) => name in target.props || name in (target.refs ?? {}) || name in (target.propertyAliases ?? {});
  const { file, before, doc, at } = beanSite(ctx, bean.def);
  let after: string;
  let dropped: string[];
  if (doc instanceof XmlBeanFile) {
    const el = doc.beanAt(at as number);
    dropped = doc.propertyNames(el).filter((n) => !keeps(n));
    after = applyTextEdits(before, [doc.setAttribute(el, 'class', target.name), ...dropped.map((n) => doc.removeProperty(el, [n])!)]);
  } else {
    const path = at as (string | number)[];
    const props = doc.nodeAt([...path, 'properties']);
    dropped = (props?.type === 'object' ? props.children ?? [] : []).map((p) => String(p.children?.[0]?.value)).filter((n) => !keeps(n));
    after = applyTextEdits(before, doc.set([...path, 'class'], target.name));
    // One member at a time: jsonc-parser's removals of neighbours would overlap.
    for (const name of dropped) after = applyTextEdits(after, new JsonBeanFile(after).remove([...path, 'properties', name]));
  }
  return { file, before, after, notes: dropped.length ? [`dropped ${dropped.map((n) => `"${n}"`).join(', ')}, which ${target.name} does not have`] : [] };
}

/** The kinds the beans referring to this one ask of it. */
function kindsNeeded(resolved: ResolvedGraph, bean: ResolvedBean): string[] {
  const kinds = new Set<string>();
  for (const b of resolved.beans) {
    for (const r of b.refs) if (r.ids.includes(bean.id)) kinds.add(b.descriptor.refs?.[r.property]?.kind ?? '');
  }
  kinds.delete('');
  return [...kinds];
}

function sameLocation(a: SourceLocation, b: SourceLocation): boolean {
  return a.file === b.file && a.line === b.line && a.column === b.column;
}

export function isJsonFile(file: string): boolean {
  return /\.jsonc?$/i.test(file);
}
