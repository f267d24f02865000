import { addImpliedHttp, asSurtPrefix, coerceHttpsToHttp, surtFromPlain } from './implied-surt-prefix.js';

/**
 * Why a prefix written as a URL covers more than it seems to, or undefined. As in Heritrix, a
 * URL's implied SURT prefix ends at its last `/`: `http://example.org/tutorial` stands for
 * `http://(org,example,)/`, the whole folder above. The message names the prefix it becomes and
 * the two ways to write the narrower one. A SURT prefix (with `(`) or a bare host is taken as written.
 */
export function surtPrefixWidening(value: string): string | undefined {
  const v = value.trim();
  if (v.indexOf('(') > 0 || !/^[a-z][a-z0-9+.-]*:\/\/[^/]+\/./i.test(addImpliedHttp(v))) return undefined;
  const full = coerceHttpsToHttp(surtFromPlain(v));
  const prefix = coerceHttpsToHttp(asSurtPrefix(full));
  if (prefix === full) return undefined;
  const url = addImpliedHttp(v).replace(/[?#].*$/, '');
  const folder = url.slice(0, url.lastIndexOf('/') + 1);
  const narrower = /[?#]/.test(v) || /\.[^/]*$/.test(url) ? '' : `"${v}/" or `;
  return `"${v}" becomes the SURT prefix "${prefix}", all of ${folder} (as in Heritrix, a URL's prefix ends at its last "/"); ` +
    `for ${v} and below only, write ${narrower}the SURT prefix "${full}"`;
}
