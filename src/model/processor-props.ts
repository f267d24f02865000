import type { PropSpec, RefSpec } from '../beans/registry/component-descriptor.js';

/** The properties every processor has (Heritrix's Processor). */
export const PROCESSOR_PROPS = {
  enabled: { type: 'boolean', default: true, overlayable: true, description: 'A disabled processor passes every URI on untouched.' },
} as const satisfies Record<string, PropSpec>;

/** The references every processor has. */
export const PROCESSOR_REFS = {
  shouldProcessRule: { kind: 'DecideRule', description: 'Only URIs this rule accepts are processed; unset accepts all.' },
} as const satisfies Record<string, RefSpec>;
