/** How far into a body without a Content-Type the sniffer looks. */
const SNIFF_BYTES = 512;

/** What an HTML document opens with, after blanks and comments (WHATWG's MIME sniffing, HTML part). */
const SIGNATURES = ['<!doctype html', '<html', '<head', '<body'].map((s) => Buffer.from(s, 'latin1'));

/**
 * Whether a response is HTML: by its media type (`CrawlUri.mimeType`: `text/html` or
 * `application/xhtml+xml`) or, when it declared none, by sniffing the body's start. A declared type
 * is never overruled: `text/plain` full of tags is not parsed.
 */
export function isHtmlResponse(mimeType: string, body: Uint8Array): boolean {
  return mimeType === '' ? looksLikeHtml(body) : isHtmlMimeType(mimeType);
}

/** `text/html` or `application/xhtml+xml` (a media type as `mimeTypeOf` gives it: lower case, no parameters). */
export function isHtmlMimeType(mimeType: string): boolean {
  return mimeType === 'text/html' || mimeType === 'application/xhtml+xml';
}

/** The body's first 512 bytes open, after a UTF-8 BOM, blanks and comments, with `<!doctype html`, `<html`, `<head` or `<body` (any case) and a ' +
  'space, `>` or `/` after it. */
export function looksLikeHtml(body: Uint8Array): boolean {
  const end = Math.min(body.length, SNIFF_BYTES);
  let i = body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  for (;;) {
    while (i < end && isBlank(body[i])) i++;
    if (!startsWithIgnoreCase(body, i, COMMENT_OPEN)) break;
    const close = Buffer.from(body.buffer, body.byteOffset, end).indexOf('-->', i + 4);
    if (close < 0) return false;
    i = close + 3;
  }
  return SIGNATURES.some((sig) => startsWithIgnoreCase(body, i, sig) && isTagEnd(body[i + sig.length]));
}

function startsWithIgnoreCase(body: Uint8Array, at: number, sig: Uint8Array): boolean {
  if (at + sig.length > body.length) return false;
  for (let k = 0; k < sig.length; k++) {
    const b = body[at + k];
    if ((b >= 0x41 && b <= 0x5a ? b | 0x20 : b) !== sig[k]) return false;
  }
  return true;
}

const COMMENT_OPEN = Buffer.from('<!--', 'latin1');

function isBlank(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d;
}

/** A byte that may follow a tag name (or end the body's sniffed part). */
function isTagEnd(b: number | undefined): boolean {
  return b === undefined || b === 0x3e || b === 0x2f || isBlank(b);
}
