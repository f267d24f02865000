// Apart from its class, so that verify does not initialise htmlparser2: see CONTRIBUTING.md, "Adding a component".
import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { MAX_ELEMENT_DEPTH_PROP, MAX_PARSE_TIME_PROP } from './parse-budget.js';
import { PARSE_THREAD_PROPS } from './parse-threads.js';

const NO_REGEX = 'htmlparser2 reads each element and attribute whole; there is no regular expression whose work to bound';

/** ExtractorHTML's bounds on the lengths its regular expressions match, with Heritrix's code defaults: accepted, one warning each when set. */
const HERITRIX_REGEX_LIMITS = {
  maxElementLength: { type: 'integer', default: 64, ignored: NO_REGEX, description: 'Heritrix: the longest element name matched. Accepted, not used.' },
  maxAttributeNameLength: { type: 'integer', default: 64, ignored: NO_REGEX, description: 'Heritrix: the longest attribute name matched. Accepted, not used.' },
  maxAttributeValLength: { type: 'integer', default: 2048, ignored: NO_REGEX, description: 'Heritrix: the longest attribute value matched. ' +
    'Accepted, not used.' },
} as const;

export const extractorHtmlComponent = defineComponent({
  name: 'ExtractorHtml',
  aliases: ['ExtractorHTML', 'org.archive.modules.extractor.ExtractorHTML'],
  description:
    'Finds the links of HTML pages (2xx responses typed text/html or application/xhtml+xml, or sniffed as HTML when ' +
    'untyped): anchors, areas and link elements, frames, images and srcsets, scripts, embeds, objects, media, ' +
    'backgrounds, GET form actions and meta refresh, with Heritrix\'s hops and contexts (`a/@href`, `img/@src`, ...). ' +
    'Decodes the body (BOM, header charset, `<meta charset>`, then fetchHttp.defaultEncoding) into the URI\'s text. ' +
    'Honours `<base href>` and, under the obey and classic robots policies, `<meta name="robots" content="nofollow">`. ' +
    'Reads `<style>` elements and `style` attributes as ExtractorCss reads style sheets (E, `=EMBED_MISC`), and ' +
    '`<script>` text only with extractJavascript. Links in comments are not read. A page it reads is finished: ' +
    'the extractors after it in the chain (ExtractorCss, ExtractorJs) skip it, as in Heritrix.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    treatFramesAsEmbedLinks: { type: 'boolean', default: true, overlayable: true, description: 'Frame and iframe sources are embeds (hop E), as ' +
      'images are; false makes them navigation links (L).' },
    ignoreFormActionUrls: { type: 'boolean', default: false, overlayable: true, description: 'Skip the action URL of every form.' },
    extractOnlyFormGets: { type: 'boolean', default: true, overlayable: true, description: 'Take a form\'s action only when its method is GET (or ' +
      'absent); false takes POST forms\' actions too.' },
    obeyRelNofollow: { type: 'boolean', default: false, overlayable: true, description: 'Skip `a` and `area` links whose rel holds nofollow.' },
    extractJavascript: {
      type: 'boolean', default: false, overlayable: true,
      description:
        'Read inline `<script>` text for strings that are absolute http(s) URLs or root-relative paths, as ExtractorJs ' +
        'reads script files (X, `=JS_MISC`). Off by default (Heritrix: on), for the junk requests speculative ' +
        'extraction makes (heritrix3 #232, #595).',
    },
    extractValueAttributes: {
      type: 'boolean', default: true, overlayable: true,
      description:
        'Take a `value` attribute (a hidden form field\'s, say) as a link (L, `input/@value`) when it is very likely a URL: ' +
        'an absolute http(s) URL or a root-relative path, as ExtractorJs judges script strings (Heritrix also guesses at ' +
        'relative paths). `<param name="flashvars">` is skipped.',
    },
    ...MAX_PARSE_TIME_PROP,
    ...MAX_ELEMENT_DEPTH_PROP,
    ...PARSE_THREAD_PROPS,
    ...HERITRIX_REGEX_LIMITS,
    ignoreUnexpectedHtml: { type: 'boolean', default: true, overlayable: true, description: 'Skip HTML served at a path ending in an image, audio ' +
      'or video extension (.gif, .jpg, .mp3, ...): an error page, not a document.' },
  },
  refs: {
    ...PROCESSOR_REFS,
    metadata: { kind: 'CrawlMetadata', autowire: true, description: 'Gives the robots policy that decides whether `<meta name="robots">` is ' +
      'obeyed; absent, it is.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./extractor-html.js')).ExtractorHtml,
});
