import { TextDecoder } from 'node:util';
import { decodeWindows1252 } from './decode-windows-1252.js';
import { decoderFor } from './decoder-for.js';
import { prescanMetaCharset } from './prescan-meta-charset.js';

const WINDOWS_1252 = new TextDecoder('windows-1252');

/** The text of an HTML body and the encoding (WHATWG name) it was read in. */
export interface DecodedHtml {
  readonly text: string;
  readonly encoding: string;
}

/**
 * Decodes an HTML body, choosing the encoding as browsers do: a byte-order mark first, then
 * the Content-Type header's charset, then a `<meta>` declaration in the first 1,024 bytes, then
 * the crawl's default (fetchHttp.defaultEncoding), windows-1252 when that is unknown too. An
 * unknown label at any step passes to the next. Malformed bytes become U+FFFD; windows-1252
 * (which latin1 and iso-8859-1 mean) is decoded by the WHATWG table, whatever Node's version.
 */
export function decodeHtml(body: Uint8Array, headerCharset: string | undefined, defaultEncoding: string): DecodedHtml {
  const decoder =
    bomDecoder(body) ??
    (headerCharset ? decoderFor(headerCharset) : undefined) ??
    prescanMetaCharset(body) ??
    decoderFor(defaultEncoding) ??
    WINDOWS_1252;
  const encoding = decoder.encoding;
  return { text: encoding === 'windows-1252' ? decodeWindows1252(body) : decoder.decode(body), encoding };
}

/** The encoding a byte-order mark announces (UTF-8, UTF-16LE, UTF-16BE), if the body starts with one. */
function bomDecoder(body: Uint8Array): TextDecoder | undefined {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return decoderFor('utf-8');
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return decoderFor('utf-16le');
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return decoderFor('utf-16be');
  return undefined;
}
