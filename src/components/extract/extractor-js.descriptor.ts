import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const extractorJsComponent = defineComponent({
  name: 'ExtractorJs',
  aliases: ['ExtractorJS', 'org.archive.modules.extractor.ExtractorJS'],
  description:
    'Finds likely URLs in JavaScript files (2xx responses typed javascript, ecmascript or jscript; or untyped, ' +
    'text/plain or octet-stream and named .js or .mjs or loaded by a `<script src>`): string literals that are ' +
    'absolute http(s) URLs or root-relative paths (`/api/list`), nothing else, as speculative links (hop X, ' +
    'context `=JS_MISC`), resolved against the page that loaded the script, as in Heritrix. Comments and regular ' +
    'expressions are skipped. Off by default: Heritrix\'s guessing at URLs in scripts has long fetched junk that ' +
    'got crawlers blocked (heritrix3 #232, #225, #595, #602), and even these conservative rules fetch some paths ' +
    'no browser would. Inline `<script>` text is ExtractorHtml\'s `extractJavascript`.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    enabled: {
      ...PROCESSOR_PROPS.enabled, default: false,
      description: 'Off by default (Heritrix: on): speculative extraction from scripts requests junk URLs (heritrix3 #232, #595). Set true to read JavaScript files.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
  },
  load: async (): Promise<ComponentClass> => (await import('./extractor-js.js')).ExtractorJs,
});
