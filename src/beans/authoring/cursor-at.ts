import type { AuthoringContext, BeanFormat } from './authoring-context.js';
import { BeanIndex } from './bean-index.js';
import type { CursorContext } from './cursor-context.js';
import { jsonCursor } from './json-cursor.js';
import { outlineJson } from './outline-json.js';
import { outlineXml } from './outline-xml.js';
import { scanXml } from './scan-xml.js';
import { xmlCursor } from './xml-cursor.js';

/** A bean file read for completion and hover: what the cursor is in, and the beans it can see. */
export interface CursorAt {
  readonly index: BeanIndex;
  readonly cursor?: CursorContext;
}

/** Reads the text tolerantly (it may not be well formed) and finds what the cursor at `offset` is in. */
export function cursorAt(text: string, offset: number, format: BeanFormat, context: AuthoringContext): CursorAt {
  const at = Math.max(0, Math.min(offset, text.length));
  if (format === 'xml') {
    const doc = scanXml(text);
    const outline = outlineXml(doc);
    const index = new BeanIndex(context.registry, outline.beans, context.otherBeans);
    return { index, cursor: xmlCursor(doc, outline, index, at) };
  }
  const outline = outlineJson(text);
  const index = new BeanIndex(context.registry, outline.beans, context.otherBeans);
  return { index, cursor: jsonCursor(text, outline, index, at) };
}

/** The beans of a bean file (read tolerantly) and of the files read with it. */
export function beanIndexOf(text: string, format: BeanFormat, context: AuthoringContext): BeanIndex {
  const beans = format === 'xml' ? outlineXml(scanXml(text)).beans : outlineJson(text).beans;
  return new BeanIndex(context.registry, beans, context.otherBeans);
}
