import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const extractorSwfComponent = defineComponent({
  name: 'ExtractorSwf',
  aliases: ['ExtractorSWF', 'org.archive.modules.extractor.ExtractorSWF'],
  description:
    'Accepted so that Heritrix bean files, whose fetch chain ends with extractorSwf, load unchanged; it reads ' +
    'nothing. Heritrix parsed Shockwave Flash files (typed x-shockwave-flash or named .swf) with the JavaSWF ' +
    'library for the URLs of their actions; Flash players are gone, and .swf files are still fetched as embeds ' +
    '(`<embed src>`, `<object data>`), only not read.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
  },
  refs: {
    ...PROCESSOR_REFS,
  },
  load: async (): Promise<ComponentClass> => (await import('./extractor-swf.js')).ExtractorSwf,
});
