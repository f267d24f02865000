/** Lower-cased header names to values, repeated headers joined with ", " (HttpResponse.headers). */
export function headerMap(rawHeaders: readonly string[]): Record<string, string> {
  const map: Record<string, string> = Object.create(null);
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    const prior = map[name];
    map[name] = prior === undefined ? rawHeaders[i + 1] : `${prior}, ${rawHeaders[i + 1]}`;
  }
  return map;
}

/** The first value of a header in a raw list (name matched case-insensitively). */
export function rawHeaderValue(rawHeaders: readonly string[], lowerCaseName: string): string | undefined {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i].length === lowerCaseName.length && rawHeaders[i].toLowerCase() === lowerCaseName) return rawHeaders[i + 1];
  }
  return undefined;
}

const CHARSET = /;\s*charset\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i;

/** The charset parameter of a Content-Type value, lower-cased; undefined when absent. */
export function charsetOf(contentType: string): string | undefined {
  const m = CHARSET.exec(contentType);
  const value = m && (m[1] ?? m[2]);
  return value ? value.toLowerCase() : undefined;
}

/** Every value of a header in a raw list, in order (name matched case-insensitively). */
export function rawHeaderValues(rawHeaders: readonly string[], lowerCaseName: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i].length === lowerCaseName.length && rawHeaders[i].toLowerCase() === lowerCaseName) values.push(rawHeaders[i + 1]);
  }
  return values;
}
