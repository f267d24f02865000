import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { acceptDecideRuleComponent, rejectDecideRuleComponent } from './constant-decide-rule.js';
import { decideRuleSequenceComponent } from './decide-rule-sequence.js';
import { contentLengthDecideRuleComponent } from './content-length-decide-rule.js';
import { fetchStatusDecideRuleComponent } from './fetch-status-decide-rule.js';
import { ipAddressSetDecideRuleComponent } from './ip-address-set-decide-rule.js';
import { responseContentLengthDecideRuleComponent } from './response-content-length-decide-rule.js';
import { matchesListRegexDecideRuleComponent } from './matches-list-regex-decide-rule.js';
import { pathologicalPathDecideRuleComponent } from './pathological-path-decide-rule.js';
import { prerequisiteAcceptDecideRuleComponent } from './prerequisite-accept-decide-rule.js';
import { contentTypeMatchesRegexDecideRuleComponent, contentTypeNotMatchesRegexDecideRuleComponent } from './content-type-matches-regex-decide-rule.js';
import { hopsPathMatchesRegexDecideRuleComponent } from './hops-path-matches-regex-decide-rule.js';
import { matchesFilePatternDecideRuleComponent, notMatchesFilePatternDecideRuleComponent } from './matches-file-pattern-decide-rule.js';
import { matchesRegexDecideRuleComponent, notMatchesRegexDecideRuleComponent } from './matches-regex-decide-rule.js';
import { notMatchesListRegexDecideRuleComponent } from './not-matches-list-regex-decide-rule.js';
import { resultFilterDecideRuleComponent } from './result-filter-decide-rule.js';
import { schemeNotInSetDecideRuleComponent } from './scheme-not-in-set-decide-rule.js';
import { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.js';
import { notSurtPrefixedDecideRuleComponent } from './not-surt-prefixed-decide-rule.js';
import { notOnDomainsDecideRuleComponent, onDomainsDecideRuleComponent } from './on-domains-decide-rule.js';
import { notOnHostsDecideRuleComponent, onHostsDecideRuleComponent } from './on-hosts-decide-rule.js';
import { viaSurtPrefixedDecideRuleComponent } from './via-surt-prefixed-decide-rule.js';
import { tooManyHopsDecideRuleComponent } from './too-many-hops-decide-rule.js';
import { tooManyPathSegmentsDecideRuleComponent } from './too-many-path-segments-decide-rule.js';
import { transclusionDecideRuleComponent } from './transclusion-decide-rule.js';
import { hasViaDecideRuleComponent } from './has-via-decide-rule.js';
import { hopCrossesAssignmentLevelDomainDecideRuleComponent } from './hop-crosses-assignment-level-domain-decide-rule.descriptor.js';
import { seedAcceptDecideRuleComponent } from './seed-accept-decide-rule.js';
import { sourceSeedDecideRuleComponent } from './source-seed-decide-rule.js';
import { urlFilterDecideRuleComponent } from './url-filter-decide-rule.js';
import { usagePreferenceDecideRuleComponent } from './usage-preference-decide-rule.js';

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
  matchesRegexDecideRuleComponent,
  notMatchesRegexDecideRuleComponent,
  notMatchesListRegexDecideRuleComponent,
  hopsPathMatchesRegexDecideRuleComponent,
  contentTypeMatchesRegexDecideRuleComponent,
  contentTypeNotMatchesRegexDecideRuleComponent,
  matchesFilePatternDecideRuleComponent,
  notMatchesFilePatternDecideRuleComponent,
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
  usagePreferenceDecideRuleComponent,
  resultFilterDecideRuleComponent,
];
