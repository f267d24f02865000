import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const candidateScoperComponent = defineComponent({
  name: 'CandidateScoper',
  aliases: ['org.archive.crawler.prefetch.CandidateScoper'],
  description:
    'Candidate chain: applies the scope to each discovered URI. One the scope does not accept gets fetch status ' +
    '-5000 (out of scope) and goes no further: it is never scheduled.',
  kinds: ['Processor'],
  props: PROCESSOR_PROPS,
  refs: {
    ...PROCESSOR_REFS,
    scope: { kind: 'DecideRule', required: true, autowire: true, description: 'The crawl\'s scope; autowired, the bean named `scope` winning ties.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./candidate-scoper.js')).CandidateScoper,
});
