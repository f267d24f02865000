import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { RuleSheetAssociation } from '../../sheets/sheet-overlay.js';

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
  load: async (): Promise<ComponentClass> => DecideRuledSheetAssociation,
});

/** Heritrix's DecideRuledSheetAssociation: registers with the sheets layer through its interface. */
export class DecideRuledSheetAssociation implements RuleSheetAssociation {
  beanName = '';

  constructor(readonly config: ConfigOf<typeof decideRuledSheetAssociationComponent>) {}

  get targetSheetNames(): readonly string[] {
    return this.config.targetSheetNames;
  }

  get order(): number {
    return this.config.order;
  }

  appliesTo(subject: unknown): boolean {
    return this.config.rules.decisionFor(subject as CrawlUri) === DecideResult.ACCEPT;
  }
}
