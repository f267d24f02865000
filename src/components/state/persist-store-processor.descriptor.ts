import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const persistStoreProcessorComponent = defineComponent({
  name: 'PersistStoreProcessor',
  aliases: ['org.archive.modules.recrawl.PersistStoreProcessor'],
  description:
    'Disposition chain, last: stores the URI\'s fetch in its history (with the commit that counts the URI done): status, ' +
    'validators, digest, outlinks, and the counts that decide deletions.',
  kinds: ['Processor'],
  props: { ...PROCESSOR_PROPS },
  refs: {
    ...PROCESSOR_REFS,
    fetchHistory: { kind: 'FetchHistory', required: true, autowire: true, description: 'The history written to.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./persist-store-processor.js')).PersistStoreProcessor,
});
