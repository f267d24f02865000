import type { ComponentDescriptor } from '../../../beans/registry/component-descriptor.js';
import { baseQueuePrecedencePolicyComponent } from './base-queue-precedence-policy.js';
import { baseUriPrecedencePolicyComponent } from './base-uri-precedence-policy.js';
import { costUriPrecedencePolicyComponent } from './cost-uri-precedence-policy.js';
import { highestUriQueuePrecedencePolicyComponent } from './highest-uri-queue-precedence-policy.js';
import { hopsUriPrecedencePolicyComponent } from './hops-uri-precedence-policy.js';
import { preloadedUriPrecedencePolicyComponent } from './preloaded-uri-precedence-policy.js';
import { successCountsQueuePrecedencePolicyComponent } from './success-counts-queue-precedence-policy.js';

/** Heritrix's org.archive.crawler.frontier.precedence policies: a URI's order within its queue (the preparer's), a queue's turn (the frontier's). */
export const PRECEDENCE_COMPONENTS: ComponentDescriptor[] = [
  costUriPrecedencePolicyComponent,
  baseUriPrecedencePolicyComponent,
  hopsUriPrecedencePolicyComponent,
  preloadedUriPrecedencePolicyComponent,
  baseQueuePrecedencePolicyComponent,
  highestUriQueuePrecedencePolicyComponent,
  successCountsQueuePrecedencePolicyComponent,
];
