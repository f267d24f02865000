import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const decideRuledSheetAssociationComponent = defineComponent({
  name: 'DecideRuledSheetAssociation',
  aliases: ['org.archive.crawler.spring.DecideRuledSheetAssociation'],
  description: 'Applies sheets to the URIs a decide rule accepts; these sheets take precedence over SURT-prefix ones, in `order`, then by bean id.',
  kinds: ['SheetAssociation'],
  props: {
    targetSheetNames: { type: 'array', items: { type: 'string' }, default: [], description: 'The sheets (bean ids of Sheet beans) applied, in order.' },
    order: { type: 'integer', default: 0, description: 'Rule-based associations apply in ascending order; later ones win.' },
  },
  refs: {
    rules: { kind: 'DecideRule', required: true, description: 'The rule: its sheets apply when it returns ACCEPT.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./decide-ruled-sheet-association.js')).DecideRuledSheetAssociation,
});
