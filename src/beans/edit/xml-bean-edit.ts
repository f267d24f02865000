import { decodeXmlText } from '../parse/xml-text.js';
import { attributeValue, scanXml, type XmlAttribute, type XmlDocument, type XmlElement } from '../authoring/scan-xml.js';
import { ConfigEditRefused, type TextEdit } from './config-edit.js';
import { escapeXmlAttribute, escapeXmlText } from './escape-xml.js';
import { indentAt } from './offset-at.js';
import { propertiesValueEdit } from './properties-value.js';

/** What a property becomes: a value (written as a `value` attribute) or a reference (a `ref` attribute). */
export type XmlPropertyValue = { readonly value: string } | { readonly ref: string };

/**
 * Edits of one bean of an XML bean file, each touching only the text it changes: an attribute's
 * value, an element's content, one `<property>` element added or removed. Comments, order and
 * layout of everything else stay as written.
 */
export class XmlBeanFile {
  readonly doc: XmlDocument;

  constructor(readonly text: string) {
    this.doc = scanXml(text);
  }

  /** The `<bean>` element that starts at `offset` (where the reader located the bean). */
  beanAt(offset: number): XmlElement {
    const found = find(this.doc.roots, (el) => el.from === offset && el.name === 'bean');
    if (!found) throw new ConfigEditRefused(`no <bean> element starts where the bean was read (offset ${offset}): the file changed since; reload it`);
    return found;
  }

  /** The bean's last `<property>` element of one of these names (a property and its older aliases; Spring keeps the last). */
  propertyOf(bean: XmlElement, names: readonly string[]): XmlElement | undefined {
    return bean.children.filter((c) => c.name === 'property' && names.includes(this.attr(c, 'name') ?? '')).at(-1);
  }

  /** The names of the bean's `<property>` elements, in order. */
  propertyNames(bean: XmlElement): string[] {
    return bean.children.filter((c) => c.name === 'property').map((c) => this.attr(c, 'name') ?? '');
  }

  /**
   * Sets a property (`names[0]`, or an older alias the file wrote): its value attribute or `<value>`
   * text replaced in place, or the element rewritten, or a new one added.
   */
  setProperty(bean: XmlElement, names: readonly string[], to: XmlPropertyValue): TextEdit {
    const name = names[0];
    const el = this.propertyOf(bean, names);
    if (!el) return this.insertProperty(bean, propertyElement(name, to));
    const kind = 'ref' in to ? 'ref' : 'value';
    const attribute = el.attributes.find((a) => a.name === kind);
    const only = el.attributes.every((a) => a.name === 'name' || a.name === kind) && el.children.every((c) => c.name === 'description');
    if (attribute && only) return this.replaceAttribute(attribute, 'ref' in to ? to.ref : to.value);
    if ('value' in to && el.attributes.every((a) => a.name === 'name')) {
      const values = el.children.filter((c) => c.name !== 'description');
      if (values.length === 1 && values[0].name === 'value' && values[0].attributes.length === 0) return this.replaceContent(values[0], to.value);
    }
    if ('ref' in to && el.attributes.every((a) => a.name === 'name')) {
      const refs = el.children.filter((c) => c.name !== 'description');
      const bean = refs.length === 1 && refs[0].name === 'ref' ? refs[0].attributes.find((a) => a.name === 'bean' || a.name === 'local') : undefined;
      if (bean) return this.replaceAttribute(bean, to.ref);
    }
    return { from: el.from, to: el.to, insert: propertyElement(this.attr(el, 'name') ?? name, to) };
  }

  /** Removes a `<property>` element, with its line when nothing else is on it. */
  removeProperty(bean: XmlElement, names: readonly string[]): TextEdit | undefined {
    const el = this.propertyOf(bean, names);
    return el ? this.removeElement(el) : undefined;
  }

  /** Sets an attribute of the element (the bean's `class`), in place when it is there. */
  setAttribute(el: XmlElement, name: string, value: string): TextEdit {
    const attribute = el.attributes.find((a) => a.name === name);
    if (attribute) return this.replaceAttribute(attribute, value);
    return { from: el.nameTo, to: el.nameTo, insert: ` ${name}="${escapeXmlAttribute(value)}"` };
  }

  /** Replaces the value of `key` in an element's text written as Java properties (simpleOverrides). */
  setPropertiesEntry(valueElement: XmlElement, key: string, value: string): TextEdit | undefined {
    const from = valueElement.tagEnd;
    const cdata = this.doc.opaque.find((o) => o.from >= from && o.from < valueElement.contentTo && this.text.startsWith('<![CDATA[', o.from));
    if (cdata) {
      const inner = this.text.slice(cdata.from + 9, cdata.to - 3);
      const edit = propertiesValueEdit(inner, key, value, (s) => s.replace(/]]>/g, ']]]]><![CDATA[>'));
      return edit && { from: edit.from + cdata.from + 9, to: edit.to + cdata.from + 9, insert: edit.insert };
    }
    const edit = propertiesValueEdit(this.text.slice(from, valueElement.contentTo), key, value, escapeXmlText, decodeXmlText);
    return edit && { from: edit.from + from, to: edit.to + from, insert: edit.insert };
  }

  /** The element whose content starts at `offset` (a `<value>`, a `<prop>`), as the reader located its text. */
  elementWithContentAt(offset: number): XmlElement | undefined {
    return find(this.doc.roots, (el) => el.tagEnd === offset && !el.selfClosing);
  }

  /** The attribute whose value starts at `offset`, as the reader located it. */
  attributeAt(offset: number): XmlAttribute | undefined {
    let found: XmlAttribute | undefined;
    find(this.doc.roots, (el) => {
      found = el.attributes.find((a) => a.value !== undefined && a.valueFrom === offset);
      return found !== undefined;
    });
    return found;
  }

  replaceAttribute(a: XmlAttribute, value: string): TextEdit {
    const quote = this.text[a.valueFrom - 1] === "'" ? "'" : '"';
    return { from: a.valueFrom, to: a.valueTo, insert: escapeXmlAttribute(value, quote) };
  }

  replaceContent(el: XmlElement, value: string): TextEdit {
    return { from: el.tagEnd, to: el.contentTo, insert: escapeXmlText(value) };
  }

  attr(el: XmlElement, name: string): string | undefined {
    const v = attributeValue(el, name);
    return v === undefined ? undefined : decodeXmlText(v);
  }

  /** A new child element after the bean's last child, indented as its siblings are (or one step in from the bean). */
  private insertProperty(bean: XmlElement, element: string): TextEdit {
    const beanIndent = indentAt(this.text, bean.from);
    const last = bean.children.at(-1);
    const indent = last ? indentAt(this.text, last.from) : beanIndent + this.indentUnit();
    if (bean.selfClosing) {
      // `<bean … />` opens, holds the property, and closes on a line of its own.
      const close = this.text.lastIndexOf('/', bean.tagEnd - 1);
      let from = close;
      while (from > bean.nameTo && /\s/.test(this.text[from - 1])) from--;
      return { from, to: bean.tagEnd, insert: `>\n${indent}${element}\n${beanIndent}</bean>` };
    }
    if (last) return { from: last.to, to: last.to, insert: `\n${indent}${element}` };
    const content = this.text.slice(bean.tagEnd, bean.contentTo);
    if (content.trim() === '') return { from: bean.tagEnd, to: bean.contentTo, insert: `\n${indent}${element}\n${beanIndent}` };
    // Only comments inside: the new element goes after them, on a line of its own before the end tag, indented as they are.
    const endLine = this.text.lastIndexOf('\n', bean.contentTo - 1) + 1;
    if (endLine > bean.tagEnd && this.text.slice(endLine, bean.contentTo).trim() === '') {
      const first = /\n([ \t]*)\S/.exec(content);
      return { from: endLine, to: endLine, insert: `${first ? first[1] : indent}${element}\n` };
    }
    return { from: bean.tagEnd, to: bean.tagEnd, insert: `\n${indent}${element}` };
  }

  private removeElement(el: XmlElement): TextEdit {
    const lineStart = this.text.lastIndexOf('\n', el.from - 1) + 1;
    const nl = this.text.indexOf('\n', el.to);
    const lineEnd = nl < 0 ? this.text.length : nl;
    if (this.text.slice(lineStart, el.from).trim() === '' && this.text.slice(el.to, lineEnd).trim() === '') {
      return { from: lineStart, to: nl < 0 ? lineEnd : nl + 1, insert: '' };
    }
    return { from: el.from, to: el.to, insert: '' };
  }

  /** One step of indentation as the file writes it: the smallest difference between an element's indentation and its first child's. */
  private indentUnit(): string {
    let best: string | undefined;
    find(this.doc.roots, (el) => {
      const child = el.children[0];
      if (!child) return false;
      const outer = indentAt(this.text, el.from);
      const inner = indentAt(this.text, child.from);
      if (inner.startsWith(outer) && inner.length > outer.length) {
        const step = inner.slice(outer.length);
        if (best === undefined || step.length < best.length) best = step;
      }
      return false;
    });
    return best ?? '  ';
  }
}

function propertyElement(name: string, to: XmlPropertyValue): string {
  return 'ref' in to
    ? `<property name="${escapeXmlAttribute(name)}" ref="${escapeXmlAttribute(to.ref)}"/>`
    : `<property name="${escapeXmlAttribute(name)}" value="${escapeXmlAttribute(to.value)}"/>`;
}

function find(elements: readonly XmlElement[], test: (el: XmlElement) => boolean): XmlElement | undefined {
  for (const el of elements) {
    if (test(el)) return el;
    const inner = find(el.children, test);
    if (inner) return inner;
  }
  return undefined;
}
