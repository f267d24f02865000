import { parseJavaProperties } from '../parse/java-properties.js';
import { decodeXmlText } from '../parse/xml-text.js';
import type { BeanFileMap, BeanMention, BeanSymbol, MentionKind, NameAt } from './bean-file-map.js';
import type { BeanIndex } from './bean-index.js';
import type { BeanOutline } from './bean-outline.js';
import type { Range } from './cursor-context.js';
import { outlineXml } from './outline-xml.js';
import { scanXml, type XmlAttribute, type XmlElement } from './scan-xml.js';

/** Attributes that name a bean: `element@attribute`. */
const NAMING: Readonly<Record<string, MentionKind>> = {
  'property@ref': 'ref', 'constructor-arg@ref': 'ref', 'ref@bean': 'ref', 'ref@local': 'ref', 'entry@value-ref': 'ref',
  'idref@bean': 'idref', 'bean@parent': 'parent',
};

/** The navigation map of an XML bean file (see beanFileMap), from the tolerant scanner. */
export function mapXml(text: string, indexOf: (beans: readonly BeanOutline[]) => BeanIndex): BeanFileMap {
  const doc = scanXml(text);
  const outline = outlineXml(doc);
  const index = indexOf(outline.beans);
  const mentions: BeanMention[] = [];
  const propertyNames = new Map<BeanOutline, NameAt[]>();
  const beanRanges = new Map<BeanOutline, Range>();
  const imports: NameAt[] = [];
  const symbols: BeanSymbol[] = [];
  for (const root of doc.roots) visit(root, symbols);
  mentions.sort((a, b) => a.from - b.from);
  return { mentions, symbols, propertyNames, beanRanges, imports, index };

  function visit(el: XmlElement, into: BeanSymbol[]): void {
    let children = into;
    for (const a of el.attributes) {
      const kind = NAMING[`${el.name}@${a.name}`];
      if (kind && a.value !== undefined) mention(a, kind);
    }
    if (el.name === 'import') {
      const a = attribute(el, 'resource');
      if (a?.value !== undefined) imports.push({ name: decodeXmlText(a.value), from: a.valueFrom, to: a.valueTo });
    }
    if (el.name === 'bean') {
      const bean = outline.beanOf.get(el);
      const top = !el.parent || el.parent.name === 'beans';
      const id = top ? (attribute(el, 'id') ?? attribute(el, 'name')) : undefined;
      if (id?.value !== undefined) {
        const first = id.name === 'name' ? /^[^,;\s]*/.exec(id.value)![0] : id.value;
        mentions.push({ id: decodeXmlText(first), kind: 'declaration', from: id.valueFrom, to: id.valueFrom + first.length });
      }
      if (bean) beanRanges.set(bean, { from: el.from, to: el.to });
      const symbol: BeanSymbol = {
        id: bean?.id, className: bean?.className, from: el.from, to: el.to,
        selection: id?.value !== undefined ? { from: id.valueFrom, to: id.valueTo } : { from: el.nameFrom, to: el.nameTo }, children: [],
      };
      into.push(symbol);
      children = symbol.children as BeanSymbol[];
    }
    if (el.name === 'property') property(el);
    for (const c of el.children) visit(c, children);
  }

  function mention(a: XmlAttribute, kind: MentionKind): void {
    mentions.push({ id: decodeXmlText(a.value!), kind, from: a.valueFrom, to: a.valueTo });
  }

  /** A property's name, and the keys of an override configurer's `properties` or a sheet's `map`. */
  function property(el: XmlElement): void {
    const bean = el.parent && outline.beanOf.get(el.parent);
    const name = attribute(el, 'name');
    if (!bean || name?.value === undefined) return;
    const written = decodeXmlText(name.value);
    const list = propertyNames.get(bean) ?? [];
    list.push({ name: written, from: name.valueFrom, to: name.valueTo });
    propertyNames.set(bean, list);
    const paths = written === 'properties' && index.isOverrideConfigurer(bean) ? 'override' : written === 'map' && index.isSheet(bean) ? 'sheet' : undefined;
    if (!paths) return;
    for (const holder of el.children) {
      if (holder.name === 'value' && paths === 'override') {
        for (const e of parseJavaProperties(text.slice(holder.tagEnd, holder.contentTo))) {
          const from = holder.tagEnd + e.keyOffset;
          if (text.startsWith(e.key, from)) key(e.key, from, false);
        }
      }
      for (const entry of holder.children) {
        const k = (entry.name === 'entry' || entry.name === 'prop') && attribute(entry, 'key');
        if (k && k.value !== undefined) key(decodeXmlText(k.value), k.valueFrom, paths === 'sheet');
      }
    }
  }

  /** An override or sheet key written at `from`: its first segment names a bean. */
  function key(written: string, from: number, sheet: boolean): void {
    const id = /^[^.[]*/.exec(written)![0];
    if (!id) return;
    mentions.push({ id, kind: 'overrideKey', from, to: from + id.length, key: { text: written, from, to: from + written.length, sheet } });
  }
}

function attribute(el: XmlElement, name: string): XmlAttribute | undefined {
  return el.attributes.find((a) => a.name === name);
}
