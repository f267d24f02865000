import { decodeXmlText } from '../parse/xml-text.js';
import type { AuthoringContext, BeanFormat } from './authoring-context.js';
import { cursorAt } from './cursor-at.js';
import type { Hover } from './hover.js';
import { beanMarkdown, componentMarkdown, propertyMarkdown } from './property-docs.js';
import { hoverPath, pathProperty } from './property-paths.js';

/**
 * What hovering at `offset` of a bean file shows, in markdown: for a class name, the
 * component's description, kinds and other names; for a property name (or a value of it), the
 * property's type, default, description and whether sheets or a running crawl may change it; for
 * a bean id (a reference, a `parent`), the bean's class; for a segment of an override or sheet
 * key, the bean or property it names. Undefined over anything else.
 */
export function hoverAt(text: string, offset: number, format: BeanFormat, context: AuthoringContext): Hover | undefined {
  const { index, cursor } = cursorAt(text, offset, format, context);
  if (!cursor) return undefined;
  const { from, to } = cursor.range;
  const raw = text.slice(from, to);
  const word = format === 'xml' ? decodeXmlText(raw) : raw;
  if (!word.trim()) return undefined;
  const at = (contents: string | undefined): Hover | undefined => (contents === undefined ? undefined : { contents, from, to });
  switch (cursor.kind) {
    case 'class': {
      const d = context.registry.lookup(word);
      return at(d && componentMarkdown(d, word));
    }
    case 'property':
    case 'constructorArg':
    case 'value': {
      const bean = cursor.kind === 'value' ? cursor.slot.bean : cursor.bean;
      const d = index.descriptorOf(bean);
      const name = cursor.kind === 'value' ? (cursor.slot.property ?? (cursor.slot.arg !== undefined ? d?.constructorArgs?.[cursor.slot.arg] : undefined)) : word;
      const p = d && name !== undefined ? index.propertyOf(d, name) : undefined;
      return at(p && d && propertyMarkdown(p, d, name));
    }
    case 'ref':
    case 'parent': {
      const bean = index.get(word);
      return at(bean && beanMarkdown(word, bean, index.classNameOf(bean), index.descriptorOf(bean)));
    }
    case 'path':
      return hoverPath(raw, from, offset, index, cursor.sheet);
    case 'pathValue': {
      const found = pathProperty(cursor.key, index, cursor.sheet);
      return at(found && propertyMarkdown(found.property, found.component, found.written));
    }
    default:
      return undefined;
  }
}
