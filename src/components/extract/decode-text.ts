import { decoderFor } from './decoder-for.js';

/**
 * Decodes a text body (a style sheet, a script, a robots.txt, a sitemap): a byte-order mark
 * first, then the charset the Content-Type header or the document declares, then `fallback`.
 * Unknown labels pass to the next step; malformed bytes become U+FFFD.
 */
export function decodeText(body: Uint8Array, declared: string | undefined, fallback = 'utf-8'): string {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return decoderFor('utf-8')!.decode(body);
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return decoderFor('utf-16le')!.decode(body);
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return decoderFor('utf-16be')!.decode(body);
  const decoder = (declared ? decoderFor(declared) : undefined) ?? decoderFor(fallback) ?? decoderFor('utf-8')!;
  return decoder.decode(body);
}
