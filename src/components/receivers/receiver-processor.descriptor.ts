import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const receiverProcessorComponent = defineComponent({
  name: 'ReceiverProcessor',
  description:
    'Hands every document the crawl finds (a 2xx answer with content; never dns:, robots.txt or an empty body) to result ' +
    'receivers (SAP xcrawler\'s result receivers), in the disposition chain before `candidates`. A document with links is a ' +
    'collection: when a receiver refuses it (approveCollectionCrawling), its links are not scheduled (annotation ' +
    '`collectionRefused`). A receiver that fails is logged in runtime-errors.log (annotation `receiverFailed`) and the crawl goes on. ' +
    'In delta runs receivers hear new, changed and unchanged documents as they come and deleted ones at the end; list ' +
    'receivers (documentList) get the run\'s whole list of events at its end, kept in the state store meanwhile.',
  kinds: ['Processor', 'DeltaListener'],
  props: {
    ...PROCESSOR_PROPS,
    testMode: {
      type: 'boolean', default: false,
      description: 'SAP xcrawler\'s test mode: the crawl runs, but no document is passed to the receivers (they are still started and stopped).',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    receivers: { kind: 'Receiver', list: true, description: 'The receivers (JsonlReceiver, DirectoryMirrorReceiver, ...), each told of each document in this order.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Receives the errors receivers throw.' },
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the events for list receivers until the run ends, across crashes.' },
  },
  validate: (bean: BeanView): ValidationIssue[] =>
    bean.refs('receivers').length === 0 ? [{ property: 'receivers', message: 'lists no receiver; add at least one (e.g. <bean class="JsonlReceiver"/>)' }] : [],
  load: async (): Promise<ComponentClass> => (await import('./receiver-processor.js')).ReceiverProcessor,
});
