import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';
import { impliedSurtPrefix } from '../util/url/implied-surt-prefix.js';

export const surtPrefixesSheetAssociationComponent = defineComponent({
  name: 'SurtPrefixesSheetAssociation',
  aliases: ['org.archive.crawler.spring.SurtPrefixesSheetAssociation'],
  description: 'Applies sheets to the URIs under SURT prefixes (`http://(org,example,`); longer prefixes take precedence over shorter ones.',
  kinds: ['SheetAssociation'],
  props: {
    surtPrefixes: { type: 'array', items: { type: 'string' }, default: [], description: 'SURT prefixes; https is compared as http. A plain URL or host is turned into its implied prefix.' },
    targetSheetNames: { type: 'array', items: { type: 'string' }, default: [], description: 'The sheets (bean ids of Sheet beans) applied, in order.' },
  },
  load: async (): Promise<ComponentClass> => SurtPrefixesSheetAssociation,
});

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
