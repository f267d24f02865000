import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { Hop } from '../../model/hop.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { Processor, type ProcessResult } from '../../model/processor.js';
import { decodeText } from './decode-text.js';
import { isExtractable } from './is-extractable.js';
import { LinkContext } from './link-context.js';
import { OutlinkSink } from './outlink-sink.js';
import { drain, extractWithinBudget, MAX_PARSE_TIME_PROP, type ParseSteps } from './parse-budget.js';

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
    ...MAX_PARSE_TIME_PROP,
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

  protected innerProcess(curi: CrawlUri, c: ExtractorXmlConfig): ProcessResult | Promise<ProcessResult> {
    const xml = decodeText(curi.response!.body, curi.contentCharset);
    const sink = new OutlinkSink(curi.outlinks);
    curi.linkExtractorFinished = true;
    const steps = xmlUriSteps(xml, (found) => sink.add(found, curi.uri, Hop.SPECULATIVE, LinkContext.SPECULATIVE_MISC));
    return extractWithinBudget(curi, steps, c.maxParseTimeMs);
  }
}

/** The URIs Heritrix's regex finds, `&amp;` unescaped as Heritrix does (its only entity). */
export function xmlUris(xml: string): string[] {
  const found: string[] = [];
  drain(xmlUriSteps(xml, (uri) => found.push(uri)));
  return found;
}

/** Characters searched in one step, at least: a step ends at the first `<` after them. */
const WINDOW = 64 * 1024;

/**
 * xmlUris as steps (parse-budget.ts): the regex runs over windows of the document that end just
 * after a `<`. A match holds no `<` but as its last character, so none spans two windows, and the
 * windows give the matches of the whole document, in order.
 */
export function* xmlUriSteps(xml: string, found: (uri: string) => void): ParseSteps {
  for (let from = 0; from < xml.length;) {
    const lt = xml.indexOf('<', from + WINDOW);
    const end = lt < 0 ? xml.length : lt + 1;
    // The closing delimiter is consumed, so `"http://a"http://b"` gives one URI, as in Java's find().
    for (const match of xml.slice(from, end).matchAll(XML_URI)) found(match[1]!.replaceAll('&amp;', '&'));
    from = end;
    if (from < xml.length) yield;
  }
}

/** Heritrix's test: the Content-Type mentions xml, or the whole URI ends in `.rss` or `.xml`. */
function isXmlResponse(curi: CrawlUri): boolean {
  // Heritrix reads nothing without a Content-Type, whatever the URI.
  if (curi.mimeType === '') return false;
  if (curi.mimeType.toLowerCase().includes('xml')) return true;
  const uri = curi.uri.toLowerCase();
  return uri.endsWith('.rss') || uri.endsWith('.xml');
}
