/**
 * A wildcard pattern as a regular expression over the whole string: `*` any run of characters
 * (also none), `?` exactly one; everything else literal (`*.pdf`, `text/*`, `http://*.example.org/*`).
 */
export function wildcardRegex(pattern: string, ignoreCase = false): RegExp {
  let body = '';
  for (const c of pattern) {
    if (c === '*') body += '.*';
    else if (c === '?') body += '.';
    else body += c.replace(/[.+^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${body}$`, ignoreCase ? 'is' : 's');
}
