import { decodeXmlText } from '../parse/xml-text.js';
import type { BeanOutline, OutlineProperty, OutlineValue } from './bean-outline.js';
import { attributeValue, type XmlDocument, type XmlElement } from './scan-xml.js';

/** The beans of a scanned XML bean file, and the bean each `<bean>` element declares. */
export interface XmlOutline {
  readonly beans: readonly BeanOutline[];
  readonly beanOf: ReadonlyMap<XmlElement, BeanOutline>;
}

const SKIPPED = new Set(['description', '']);

/**
 * The top-level beans (`<bean>` in `<beans>`, or at the top while `<beans>` is still being
 * typed) with their properties, inner beans and references, from whatever the scanner found.
 */
export function outlineXml(doc: XmlDocument): XmlOutline {
  const beanOf = new Map<XmlElement, BeanOutline>();
  const beans: BeanOutline[] = [];
  for (const root of doc.roots) {
    if (root.name === 'bean') beans.push(bean(root, false));
    else if (root.name === 'beans') for (const c of root.children) if (c.name === 'bean') beans.push(bean(c, false));
  }
  return { beans, beanOf };

  function attr(el: XmlElement, name: string): string | undefined {
    const v = attributeValue(el, name);
    return v === undefined ? undefined : decodeXmlText(v);
  }

  function bean(el: XmlElement, inner: boolean): BeanOutline {
    const properties: OutlineProperty[] = [];
    const id = inner ? undefined : (attr(el, 'id') ?? attr(el, 'name')?.split(/[,;\s]+/)[0]);
    const out: BeanOutline = { id, inner, className: attr(el, 'class'), parent: attr(el, 'parent'), abstract: attr(el, 'abstract') === 'true', properties };
    beanOf.set(el, out);
    for (const c of el.children) {
      const name = c.name === 'property' ? attr(c, 'name') : undefined;
      if (name) properties.push({ name, value: propertyValue(c) });
    }
    return out;
  }

  function propertyValue(el: XmlElement): OutlineValue {
    if (attributeValue(el, 'ref') !== undefined) return { kind: 'ref', bean: attr(el, 'ref')! };
    if (attributeValue(el, 'value') !== undefined) return { kind: 'text' };
    const child = el.children.find((c) => !SKIPPED.has(c.name));
    return child ? value(child) : { kind: 'null' };
  }

  function value(el: XmlElement): OutlineValue {
    switch (el.name) {
      case 'ref':
        return { kind: 'ref', bean: attr(el, 'bean') ?? attr(el, 'local') ?? '' };
      case 'idref':
        return { kind: 'idref' };
      case 'bean':
        return { kind: 'bean', bean: bean(el, true) };
      case 'list':
      case 'set':
        return { kind: 'list', items: el.children.filter((c) => !SKIPPED.has(c.name)).map(value) };
      case 'map':
        return { kind: 'map', entries: el.children.filter((c) => c.name === 'entry').map((e) => ({ key: entryKey(e), value: entryValue(e) })) };
      case 'props':
        return { kind: 'map', entries: el.children.filter((c) => c.name === 'prop').map((p) => ({ key: attr(p, 'key') ?? '', value: { kind: 'text' as const } })) };
      case 'null':
        return { kind: 'null' };
      default:
        return { kind: 'text' };
    }
  }

  function entryKey(entry: XmlElement): string {
    const key = attr(entry, 'key');
    if (key !== undefined) return key;
    const inner = entry.children.find((c) => c.name === 'key')?.children.find((c) => c.name === 'value');
    return inner ? decodeXmlText(doc.text.slice(inner.tagEnd, inner.contentTo)) : '';
  }

  function entryValue(entry: XmlElement): OutlineValue {
    if (attributeValue(entry, 'value-ref') !== undefined) return { kind: 'ref', bean: attr(entry, 'value-ref')! };
    if (attributeValue(entry, 'value') !== undefined) return { kind: 'text' };
    const child = entry.children.find((c) => c.name !== 'key' && !SKIPPED.has(c.name));
    return child ? value(child) : { kind: 'null' };
  }
}
