import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';

const load = async (): Promise<ComponentClass> => (await import('./processor-chain-impl.js')).ChainRunner;
const processors = (what: string) => ({ processors: { kind: 'Processor', list: true, description: `The processors ${what}, in order.` } }) as const;

export const fetchChainComponent = defineComponent({
  name: 'FetchChain',
  aliases: ['org.archive.modules.FetchChain'],
  description: 'The processors that fetch a URI and extract its links: preselector, preconditions, DNS, HTTP, extractors.',
  kinds: ['FetchChain'],
  props: {},
  refs: processors('that fetch and extract'),
  load,
});

export const candidateChainComponent = defineComponent({
  name: 'CandidateChain',
  aliases: ['org.archive.modules.CandidateChain'],
  description: 'The processors every discovered link goes through before it is scheduled: scoping, then preparation for the frontier.',
  kinds: ['CandidateChain'],
  props: {},
  refs: processors('each candidate goes through'),
  load,
});

export const dispositionChainComponent = defineComponent({
  name: 'DispositionChain',
  aliases: ['org.archive.modules.DispositionChain'],
  description: 'The processors after a fetch: writers, candidate scheduling, politeness bookkeeping.',
  kinds: ['DispositionChain'],
  props: {},
  refs: processors('after a fetch'),
  load,
});
