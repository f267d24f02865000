import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { Hop } from '../../model/hop.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { decodeText } from './decode-text.js';
import { isExtractable } from './is-extractable.js';
import { LinkContext } from './link-context.js';
import { OutlinkSink } from './outlink-sink.js';

export const extractorXmlComponent = defineComponent({
  name: 'ExtractorXML',
  aliases: ['ExtractorXml', 'org.archive.modules.extractor.ExtractorXML'],
  description:
    'Finds the links of XML documents (2xx responses whose Content-Type mentions xml, or whose URI ends in .rss or ' +
    '.xml, as Heritrix decides): attribute values and element contents that are nothing but an http: or https: URI ' +
    '(blanks around it allowed), Heritrix\'s regex. Each is speculative (hop X, context `=SPECULATIVE_MISC`), `&amp;` ' +
    'read as `&`. Marks the document finished for the extractors after it.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
  },
  refs: {
    ...PROCESSOR_REFS,
  },
  load: async (): Promise<ComponentClass> => ExtractorXml,
});

export type ExtractorXmlConfig = ConfigOf<typeof extractorXmlComponent>;

/**
 * Heritrix's XML_URI_EXTRACTOR: a quote or `>`, blanks, the URI, blanks, a quote or `<`. Heritrix
 * 3.1 took `http:` only; later versions and this one take `https:` too, which most feeds now use.
 */
const XML_URI = /["'>]\s*(https?:[^\s"'<>]+)\s*["'<]/gi;

/**
 * Heritrix's ExtractorXML: URIs standing alone in attributes or simple elements of XML and RSS,
 * as speculative links, since whether the document means them to be fetched is unknown.
 */
export class ExtractorXml extends Processor<typeof extractorXmlComponent> {

  protected override shouldProcess(curi: CrawlUri): boolean {
    return isExtractable(curi) && isXmlResponse(curi);
  }

  protected innerProcess(curi: CrawlUri): ProcessResult {
    const xml = decodeText(curi.response!.body, curi.contentCharset);
    const sink = new OutlinkSink(curi.outlinks);
    for (const found of xmlUris(xml)) sink.add(found, curi.uri, Hop.SPECULATIVE, LinkContext.SPECULATIVE_MISC);
    curi.linkExtractorFinished = true;
    return PROCEED;
  }
}

/** The URIs Heritrix's regex finds, `&amp;` unescaped as Heritrix does (its only entity). */
export function xmlUris(xml: string): string[] {
  const found: string[] = [];
  // The closing delimiter is consumed, so `"http://a"http://b"` gives one URI, as in Java's find().
  for (const match of xml.matchAll(XML_URI)) found.push(match[1]!.replaceAll('&amp;', '&'));
  return found;
}

/** Heritrix's test: the Content-Type mentions xml, or the whole URI ends in `.rss` or `.xml`. */
function isXmlResponse(curi: CrawlUri): boolean {
  // Heritrix reads nothing without a Content-Type, whatever the URI.
  if (curi.mimeType === '') return false;
  if (curi.mimeType.toLowerCase().includes('xml')) return true;
  const uri = curi.uri.toLowerCase();
  return uri.endsWith('.rss') || uri.endsWith('.xml');
}
