import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { candidateScoperComponent } from './candidate-scoper.js';
import { CANONICALIZATION_RULE_COMPONENTS } from './canonicalization-rule-beans.js';
import { frontierPreparerComponent } from './frontier-preparer.js';
import { hashCrawlMapperComponent } from './hash-crawl-mapper.descriptor.js';
import { lexicalCrawlMapperComponent } from './lexical-crawl-mapper.js';
import { hostnameQueueAssignmentPolicyComponent } from './hostname-queue-assignment-policy.js';
import { ipQueueAssignmentPolicyComponent } from './ip-queue-assignment-policy.js';
import { rulesCanonicalizationPolicyComponent } from './rules-canonicalization-policy.js';
import { assignmentLevelSurtQueueAssignmentPolicyComponent } from './assignment-level-surt-queue-assignment-policy.descriptor.js';
import { surtAuthorityQueueAssignmentPolicyComponent } from './surt-authority-queue-assignment-policy.js';
import { unitCostAssignmentPolicyComponent } from './unit-cost-assignment-policy.js';
import { zeroCostAssignmentPolicyComponent } from './zero-cost-assignment-policy.js';
import { wagCostAssignmentPolicyComponent } from './wag-cost-assignment-policy.js';
import { antiCalendarCostAssignmentPolicyComponent } from './anti-calendar-cost-assignment-policy.js';

/** The candidate chain's processors (scoper, crawl mapper, preparer) and the URI policies they use (canonicalization, queue assignment, cost). */
export const CANDIDATE_COMPONENTS: ComponentDescriptor[] = [
  candidateScoperComponent,
  frontierPreparerComponent,
  hashCrawlMapperComponent,
  lexicalCrawlMapperComponent,
  rulesCanonicalizationPolicyComponent,
  ...CANONICALIZATION_RULE_COMPONENTS,
  surtAuthorityQueueAssignmentPolicyComponent,
  assignmentLevelSurtQueueAssignmentPolicyComponent,
  hostnameQueueAssignmentPolicyComponent,
  ipQueueAssignmentPolicyComponent,
  unitCostAssignmentPolicyComponent,
  zeroCostAssignmentPolicyComponent,
  wagCostAssignmentPolicyComponent,
  antiCalendarCostAssignmentPolicyComponent,
];
