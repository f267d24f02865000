import { parseJavaProperties } from '../parse/java-properties.js';
import type { TextEdit } from './config-edit.js';

/** A value as Java properties text writes it: backslashes, line ends and tabs escaped, leading white space kept. */
export function escapePropertiesValue(value: string): string {
  const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t').replace(/\f/g, '\\f');
  return escaped.replace(/^ /, '\\ ');
}

/**
 * The replacement of the value of `key`'s entry in a Java properties text (the last entry of the
 * key, the one Java's load keeps), from its first character to its logical line's end
 * (continuation lines included). `keyOf` reads a key as written (XML-decoded inside XML text).
 */
export function propertiesValueEdit(text: string, key: string, value: string, encode: (s: string) => string, keyOf: (raw: string) => string = (k) => k): TextEdit | undefined {
  const entry = parseJavaProperties(text).filter((e) => !e.malformed && keyOf(e.key) === key).at(-1);
  if (!entry) return undefined;
  return { from: entry.valueOffset, to: logicalLineEnd(text, entry.valueOffset), insert: encode(escapePropertiesValue(value)) };
}

/** Where the logical line holding `offset` ends: before the first line end not escaped by an odd run of backslashes. */
function logicalLineEnd(text: string, offset: number): number {
  let i = offset;
  for (;;) {
    const nl = text.slice(i).search(/\r\n|\r|\n/);
    if (nl < 0) return text.length;
    const end = i + nl;
    let backslashes = 0;
    for (let j = end - 1; j >= offset && text[j] === '\\'; j--) backslashes++;
    if (backslashes % 2 === 0) return end;
    i = end + (text.startsWith('\r\n', end) ? 2 : 1);
  }
}
