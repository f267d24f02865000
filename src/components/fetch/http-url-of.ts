/** The URL of an http(s) URI, or undefined for another scheme or one that does not parse. */
export function httpUrlOf(uri: string): URL | undefined {
  if (!(uri.startsWith('http:') || uri.startsWith('https:'))) return undefined;
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}
