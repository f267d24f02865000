import type { PropSpec } from '../../beans/registry/component-descriptor.js';

/**
 * The `decision` property of a predicated rule (Heritrix's PredicatedDecideRule): what the rule
 * answers when its test holds; NONE otherwise.
 */
export function decisionProp<const D extends 'ACCEPT' | 'REJECT'>(defaultDecision: D) {
  return {
    type: 'string',
    enum: ['ACCEPT', 'REJECT'],
    default: defaultDecision,
    overlayable: true,
    description: 'The decision given when the rule\'s test holds (NONE otherwise).',
  } as const satisfies PropSpec;
}
