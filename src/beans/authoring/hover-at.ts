import { decodeXmlText } from '../parse/xml-text.js';
import type { AuthoringContext, BeanFormat } from './authoring-context.js';
import { pathSegments } from './bean-index.js';
import type { BeanOutline } from './bean-outline.js';
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
      return at(p && d && withEffective(propertyMarkdown(p, d, name), bean, p.name));
    }
    case 'ref':
    case 'parent': {
      const bean = index.get(word);
      return at(bean && beanMarkdown(word, bean, index.classNameOf(bean), index.descriptorOf(bean)));
    }
    case 'path': {
      const hover = hoverPath(raw, from, offset, index, cursor.sheet);
      const key = raw.slice(0, hover ? hover.to - from : 0);
      const found = hover && key.includes('.') ? pathProperty(key, index, cursor.sheet) : undefined;
      const bean = found && index.walk(pathSegments(key), cursor.sheet);
      return hover && found && bean ? { ...hover, contents: withEffective(hover.contents, bean, found.property.name) } : hover;
    }
    case 'pathValue': {
      const found = pathProperty(cursor.key, index, cursor.sheet);
      const bean = found && index.walk(pathSegments(cursor.key), cursor.sheet);
      return at(found && withEffective(propertyMarkdown(found.property, found.component, found.written), bean, found.property.name));
    }
    default:
      return undefined;
  }

  /** The property's markdown, and its value after overrides when a verify has resolved the bean. */
  function withEffective(markdown: string, bean: BeanOutline | undefined, property: string): string {
    const id = bean && !bean.inner && !bean.anonymous ? bean.id : undefined;
    const effective = id === undefined ? undefined : context.effectiveValue?.(id, property);
    return effective === undefined ? markdown : `${markdown}\n\n${effective}`;
  }
}
