// Apart from its class, so that verify does not initialise htmlparser2: see CONTRIBUTING.md, "Adding a component".
import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { MAX_PARSE_TIME_PROP } from './parse-budget.js';

export const extractorDocumentComponent = defineComponent({
  name: 'ExtractorDocument',
  description:
    'Reads each document for a search index (Oracle Ultra Search\'s document attributes, SMILA\'s record): its readable ' +
    'text, title, language (`<html lang>`, else Content-Language), description and keywords (their meta tags), and every ' +
    '`<meta name|property|http-equiv content>` (mapped as `meta.NAME`; response headers as `header.NAME`). Receivers take ' +
    'them through their mapping (title, text, language, description, keywords). HTML: the text of the body, where the ' +
    'content of script, style, noscript, template, svg, math, iframe, object, embed, canvas, select and button is not text; ' +
    'nav, aside, menu and dialog elements, the ARIA landmarks navigation, banner, contentinfo, complementary and search, and ' +
    'elements `hidden` or `aria-hidden="true"` are boilerplate and left out, as are header and footer outside an article or ' +
    'main; block elements end a line, white space is collapsed and blank lines dropped. Plain text as it is (white space ' +
    'collapsed within lines); XML as the text of its elements. Other types get no text: receivers have their bytes and ' +
    'metadata. Decoding follows the link extractor (BOM, header charset, `<meta charset>`, defaultEncoding) and reuses its ' +
    'decoded text when it ran first. Put it in the fetch chain after the extractors.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    maxTextChars: {
      type: 'integer', default: 1_000_000, minimum: 0, overlayable: true,
      description: 'The most characters of text kept a document; the rest is cut (annotated `textTrunc` in crawl.log). 0 keeps no text, only the ' +
        'title and attributes.',
    },
    ...MAX_PARSE_TIME_PROP,
  },
  refs: { ...PROCESSOR_REFS },
  load: async (): Promise<ComponentClass> => (await import('./extractor-document.js')).ExtractorDocument,
});
