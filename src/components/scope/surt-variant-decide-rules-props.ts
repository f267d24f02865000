import { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.js';

/** SurtPrefixedDecideRule's properties and references: its variants read their prefixes the same way. */
export const SURT_RULE_PROPS = surtPrefixedDecideRuleComponent.props;
export const SURT_RULE_REFS = surtPrefixedDecideRuleComponent.refs;

export const SOURCES = 'Prefixes come from the seeds, from directive lines of the seed list and from `surtsSource`, as for SurtPrefixedDecideRule';
