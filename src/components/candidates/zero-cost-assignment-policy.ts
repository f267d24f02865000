import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import type { CostAssignmentPolicy } from '../../model/uri-policies.js';

export const zeroCostAssignmentPolicyComponent = defineComponent({
  name: 'ZeroCostAssignmentPolicy',
  aliases: ['org.archive.crawler.frontier.ZeroCostAssignmentPolicy'],
  description:
    'Every URI costs its queue nothing: queues never spend their budgets, so balanceReplenishAmount never rotates them ' +
    'and queueTotalBudget never retires them (only failures\' errorPenaltyAmount is still charged).',
  kinds: ['CostAssignmentPolicy'],
  props: {},
  load: async (): Promise<ComponentClass> => ZeroCostAssignmentPolicy,
});

/** Heritrix's ZeroCostAssignmentPolicy. */
export class ZeroCostAssignmentPolicy implements CostAssignmentPolicy {
  costOf(): number {
    return 0;
  }
}
