import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import type { CostAssignmentPolicy } from '../../model/uri-policies.js';

export const unitCostAssignmentPolicyComponent = defineComponent({
  name: 'UnitCostAssignmentPolicy',
  aliases: ['org.archive.crawler.frontier.UnitCostAssignmentPolicy'],
  description:
    'Every URI costs its queue 1: a queue\'s budgets (balanceReplenishAmount, queueTotalBudget) count URIs. The preparer\'s default.',
  kinds: ['CostAssignmentPolicy'],
  props: {},
  load: async (): Promise<ComponentClass> => UnitCostAssignmentPolicy,
});

/** Heritrix's UnitCostAssignmentPolicy. */
export class UnitCostAssignmentPolicy implements CostAssignmentPolicy {
  costOf(): number {
    return 1;
  }
}
