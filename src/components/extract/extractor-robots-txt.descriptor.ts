import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const extractorRobotsTxtComponent = defineComponent({
  name: 'ExtractorRobotsTxt',
  aliases: ['org.archive.modules.extractor.ExtractorRobotsTxt'],
  description:
    'Finds the sitemaps a robots.txt lists: each `Sitemap:` line of a 2xx `/robots.txt` fetched as a prerequisite ' +
    '(hop P, the only way robots.txt is fetched) becomes a manifest outlink (hop M, context `=MANIFEST_MISC`), ' +
    'resolved against the robots.txt. ExtractorSitemap then reads those URIs as sitemaps whatever their ' +
    'Content-Type. When it finds one, the robots.txt is done: later extractors skip it.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
  },
  refs: {
    ...PROCESSOR_REFS,
  },
  load: async (): Promise<ComponentClass> => (await import('./extractor-robots-txt.js')).ExtractorRobotsTxt,
});
