import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';

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
  load: async (): Promise<ComponentClass> => ExtractorSwf,
});

export type ExtractorSwfConfig = ConfigOf<typeof extractorSwfComponent>;

/** Heritrix's ExtractorSWF, as a no-op: it takes Heritrix's properties and processes no URI. */
export class ExtractorSwf extends Processor<typeof extractorSwfComponent> {

  protected override shouldProcess(_curi: CrawlUri): boolean {
    return false;
  }

  protected innerProcess(_curi: CrawlUri): ProcessResult {
    return PROCEED;
  }
}
