import type { PropSpec } from '../../beans/registry/component-descriptor.js';

/** The properties every decide rule has (Heritrix's DecideRule). */
export const DECIDE_RULE_PROPS = {
  enabled: { type: 'boolean', default: true, overlayable: true, description: 'A disabled rule answers NONE; a sheet can switch a rule off for some sites.' },
  comment: { type: 'string', default: '', description: 'A note for the operator; not used by the crawl.' },
} as const satisfies Record<string, PropSpec>;
