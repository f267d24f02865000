import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const extractorHttpComponent = defineComponent({
  name: 'ExtractorHttp',
  aliases: ['ExtractorHTTP', 'org.archive.modules.extractor.ExtractorHTTP'],
  description:
    'Finds links in a response\'s headers: `Location`, `Content-Location` and `Refresh` (hop R, context `Location:` ' +
    'and so on, as Heritrix writes them) and `Link` (E or L by its rel, context `Link:`). An `X-Robots-Tag` saying ' +
    'nofollow or none marks the URI nofollow when the robots policy is obey or classic.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
  },
  refs: {
    ...PROCESSOR_REFS,
    metadata: { kind: 'CrawlMetadata', autowire: true, description: 'Gives the robots policy that decides whether X-Robots-Tag is obeyed; absent, it is.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./extractor-http.js')).ExtractorHttp,
});
