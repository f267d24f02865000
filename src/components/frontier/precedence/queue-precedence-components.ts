import type { ComponentDescriptor } from '../../../beans/registry/component-descriptor.js';
import { baseQueuePrecedencePolicyComponent } from './base-queue-precedence-policy.js';
import { highestUriQueuePrecedencePolicyComponent } from './highest-uri-queue-precedence-policy.js';
import { successCountsQueuePrecedencePolicyComponent } from './success-counts-queue-precedence-policy.js';

/** Heritrix's org.archive.crawler.frontier.precedence queue policies: a queue's turn, set by the frontier. */
export const QUEUE_PRECEDENCE_COMPONENTS: ComponentDescriptor[] = [
  baseQueuePrecedencePolicyComponent,
  highestUriQueuePrecedencePolicyComponent,
  successCountsQueuePrecedencePolicyComponent,
];
