import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';

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
  load: async (): Promise<ComponentClass> => CandidateScoper,
});

/** Heritrix's CandidateScoper: a candidate the scope does not ACCEPT is marked out of scope and its chain ends. */
export class CandidateScoper extends Processor<typeof candidateScoperComponent> {
  readonly #scope: DecideRule;

  constructor(config: ConfigOf<typeof candidateScoperComponent>) {
    super(config);
    this.#scope = config.scope;
  }

  protected innerProcess(curi: CrawlUri): ProcessResult {
    if (this.#scope.decisionFor(curi) === DecideResult.ACCEPT) return PROCEED;
    curi.fetchStatus = FetchStatus.OUT_OF_SCOPE;
    return FINISH;
  }
}
