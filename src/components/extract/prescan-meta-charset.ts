import { TextDecoder } from 'node:util';
import { decoderFor } from './decoder-for.js';

/** How much of the body the prescan reads (Heritrix reads 1,000 characters, WHATWG 1,024 bytes). */
export const PRESCAN_BYTES = 1024;

const META_TAG = /<meta[\s/][^>]*>/gi;
const ATTRIBUTE = /([^\s"'>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g;

/**
 * The encoding a document declares near its start, by a simplified WHATWG prescan of the first
 * 1,024 bytes read as latin1: the first `<meta charset>` or `<meta http-equiv="content-type"
 * content="…; charset=…">` naming a known encoding. UTF-16 declarations mean UTF-8 (a document
 * read as ASCII cannot be UTF-16), `x-user-defined` means windows-1252. Undefined when none.
 */
export function prescanMetaCharset(body: Uint8Array): TextDecoder | undefined {
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, PRESCAN_BYTES)).toString('latin1');
  META_TAG.lastIndex = 0;
  for (let m = META_TAG.exec(head); m !== null; m = META_TAG.exec(head)) {
    const label = declaredCharset(m[0]);
    const decoder = label === undefined ? undefined : decoderFor(label);
    if (decoder !== undefined) return decoder.encoding.startsWith('utf-16') ? decoderFor('utf-8') : decoder;
  }
  return undefined;
}

/** The charset one `<meta …>` tag declares: its `charset`, else its content-type `content`'s charset parameter. */
function declaredCharset(tag: string): string | undefined {
  let charset: string | undefined;
  let httpEquiv: string | undefined;
  let content: string | undefined;
  ATTRIBUTE.lastIndex = 5;
  for (let a = ATTRIBUTE.exec(tag); a !== null; a = ATTRIBUTE.exec(tag)) {
    const name = a[1].toLowerCase();
    const value = a[2] ?? a[3] ?? a[4];
    if (name === 'charset') charset ??= value;
    else if (name === 'http-equiv') httpEquiv ??= value;
    else if (name === 'content') content ??= value;
  }
  if (charset !== undefined) return charset === 'x-user-defined' ? 'windows-1252' : charset;
  if (httpEquiv?.trim().toLowerCase() === 'content-type' && content !== undefined) return charsetParameter(content);
  return undefined;
}

/** The `charset=` of a content-type value: `text/html; charset="utf-8"` gives `utf-8`. */
export function charsetParameter(contentType: string): string | undefined {
  const at = contentType.toLowerCase().indexOf('charset');
  if (at < 0) return undefined;
  let i = at + 7;
  while (contentType[i] === ' ' || contentType[i] === '\t') i++;
  if (contentType[i] !== '=') return charsetParameter(contentType.slice(at + 7));
  i++;
  while (contentType[i] === ' ' || contentType[i] === '\t') i++;
  const quote = contentType[i];
  if (quote === '"' || quote === "'") {
    const end = contentType.indexOf(quote, i + 1);
    return end < 0 ? undefined : contentType.slice(i + 1, end);
  }
  let end = i;
  while (end < contentType.length && !';, \t\'"'.includes(contentType[end])) end++;
  return end > i ? contentType.slice(i, end) : undefined;
}
