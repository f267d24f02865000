import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';
import { impliedSurtPrefix } from '../util/url/implied-surt-prefix.js';
import { surtPrefixWidening } from '../util/url/surt-prefix-widening.js';

export const surtPrefixesSheetAssociationComponent = defineComponent({
  name: 'SurtPrefixesSheetAssociation',
  aliases: ['org.archive.crawler.spring.SurtPrefixesSheetAssociation'],
  description: 'Applies sheets to the URIs under SURT prefixes (`http://(org,example,`); longer prefixes take precedence over shorter ones.',
  kinds: ['SheetAssociation'],
  props: {
    surtPrefixes: { type: 'array', items: { type: 'string' }, default: [], description: 'SURT prefixes; https is compared as http. A plain URL or ' +
      'host is turned into its implied prefix.' },
    targetSheetNames: { type: 'array', items: { type: 'string' }, default: [], description: 'The sheets (bean ids of Sheet beans) applied, in order.' },
  },
  // A prefix written as a URL that covers a whole folder where it seems to name one page or folder: a warning at its line.
  validate: (bean) => (bean.config.surtPrefixes as readonly string[]).flatMap((value, i) => {
    const widening = surtPrefixWidening(value);
    return widening === undefined ? [] : [{ property: 'surtPrefixes', at: bean.locationOf('surtPrefixes', String(i)), code: 'BC_SURT_PREFIX_WIDENED' as const, severity: 'warning' as const, message: widening }];
  }),
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
