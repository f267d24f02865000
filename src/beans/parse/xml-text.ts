import { escapeRegExp } from '../../util/escape-regexp.js';

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Decodes XML's five predefined entities and numeric character references in one pass (the
 * parser is told not to, so that `&amp;#38;` cannot be decoded twice). Anything else is left.
 */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name[0] !== '#') return XML_ENTITIES[name] ?? whole;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The offset just past the `>` of the start tag that begins at `offset`. */
export function startTagEnd(source: string, offset: number): number {
  let quote = '';
  for (let i = offset; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i + 1;
  }
  return source.length;
}

/** The offset of the value of attribute `name` in the start tag at `offset` (past its quote). */
export function attributeValueOffset(source: string, offset: number, name: string): number {
  const end = startTagEnd(source, offset);
  const tag = source.slice(offset, end);
  const re = new RegExp(`\\s${escapeRegExp(name)}\\s*=\\s*["']`);
  const m = re.exec(tag);
  return m ? offset + m.index + m[0].length : offset;
}
