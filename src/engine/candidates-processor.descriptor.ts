import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../model/processor-props.js';

export const candidatesProcessorComponent = defineComponent({
  name: 'CandidatesProcessor',
  aliases: ['org.archive.crawler.postprocessor.CandidatesProcessor'],
  description:
    'Schedules what a fetch found: a prerequisite (dns:, robots.txt) ahead of the URI that needs it, then each outlink ' +
    'through the candidate chain (scope, preparation) into the frontier. A seed\'s redirect target becomes a seed.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    seedsRedirectNewSeeds: { type: 'boolean', default: true, overlayable: true, description: 'A redirect from a seed makes its target a seed too (and so in scope).' },
    processErrorOutlinks: { type: 'boolean', default: false, overlayable: true, description: 'Also schedule the outlinks of responses below 200 or from 400 up.' },
    maxUriLength: { type: 'integer', default: 2083, minimum: 16, description: 'Longer URIs are written to uri-errors.log and never scheduled.' },
    followRedirects: { type: 'boolean', default: true, overlayable: true, description: 'Schedule redirect targets (R hops), as Heritrix does; false drops them (SMILA\'s followRedirects).' },
    maxRedirects: { type: 'integer', default: 20, minimum: 0, overlayable: true, description: 'A redirect target reached through more than this many redirects in a row is not scheduled (SMILA\'s maxRedirects).' },
  },
  refs: {
    ...PROCESSOR_REFS,
    candidateChain: { kind: 'CandidateChain', required: true, autowire: true, description: 'The chain each candidate goes through.' },
    frontier: { kind: 'Frontier', required: true, autowire: true, description: 'Where candidates are scheduled.' },
    seeds: { kind: 'SeedModule', autowire: true, description: 'Told of seeds found by redirects.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Receives URIs too long to schedule.' },
    sheetOverlaysManager: { kind: 'SheetOverlaysManager', autowire: true, description: 'Gives each candidate the sheets that apply to it, before it is scoped.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./candidates-processor.js')).CandidatesProcessor,
});
