/** Path extensions of media that a server should not answer with HTML (Heritrix's NON_HTML_PATH_EXTENSION). */
const NON_HTML_EXTENSIONS = new Set(['gif', 'jpg', 'jpeg', 'png', 'tif', 'tiff', 'bmp', 'avi', 'mov', 'mpg', 'mpeg', 'mp3', 'mp4', 'swf', 'wav', 'au', 'aiff', 'mid']);

/**
 * Heritrix's isHtmlExpectedHere, negated: the URI's path ends in an image, audio or video
 * extension (`/logo.GIF`), so HTML there is an error page, not a document worth reading.
 */
export function hasNonHtmlExtension(uri: string): boolean {
  const scheme = uri.indexOf('://');
  const pathStart = scheme < 0 ? -1 : uri.indexOf('/', scheme + 3);
  if (pathStart < 0) return false;
  let pathEnd = uri.length;
  for (let i = pathStart; i < uri.length; i++) {
    const c = uri.charCodeAt(i);
    if (c === 0x3f || c === 0x23) {
      pathEnd = i;
      break;
    }
  }
  const dot = uri.lastIndexOf('.', pathEnd - 1);
  if (dot < pathStart || dot < pathEnd - 5) return false;
  return NON_HTML_EXTENSIONS.has(uri.slice(dot + 1, pathEnd).toLowerCase());
}
