import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const extractorCssComponent = defineComponent({
  name: 'ExtractorCss',
  aliases: ['ExtractorCSS', 'org.archive.modules.extractor.ExtractorCSS'],
  description:
    'Finds the links of style sheets (2xx responses whose Content-Type mentions css, or whose URI ends in .css, as ' +
    'Heritrix decides): `url(...)`, quoted or not, and `@import "..."` or `@import url(...)`, each an embed (hop E, ' +
    'context `=EMBED_MISC`) resolved against the sheet\'s own URI. Comments are skipped. Inline `<style>` elements ' +
    'and `style` attributes are read by ExtractorHtml, in the same way.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
  },
  refs: {
    ...PROCESSOR_REFS,
  },
  load: async (): Promise<ComponentClass> => (await import('./extractor-css.js')).ExtractorCss,
});
