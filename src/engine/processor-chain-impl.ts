import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../model/crawl-uri.js';
import type { Processor, ProcessResult } from '../model/processor.js';
import type { ProcessorChain } from '../model/processor-chain.js';

const processors = (what: string) => ({ processors: { kind: 'Processor', list: true, description: `The processors ${what}, in order.` } }) as const;

export const fetchChainComponent = defineComponent({
  name: 'FetchChain',
  aliases: ['org.archive.modules.FetchChain'],
  description: 'The processors that fetch a URI and extract its links: preselector, preconditions, DNS, HTTP, extractors.',
  kinds: ['FetchChain'],
  props: {},
  refs: processors('that fetch and extract'),
  load: async (): Promise<ComponentClass> => ChainRunner,
});

export const candidateChainComponent = defineComponent({
  name: 'CandidateChain',
  aliases: ['org.archive.modules.CandidateChain'],
  description: 'The processors every discovered link goes through before it is scheduled: scoping, then preparation for the frontier.',
  kinds: ['CandidateChain'],
  props: {},
  refs: processors('each candidate goes through'),
  load: async (): Promise<ComponentClass> => ChainRunner,
});

export const dispositionChainComponent = defineComponent({
  name: 'DispositionChain',
  aliases: ['org.archive.modules.DispositionChain'],
  description: 'The processors after a fetch: writers, candidate scheduling, politeness bookkeeping.',
  kinds: ['DispositionChain'],
  props: {},
  refs: processors('after a fetch'),
  load: async (): Promise<ComponentClass> => ChainRunner,
});

/**
 * Heritrix's ProcessorChain: processors in order, each result PROCEED, FINISH (the rest of
 * this chain is skipped) or a jump to a named processor. Stays synchronous until a processor
 * returns a promise, so cheap chains cost no microtask per URI.
 */
export class ChainRunner implements ProcessorChain {
  readonly #processors: readonly Processor[];

  constructor(readonly config: { readonly processors: readonly Processor[] }) {
    this.#processors = config.processors;
    // A component package's processor may implement the interface without extending Processor.
    for (const p of this.#processors) (p as Partial<Processor>).joinedChain?.(this);
  }

  /** The processors in order (for the processors report). */
  get processors(): readonly Processor[] {
    return this.#processors;
  }

  run(curi: CrawlUri): void | Promise<void> {
    return this.#from(0, curi);
  }

  #from(start: number, curi: CrawlUri): void | Promise<void> {
    const ps = this.#processors;
    for (let i = start; i < ps.length; i++) {
      const r = ps[i].processInChain(curi);
      if (typeof r === 'object' && 'then' in r) return r.then((res) => this.#after(res, i, curi));
      if (r === 'FINISH') return;
      if (r !== 'PROCEED') i = this.#jumpTarget(r) - 1;
    }
  }

  #after(r: ProcessResult, i: number, curi: CrawlUri): void | Promise<void> {
    if (r === 'FINISH') return;
    return this.#from(r === 'PROCEED' ? i + 1 : this.#jumpTarget(r), curi);
  }

  #jumpTarget(r: { readonly jump: string }): number {
    const at = this.#processors.findIndex((p) => p.beanName === r.jump);
    if (at === -1) throw new Error(`jump to unknown processor "${r.jump}"`);
    return at;
  }
}
