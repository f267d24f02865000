import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { RuleSheetAssociation } from '../../sheets/sheet-overlay.js';
import type { decideRuledSheetAssociationComponent } from './decide-ruled-sheet-association.descriptor.js';

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
