import { addImpliedHttp } from './implied-surt-prefix.js';
import { serializeUrl } from './normalize-url.js';
import { surt } from './surt.js';

/**
 * The ever coarser SURT keys Heritrix's SURTTokenizer (`nextSearch`) offers for prefix lookups,
 * finest first: the exact key with a TAB appended, the key, the key without its query, then one
 * path segment less at a time, then without login, without port, then one host label less at a
 * time. `http://www.archive.org:8080/cgi?foobar` gives `(org,archive,www,:8080)/cgi?foobar\t`,
 * `(org,archive,www,:8080)/cgi?foobar`, `…)/cgi`, `(org,archive,www,:8080`, `(org,archive,www`,
 * `(org,archive`, `(org`.
 */
export function surtSearchKeys(url: string): string[] {
  let rest = url.startsWith('(') ? url : exactSurtKey(url);
  const keys = [rest + '\t', rest];
  const query = rest.indexOf('?');
  if (query >= 0) keys.push((rest = rest.slice(0, query)));
  for (let slash = rest.lastIndexOf('/'); slash >= 0; slash = rest.lastIndexOf('/')) {
    rest = rest.slice(0, slash);
    if (rest.endsWith(')')) rest = rest.slice(0, -1);
    keys.push(rest);
  }
  for (const mark of ['@', ':']) {
    const at = rest.lastIndexOf(mark);
    if (at < 0) continue;
    rest = rest.slice(0, at);
    if (rest.endsWith(',')) rest = rest.slice(0, -1);
    keys.push(rest);
  }
  for (let comma = rest.lastIndexOf(','); comma >= 0; comma = rest.lastIndexOf(',')) {
    keys.push((rest = rest.slice(0, comma)));
  }
  return keys;
}

/** The SURT of the fixed-up URL without fragment, and without `http://` (other schemes stay). */
function exactSurtKey(url: string): string {
  const withScheme = addImpliedHttp(url);
  const fixed = URL.canParse(withScheme) ? serializeUrl(new URL(withScheme)) : withScheme;
  let key = surt(fixed);
  const hash = key.indexOf('#');
  if (hash >= 0) key = key.slice(0, hash);
  return key.startsWith('http://') ? key.slice(7) : key;
}
