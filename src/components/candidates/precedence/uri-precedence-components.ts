import type { ComponentDescriptor } from '../../../beans/registry/component-descriptor.js';
import { baseUriPrecedencePolicyComponent } from './base-uri-precedence-policy.js';
import { costUriPrecedencePolicyComponent } from './cost-uri-precedence-policy.js';
import { hopsUriPrecedencePolicyComponent } from './hops-uri-precedence-policy.js';
import { preloadedUriPrecedencePolicyComponent } from './preloaded-uri-precedence-policy.js';

/** Heritrix's org.archive.crawler.frontier.precedence URI policies: a URI's place within its queue, set by the preparer. */
export const URI_PRECEDENCE_COMPONENTS: ComponentDescriptor[] = [
  costUriPrecedencePolicyComponent,
  baseUriPrecedencePolicyComponent,
  hopsUriPrecedencePolicyComponent,
  preloadedUriPrecedencePolicyComponent,
];
