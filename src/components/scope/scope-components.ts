import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { acceptDecideRuleComponent, rejectDecideRuleComponent } from './constant-decide-rules.descriptor.js';
import { decideRuleSequenceComponent } from './decide-rule-sequence.descriptor.js';
import {
  contentLengthDecideRuleComponent, fetchStatusDecideRuleComponent, ipAddressSetDecideRuleComponent, responseContentLengthDecideRuleComponent,
} from './fetch-result-decide-rules.descriptor.js';
import { matchesListRegexDecideRuleComponent } from './matches-list-regex-decide-rule.descriptor.js';
import { pathologicalPathDecideRuleComponent } from './pathological-path-decide-rule.descriptor.js';
import { prerequisiteAcceptDecideRuleComponent } from './prerequisite-accept-decide-rule.descriptor.js';
import { REGEX_DECIDE_RULE_COMPONENTS } from './regex-decide-rules.descriptor.js';
import { resultFilterDecideRuleComponent } from './result-filter-decide-rule.descriptor.js';
import { schemeNotInSetDecideRuleComponent } from './scheme-not-in-set-decide-rule.descriptor.js';
import { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.descriptor.js';
import {
  notOnDomainsDecideRuleComponent, notOnHostsDecideRuleComponent, notSurtPrefixedDecideRuleComponent, onDomainsDecideRuleComponent,
  onHostsDecideRuleComponent, viaSurtPrefixedDecideRuleComponent,
} from './surt-variant-decide-rules.descriptor.js';
import { tooManyHopsDecideRuleComponent } from './too-many-hops-decide-rule.descriptor.js';
import { tooManyPathSegmentsDecideRuleComponent } from './too-many-path-segments-decide-rule.descriptor.js';
import { transclusionDecideRuleComponent } from './transclusion-decide-rule.descriptor.js';
import {
  hasViaDecideRuleComponent, hopCrossesAssignmentLevelDomainDecideRuleComponent, seedAcceptDecideRuleComponent, sourceSeedDecideRuleComponent,
} from './uri-fact-decide-rules.descriptor.js';
import { urlFilterDecideRuleComponent } from './url-filter-decide-rule.descriptor.js';

/**
 * The decide rules: the sequence, the constant rules and the rules of Heritrix's default scope,
 * in its order; then Heritrix's other standard rules; then SMILA's URL filters and SAP
 * xcrawler's result filters.
 */
export const SCOPE_COMPONENTS: ComponentDescriptor[] = [
  decideRuleSequenceComponent,
  acceptDecideRuleComponent,
  rejectDecideRuleComponent,
  surtPrefixedDecideRuleComponent,
  tooManyHopsDecideRuleComponent,
  transclusionDecideRuleComponent,
  matchesListRegexDecideRuleComponent,
  pathologicalPathDecideRuleComponent,
  tooManyPathSegmentsDecideRuleComponent,
  prerequisiteAcceptDecideRuleComponent,
  schemeNotInSetDecideRuleComponent,
  ...REGEX_DECIDE_RULE_COMPONENTS,
  notSurtPrefixedDecideRuleComponent,
  onHostsDecideRuleComponent,
  notOnHostsDecideRuleComponent,
  onDomainsDecideRuleComponent,
  notOnDomainsDecideRuleComponent,
  viaSurtPrefixedDecideRuleComponent,
  seedAcceptDecideRuleComponent,
  sourceSeedDecideRuleComponent,
  hasViaDecideRuleComponent,
  hopCrossesAssignmentLevelDomainDecideRuleComponent,
  contentLengthDecideRuleComponent,
  responseContentLengthDecideRuleComponent,
  fetchStatusDecideRuleComponent,
  ipAddressSetDecideRuleComponent,
  urlFilterDecideRuleComponent,
  resultFilterDecideRuleComponent,
];
