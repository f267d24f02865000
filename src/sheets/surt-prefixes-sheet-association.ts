import { impliedSurtPrefix } from '../util/url/implied-surt-prefix.js';

/** SURT prefixes → sheet names. */
export class SurtPrefixesSheetAssociation {
  beanName = '';
  readonly prefixes: readonly string[];

  constructor(readonly config: { readonly surtPrefixes: readonly string[]; readonly targetSheetNames: readonly string[] }) {
    this.prefixes = config.surtPrefixes.map(toSurtPrefix);
  }
}

/** A SURT prefix as given (lower-cased, https as http), or the implied prefix of a plain URL or host. */
export function toSurtPrefix(value: string): string {
  const v = value.trim();
  const prefix = v.includes('(') ? v.toLowerCase() : impliedSurtPrefix(v);
  return prefix.replace(/^https:\/\//, 'http://');
}
