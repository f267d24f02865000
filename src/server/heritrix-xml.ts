/**
 * A document of Heritrix's REST answers: nested maps (element names as keys, in order), lists,
 * and plain values. `null` is an empty element (JSON null), as Heritrix marshals a report it has
 * no figures for; `undefined` leaves the member out.
 */
export type HeritrixValue = string | number | boolean | null | undefined | readonly HeritrixValue[] | HeritrixMap;
export interface HeritrixMap {
  readonly [name: string]: HeritrixValue;
}

export interface XmlOptions {
  /** The element each list item is written as: Heritrix's `value`, RFC 9457's `i`. */
  readonly itemName?: string;
  /** A default namespace on the root element (problem+xml's `urn:ietf:rfc:7807`). */
  readonly namespace?: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
/** Characters XML 1.0 cannot hold at all, even escaped: dropped, as Heritrix's XmlMarshaller drops them. */
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * The document as XML the way Heritrix's XmlMarshaller writes it: maps as elements named by their
 * keys, list items as `<value>` elements, values as text, indented by two. Text is escaped and
 * stripped of characters XML cannot carry: crawled strings (URLs, log lines) are data, never markup.
 */
export function toXml(root: string, value: HeritrixValue, options: XmlOptions = {}): string {
  const out = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'];
  write(out, root, value, 0, options.itemName ?? 'value', options.namespace);
  return out.join('');
}

/** Text made safe for XML element content. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>]/g, (c) => ENTITIES[c]);
}

function write(out: string[], name: string, value: HeritrixValue, depth: number, itemName: string, namespace?: string): void {
  if (value === undefined) return;
  // Names are the documents' own; a key from elsewhere (a problem's validation details) is made one.
  if (!NAME.test(name)) name = `_${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
  const pad = '  '.repeat(depth);
  const open = namespace === undefined ? name : `${name} xmlns="${xmlText(namespace).replace(/"/g, '&quot;')}"`;
  if (value === null) {
    out.push(`${pad}<${open}/>\n`);
    return;
  }
  if (typeof value !== 'object') {
    out.push(`${pad}<${open}>${xmlText(String(value))}</${name}>\n`);
    return;
  }
  const children: Array<readonly [string, HeritrixValue]> = isList(value)
    ? value.map((item) => [itemName, item] as const)
    : Object.entries(value).filter(([, v]) => v !== undefined);
  if (children.length === 0) {
    out.push(`${pad}<${open}/>\n`);
    return;
  }
  out.push(`${pad}<${open}>\n`);
  for (const [childName, child] of children) write(out, childName, child, depth + 1, itemName);
  out.push(`${pad}</${name}>\n`);
}

function isList(value: readonly HeritrixValue[] | HeritrixMap): value is readonly HeritrixValue[] {
  return Array.isArray(value);
}
