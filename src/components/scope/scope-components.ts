import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { acceptDecideRuleComponent, rejectDecideRuleComponent } from './constant-decide-rules.descriptor.js';
import { decideRuleSequenceComponent } from './decide-rule-sequence.descriptor.js';
import { matchesListRegexDecideRuleComponent } from './matches-list-regex-decide-rule.descriptor.js';
import { pathologicalPathDecideRuleComponent } from './pathological-path-decide-rule.descriptor.js';
import { prerequisiteAcceptDecideRuleComponent } from './prerequisite-accept-decide-rule.descriptor.js';
import { schemeNotInSetDecideRuleComponent } from './scheme-not-in-set-decide-rule.descriptor.js';
import { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.descriptor.js';
import { tooManyHopsDecideRuleComponent } from './too-many-hops-decide-rule.descriptor.js';
import { tooManyPathSegmentsDecideRuleComponent } from './too-many-path-segments-decide-rule.descriptor.js';
import { transclusionDecideRuleComponent } from './transclusion-decide-rule.descriptor.js';

/** The decide rules: the sequence, the constant rules and the rules of Heritrix's default scope, in its order. */
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
];
