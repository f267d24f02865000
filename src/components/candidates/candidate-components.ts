import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { candidateScoperComponent } from './candidate-scoper.descriptor.js';
import { CANONICALIZATION_RULE_COMPONENTS } from './canonicalization-rules.descriptor.js';
import { frontierPreparerComponent } from './frontier-preparer.descriptor.js';
import { hostnameQueueAssignmentPolicyComponent } from './hostname-queue-assignment-policy.descriptor.js';
import { ipQueueAssignmentPolicyComponent } from './ip-queue-assignment-policy.descriptor.js';
import { rulesCanonicalizationPolicyComponent } from './rules-canonicalization-policy.descriptor.js';
import { surtAuthorityQueueAssignmentPolicyComponent } from './surt-authority-queue-assignment-policy.descriptor.js';

/** The candidate chain's processors and the URI policies they use. */
export const CANDIDATE_COMPONENTS: ComponentDescriptor[] = [
  candidateScoperComponent,
  frontierPreparerComponent,
  rulesCanonicalizationPolicyComponent,
  ...CANONICALIZATION_RULE_COMPONENTS,
  surtAuthorityQueueAssignmentPolicyComponent,
  hostnameQueueAssignmentPolicyComponent,
  ipQueueAssignmentPolicyComponent,
];
