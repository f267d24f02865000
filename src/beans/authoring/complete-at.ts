import type { ComponentDescriptor, PropSpec } from '../registry/component-descriptor.js';
import type { AuthoringContext, BeanFormat } from './authoring-context.js';
import type { BeanIndex, PropertyOf } from './bean-index.js';
import type { BeanOutline } from './bean-outline.js';
import type { Completion, CompletionKind } from './completion.js';
import type { CursorContext, ValueSlot } from './cursor-context.js';
import { cursorAt } from './cursor-at.js';
import { beanMarkdown, componentMarkdown, oneLine, propertyDetail, propertyMarkdown } from './property-docs.js';
import { completePath, pathProperty } from './property-paths.js';
import { itemsOf, valuesOf } from './property-values.js';

/** Elements each element of an XML bean file holds, as the reader accepts them. */
const VALUE_ELEMENTS = ['value', 'ref', 'bean', 'list', 'map', 'props', 'set', 'idref', 'null'];
const CHILD_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  '': ['beans'],
  beans: ['bean', 'import', 'description', 'context:annotation-config'],
  bean: ['property', 'constructor-arg', 'description'],
  property: VALUE_ELEMENTS,
  'constructor-arg': VALUE_ELEMENTS,
  list: VALUE_ELEMENTS,
  set: VALUE_ELEMENTS,
  map: ['entry'],
  entry: ['key', ...VALUE_ELEMENTS],
  key: ['value'],
  props: ['prop'],
};
/** What an element name completes to when nothing follows it yet (the caret goes in its first quotes). */
const ELEMENT_SNIPPETS: Readonly<Record<string, string>> = {
  property: 'property name=""',
  ref: 'ref bean=""',
  idref: 'idref bean=""',
  import: 'import resource=""',
  entry: 'entry key=""',
  prop: 'prop key=""',
};

/**
 * Completions at `offset` of a bean file being edited (XML or JSON, well formed or not), best
 * first: class names (registry names, then aliases; of the kind the property needs when the bean
 * is a property's value), the properties of the enclosing bean's class (its own class or its
 * `parent` bean's), enum and boolean values, ids of beans of the kind a reference needs, override
 * and sheet keys (`beanId.path`), element and attribute names, `classpath:` imports.
 * Each completion says what text it replaces; the list is empty where nothing fits.
 */
export function completeAt(text: string, offset: number, format: BeanFormat, context: AuthoringContext): Completion[] {
  const { index, cursor } = cursorAt(text, offset, format, context);
  return cursor ? completionsFor(cursor, text, index, context) : [];
}

function completionsFor(cursor: CursorContext, text: string, index: BeanIndex, context: AuthoringContext): Completion[] {
  const { from, to } = cursor.range;
  const inString = cursor.json?.string;
  const json = cursor.json !== undefined;
  /** A completion whose inserted text is a string value (quoted in JSON outside a string). */
  const str = (label: string, kind: CompletionKind, more: Partial<Completion> = {}): Completion => ({
    label, kind, ...more, ...(json && !inString ? { insertText: JSON.stringify(more.insertText ?? label) } : {}), replaceFrom: from, replaceTo: to,
  });
  /** A JSON literal (true, 3): replaces the whole string the cursor is in, if it is in one. */
  const literal = (label: string, more: Partial<Completion> = {}): Completion =>
    json ? { label, kind: 'value', ...more, replaceFrom: inString?.from ?? from, replaceTo: inString?.to ?? to } : { label, kind: 'value', ...more, replaceFrom: from, replaceTo: to };
  /** A name followed by its value: `name=""` in XML, `"name": ` in JSON. */
  const named = (label: string, kind: CompletionKind, bare: boolean, more: Partial<Completion> = {}): Completion => {
    if (json) return inString || bare ? str(label, kind, more) : { label, kind, ...more, insertText: `${JSON.stringify(label)}: ` +
      ``, replaceFrom: from, replaceTo: to };
    return bare ? str(label, kind, more) : { label, kind, ...more, insertText: `${label}=""`, caret: label.length + 2, replaceFrom: from, replaceTo: to };
  };

  switch (cursor.kind) {
    case 'class':
      return classNames(index, expectedKind(index, cursor.slot)).map((c) => str(c.label, 'class', c));
    case 'property': {
      const d = index.descriptorOf(cursor.bean);
      return d ? propertyNames(d, cursor.present).map((c) => named(c.label, 'property', !json || inString !== undefined, c)) : [];
    }
    case 'constructorArg': {
      const d = index.descriptorOf(cursor.bean);
      return (d?.constructorArgs ?? []).map((name) => {
        const p = index.propertyOf(d!, name);
        return str(name, 'property', p ? { detail: propertyDetail(p), documentation: propertyMarkdown(p, d!) } : {});
      });
    }
    case 'value': {
      const spec = valueSpec(index, cursor.slot);
      return spec ? valuesOf(spec).map((v) => (typeof v.value === 'string' ? str(v.value, 'value', v.more) : literal(String(v.value), v.more))) : [];
    }
    case 'pathValue': {
      const found = pathProperty(cursor.key, index, cursor.sheet);
      const spec = found?.property.prop && (found.element ? itemsOf(found.property.prop) : found.property.prop);
      return spec ? valuesOf(spec).map((v) => (typeof v.value === 'string' || !json ? str(String(v.value), 'value', v.more) : literal(String(v.value), v.more))) : [];
    }
    case 'choice':
      return cursor.values.map((v) => (cursor.literal ? literal(v) : str(v, 'value')));
    case 'ref':
      return refTargets(index, cursor.slot, cursor.idref === true).map((b) => str(b.id!, 'beanId', beanDocs(index, b)));
    case 'parent':
      return [...index.beans()]
        .filter((b) => b !== cursor.bean)
        .sort((a, b) => Number(b.abstract ?? false) - Number(a.abstract ?? false))
        .map((b) => str(b.id!, 'beanId', beanDocs(index, b)));
    case 'path':
      // Outside a JSON string, the key's opening quote comes with its first segment.
      return completePath(text.slice(from, to), from, cursor.offset, index, cursor.sheet).map((c) => (json && !inString ? { ...c, insertText: `"${c.label}` } : c));
    case 'element':
      return elementNames(index, cursor).map((name) => {
        const insertText = `${cursor.bracket ? '<' : ''}${cursor.bare ? name : (ELEMENT_SNIPPETS[name] ?? elementSnippet(name, cursor.parent))}`;
        const quote = insertText.indexOf('"');
        return { label: name, kind: 'element' as const, replaceFrom: from, replaceTo: to, ...(insertText !== name ? { insertText } : {}), ...(quote >= 0 ? { caret: quote + 1 } : {}) };
      });
    case 'closeTag':
      return [{ label: cursor.name, kind: 'element', insertText: text[to] === '>' ? cursor.name : `${cursor.name}>`, replaceFrom: from, replaceTo: to }];
    case 'attribute':
      return cursor.names.map((name) => named(name, 'attribute', cursor.bare));
    case 'import':
      return (context.classpathResources ?? []).map((r) => str(`classpath:${r}`, 'import'));
  }
}

function elementSnippet(name: string, parent: string | undefined): string {
  if (name !== 'bean') return name;
  return parent === 'beans' ? 'bean id="" class=""' : 'bean class=""';
}

type ClassName = { label: string; detail: string; documentation: string };
/** The class names of each registry by kind (`''` for every kind): the same for every keystroke. */
const CLASS_NAMES = new WeakMap<object, Map<string, readonly ClassName[]>>();

/** Registry names first, then aliases; only classes providing `kind` when it is known; those accepted but not built after the rest. */
function classNames(index: BeanIndex, kind: string | undefined): readonly ClassName[] {
  let byKind = CLASS_NAMES.get(index.registry);
  if (!byKind) CLASS_NAMES.set(index.registry, (byKind = new Map()));
  let list = byKind.get(kind ?? '');
  if (!list) byKind.set(kind ?? '', (list = listClassNames(index, kind)));
  return list;
}

function listClassNames(index: BeanIndex, kind: string | undefined): ClassName[] {
  const fits = index.registry.descriptors().filter((d) => kind === undefined || d.kinds.includes(kind));
  const ordered = [...fits.filter((d) => !d.ignored), ...fits.filter((d) => d.ignored)];
  return [
    ...ordered.map((d) => ({ label: d.name, detail: oneLine(d.description), documentation: componentMarkdown(d) })),
    ...ordered.flatMap((d) => (d.aliases ?? []).map((a) => ({ label: a, detail: `${d.name}: ` +
      `${oneLine(d.description)}`, documentation: componentMarkdown(d, a) }))),
  ];
}

/** The kind a bean must provide where it stands: the kind of the reference property it is the value of. */
function expectedKind(index: BeanIndex, slot: ValueSlot | undefined): string | undefined {
  return slot && slotProperty(index, slot)?.ref?.kind;
}

/** A component's properties in its own order, those not yet set first; older names last. */
function propertyNames(d: ComponentDescriptor, present: readonly string[]): Array<{ label: string; detail: string; documentation: string }> {
  const set = new Set(present.map((p) => d.propertyAliases?.[p] ?? p));
  const all: PropertyOf[] = [
    ...Object.entries(d.props).map(([name, prop]) => ({ name, prop })),
    ...Object.entries(d.refs ?? {}).map(([name, ref]) => ({ name, ref })),
  ].filter((p) => !set.has(p.name));
  const used = all.filter((p) => !(p.prop ?? p.ref).ignored);
  const ignored = all.filter((p) => (p.prop ?? p.ref).ignored);
  const out = [...used, ...ignored].map((p) => ({
    label: p.name, detail: `${propertyDetail(p)}${(p.prop ?? p.ref).ignored ? ' · not used' : ''}`, documentation: propertyMarkdown(p, d),
  }));
  for (const [older, own] of Object.entries(d.propertyAliases ?? {})) {
    const p: PropertyOf | undefined = d.props[own] ? { name: own, prop: d.props[own] } : d.refs?.[own] ? { name: own, ref: d.refs[own] } : undefined;
    if (p && !set.has(own)) out.push({ label: older, detail: `older name of ${own}`, documentation: propertyMarkdown(p, d, older) });
  }
  return out;
}

/** The property a slot is for: by name, or a constructor-arg's by position. */
function slotProperty(index: BeanIndex, slot: ValueSlot): PropertyOf | undefined {
  const d = index.descriptorOf(slot.bean);
  const name = slot.property ?? (slot.arg !== undefined ? d?.constructorArgs?.[slot.arg] : undefined);
  return d && name !== undefined ? index.propertyOf(d, name) : undefined;
}

/** The schema of the value at a slot: the property's, or its items' for an element of a list. */
function valueSpec(index: BeanIndex, slot: ValueSlot): PropSpec | undefined {
  const prop = slotProperty(index, slot)?.prop;
  return prop && (slot.item ? itemsOf(prop) : prop);
}

/** The beans a reference may name: of the kind it needs (all beans for an idref, or when the kind is unknown). */
function refTargets(index: BeanIndex, slot: ValueSlot | undefined, idref: boolean): BeanOutline[] {
  const all = [...index.beans()].filter((b) => b !== slot?.bean);
  if (idref || !slot) return all;
  const p = slotProperty(index, slot);
  if (p?.ref) return index.providing(p.ref.kind).filter((b) => b !== slot.bean);
  return p || index.descriptorOf(slot.bean) ? [] : all.filter((b) => !b.abstract);
}

function beanDocs(index: BeanIndex, b: BeanOutline): Partial<Completion> {
  const className = index.classNameOf(b);
  return { detail: className, documentation: beanMarkdown(b.id!, b, className, index.descriptorOf(b)) };
}

/** The elements that may stand where the cursor is, narrowed by the property they would be the value of. */
function elementNames(index: BeanIndex, cursor: Extract<CursorContext, { kind: 'element' }>): readonly string[] {
  const base = CHILD_ELEMENTS[cursor.parent ?? ''] ?? [];
  const p = cursor.slot && (cursor.parent === 'property' || cursor.parent === 'constructor-arg' || cursor.parent === 'list' || cursor.parent === 'set') ? slotProperty(index, cursor.slot) : undefined;
  if (!p) return base;
  if (cursor.slot!.item) return p.ref ? ['ref', 'bean', 'null'] : ['value', 'null'];
  if (p.ref) return p.ref.list ? ['list', 'set'] : p.ref.map ? ['map'] : ['ref', 'bean', 'null'];
  const types = [p.prop.type].flat();
  if (types.includes('array')) return ['list', 'set', 'value'];
  if (types.includes('object')) return ['map', 'props', 'value'];
  return ['value', 'null'];
}
