import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const persistLoadProcessorComponent = defineComponent({
  name: 'PersistLoadProcessor',
  aliases: ['org.archive.modules.recrawl.PersistLoadProcessor'],
  description:
    'Fetch chain, before the fetchers: loads what the fetch history holds of the URI, so that FetchHTTP can send ' +
    'If-None-Match and If-Modified-Since and FetchHistoryProcessor can tell whether the document changed.',
  kinds: ['Processor'],
  props: { ...PROCESSOR_PROPS },
  refs: {
    ...PROCESSOR_REFS,
    fetchHistory: { kind: 'FetchHistory', required: true, autowire: true, description: 'The history loaded from.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./persist-load-processor.js')).PersistLoadProcessor,
});
