import { decodeXmlText } from '../parse/xml-text.js';
import type { BeanIndex } from './bean-index.js';
import type { BeanOutline } from './bean-outline.js';
import type { CursorContext, Range, ValueSlot } from './cursor-context.js';
import type { XmlOutline } from './outline-xml.js';
import { attributeValue, type XmlAttribute, type XmlDocument, type XmlElement } from './scan-xml.js';

/** The attributes each element of a bean file may have (as the XML reader accepts them). */
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  bean: ['id', 'class', 'parent', 'abstract', 'autowire', 'autowire-candidate', 'name'],
  property: ['name', 'value', 'ref'],
  'constructor-arg': ['value', 'ref', 'index', 'name', 'type'],
  ref: ['bean', 'local'],
  idref: ['bean'],
  entry: ['key', 'value', 'value-ref'],
  prop: ['key'],
  import: ['resource'],
};
const AUTOWIRE = ['default', 'no', 'byName', 'byType', 'constructor'];
const ITEM_HOLDERS = new Set(['list', 'set', 'map', 'entry', 'props', 'key']);
const TEXT_HOLDERS = new Set(['value', 'prop']);
const WORD = /[\w.:$#-]/;

/** Where the cursor is in an XML bean file, or undefined where nothing can be completed (a comment, text of no value). */
export function xmlCursor(doc: XmlDocument, outline: XmlOutline, index: BeanIndex, offset: number): CursorContext | undefined {
  const text = doc.text;
  if (doc.opaque.some((o) => o.from < offset && offset < o.to)) return undefined;
  const end = doc.endTags.find((t) => t.nameFrom <= offset && offset <= t.nameTo);
  if (end) return end.element ? { kind: 'closeTag', name: end.element.name, range: { from: end.nameFrom, to: end.nameTo }, offset } : undefined;
  const at = innermost(doc.roots, offset);
  if (!at) {
    if (doc.roots.some((r) => r.name === 'beans')) return undefined;
    return { kind: 'element', bare: false, bracket: true, range: wordBefore(), offset };
  }
  return at.inTag ? inStartTag(at.element) : inContent(at.element);

  function wordBefore(): Range {
    let from = offset;
    while (from > 0 && /[\w:-]/.test(text[from - 1])) from--;
    return { from, to: offset };
  }

  function inStartTag(el: XmlElement): CursorContext | undefined {
    if (offset <= el.nameTo) {
      const bare = el.attributes.length > 0 || el.tagClosed;
      return { kind: 'element', parent: el.parent?.name, slot: slotAt(el.parent), bare, bracket: false, range: { from: el.nameFrom, to: el.nameTo }, offset };
    }
    const attr = el.attributes.find((a) => a.value !== undefined && a.valueFrom <= offset && offset <= a.valueTo);
    if (attr) return attributeValueContext(el, attr);
    const named = el.attributes.find((a) => a.nameFrom <= offset && offset <= a.nameTo);
    const present = el.attributes.filter((a) => a !== named).map((a) => a.name);
    const names = (ATTRIBUTES[el.name] ?? []).filter((n) => !present.includes(n));
    if (named) return { kind: 'attribute', names, bare: named.value !== undefined, range: { from: named.nameFrom, to: named.nameTo }, offset };
    if (/\s/.test(text[offset - 1] ?? '')) return { kind: 'attribute', names, bare: false, range: { from: offset, to: offset }, offset };
    return undefined;
  }

  function attributeValueContext(el: XmlElement, attr: XmlAttribute): CursorContext | undefined {
    const range = { from: attr.valueFrom, to: attr.valueTo };
    const base = { range, offset };
    const bean = el.parent && outline.beanOf.get(el.parent);
    switch (`${el.name}@${attr.name}`) {
      case 'bean@class':
        return { kind: 'class', slot: slotAt(el.parent), ...base };
      case 'bean@parent': {
        const self = outline.beanOf.get(el);
        return self ? { kind: 'parent', bean: self, ...base } : undefined;
      }
      case 'bean@autowire':
        return { kind: 'choice', values: AUTOWIRE, ...base };
      case 'bean@abstract':
        return { kind: 'choice', values: ['true', 'false'], ...base };
      case 'bean@autowire-candidate':
        return { kind: 'choice', values: ['true', 'false', 'default'], ...base };
      case 'property@name': {
        if (!bean) return undefined;
        const present = el.parent!.children.filter((c) => c !== el && c.name === 'property').map((c) => decodedAttribute(c, 'name') ?? '');
        return { kind: 'property', bean, present, ...base };
      }
      case 'property@value':
      case 'constructor-arg@value':
        return bean ? { kind: 'value', slot: ownSlot(el, bean), ...base } : undefined;
      case 'property@ref':
      case 'constructor-arg@ref':
        return { kind: 'ref', slot: bean && ownSlot(el, bean), ...base };
      case 'constructor-arg@name':
        return bean ? { kind: 'constructorArg', bean, ...base } : undefined;
      case 'ref@bean':
      case 'ref@local':
        return { kind: 'ref', slot: slotAt(el.parent), ...base };
      case 'idref@bean':
        return { kind: 'ref', idref: true, ...base };
      case 'entry@key':
      case 'prop@key': {
        const paths = pathsOf(slotAt(el.parent));
        return paths ? { kind: 'path', sheet: paths === 'sheet', ...base } : undefined;
      }
      case 'entry@value': {
        const slot = slotAt(el.parent);
        const paths = pathsOf(slot);
        if (paths) return { kind: 'pathValue', sheet: paths === 'sheet', key: decodedAttribute(el, 'key') ?? '', ...base };
        return slot ? { kind: 'value', slot: { ...slot, item: true }, ...base } : undefined;
      }
      case 'entry@value-ref':
        return { kind: 'ref', slot: slotAt(el.parent), ...base };
      case 'import@resource':
        return { kind: 'import', ...base };
      default:
        return undefined;
    }
  }

  function inContent(el: XmlElement): CursorContext | undefined {
    if (TEXT_HOLDERS.has(el.name)) return inText(el);
    if (!ATTRIBUTES[el.name] && !ITEM_HOLDERS.has(el.name) && el.name !== 'beans' && el.name !== 'constructor-arg') return undefined;
    return { kind: 'element', parent: el.name, slot: slotAt(el), bare: false, bracket: true, range: wordBefore(), offset };
  }

  /** In the text of a `<value>` or `<prop>`: an override line, an override's value, or a property's value. */
  function inText(el: XmlElement): CursorContext | undefined {
    const lineStart = Math.max(text.lastIndexOf('\n', offset - 1) + 1, el.tagEnd);
    const nl = text.indexOf('\n', offset);
    const lineEnd = Math.min(nl < 0 ? text.length : nl, el.contentTo);
    let from = lineStart;
    while (from < lineEnd && /\s/.test(text[from])) from++;
    let to = lineEnd;
    while (to > from && /\s/.test(text[to - 1])) to--;
    const line = { from: Math.min(from, offset), to: Math.max(to, offset) };
    const slot = slotAt(el.parent);
    const paths = pathsOf(slot);
    if (el.name === 'value' && paths === 'override' && el.parent?.name === 'property') return overrideLine(line);
    if (paths && el.name === 'prop') return { kind: 'pathValue', sheet: false, key: decodedAttribute(el, 'key') ?? '', range: line, offset };
    if (paths && el.parent?.name === 'entry') return { kind: 'pathValue', sheet: paths === 'sheet', key: entryKey(el.parent), range: line, offset };
    if (!slot || el.name !== 'value') return undefined;
    let word = offset;
    while (word > line.from && WORD.test(text[word - 1])) word--;
    let wordEnd = offset;
    while (wordEnd < line.to && WORD.test(text[wordEnd])) wordEnd++;
    return { kind: 'value', slot, range: { from: word, to: wordEnd }, offset };
  }

  /** A `key=value` line of Java properties text (`#` and `!` begin comments). */
  function overrideLine(line: Range): CursorContext | undefined {
    if (text[line.from] === '#' || text[line.from] === '!') return undefined;
    let keyEnd = line.from;
    while (keyEnd < line.to && !/[=:\s]/.test(text[keyEnd])) keyEnd++;
    if (offset <= keyEnd) return { kind: 'path', sheet: false, range: { from: line.from, to: keyEnd }, offset };
    let v = keyEnd;
    while (v < line.to && /\s/.test(text[v])) v++;
    if (text[v] === '=' || text[v] === ':') v++;
    while (v < line.to && /\s/.test(text[v])) v++;
    if (offset < v) return undefined;
    return { kind: 'pathValue', sheet: false, key: text.slice(line.from, keyEnd), range: { from: v, to: line.to }, offset };
  }

  function entryKey(entry: XmlElement): string {
    const key = decodedAttribute(entry, 'key');
    if (key !== undefined) return key;
    const value = entry.children.find((c) => c.name === 'key')?.children.find((c) => c.name === 'value');
    return value ? decodeXmlText(text.slice(value.tagEnd, value.contentTo)).trim() : '';
  }

  /** The property a child of `holder` would be (part of) the value of. */
  function slotAt(holder: XmlElement | undefined): ValueSlot | undefined {
    let item = false;
    let p = holder;
    while (p && ITEM_HOLDERS.has(p.name)) {
      item = true;
      p = p.parent;
    }
    if (!p || (p.name !== 'property' && p.name !== 'constructor-arg')) return undefined;
    const bean = p.parent && outline.beanOf.get(p.parent);
    return bean ? { ...ownSlot(p, bean), item } : undefined;
  }

  /** The slot of a `<property>` or `<constructor-arg>` element itself. */
  function ownSlot(el: XmlElement, bean: BeanOutline): ValueSlot {
    if (el.name === 'property') return { bean, property: decodedAttribute(el, 'name'), item: false };
    const explicit = decodedAttribute(el, 'index');
    const position = el.parent!.children.filter((c) => c.name === 'constructor-arg').indexOf(el);
    return { bean, property: decodedAttribute(el, 'name'), arg: explicit !== undefined && /^\d+$/.test(explicit) ? Number(explicit) : position, item: false };
  }

  /** Whether a slot holds property paths as keys: an override configurer's `properties`, a sheet's `map`. */
  function pathsOf(slot: ValueSlot | undefined): 'override' | 'sheet' | undefined {
    if (!slot) return undefined;
    if (slot.property === 'properties' && index.isOverrideConfigurer(slot.bean)) return 'override';
    if (slot.property === 'map' && index.isSheet(slot.bean)) return 'sheet';
    return undefined;
  }
}

/** An attribute's value with its entities decoded, or undefined. */
function decodedAttribute(el: XmlElement, name: string): string | undefined {
  const v = attributeValue(el, name);
  return v === undefined ? undefined : decodeXmlText(v);
}

/** The element whose start tag holds the offset, or else the innermost one whose content holds it. */
function innermost(elements: readonly XmlElement[], offset: number): { element: XmlElement; inTag: boolean } | undefined {
  for (const el of elements) {
    if (el.from < offset && (el.tagClosed ? offset < el.tagEnd : offset <= el.tagEnd)) return { element: el, inTag: true };
    if (!el.selfClosing && el.tagEnd <= offset && offset <= el.contentTo) return innermost(el.children, offset) ?? { element: el, inTag: false };
  }
  return undefined;
}
