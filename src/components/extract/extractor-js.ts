import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { Processor, type ProcessResult } from '../../model/processor.js';
import { jsLinkSteps } from './add-js-links.js';
import { decodeText } from './decode-text.js';
import { isExtractable, pathEndsWith } from './is-extractable.js';
import { OutlinkSink } from './outlink-sink.js';
import { extractWithinBudget, MAX_PARSE_TIME_PROP } from './parse-budget.js';

const STRICT_ALREADY = 'ExtractorJs takes only absolute URLs and root-relative paths, which is stricter than ConfigurableExtractorJS\'s strict mode';

/** ConfigurableExtractorJS's properties, with its defaults: accepted, each set one warning. */
const CONFIGURABLE_EXTRACTOR_JS_PROPS = {
  strict: { type: 'boolean', default: false, ignored: STRICT_ALREADY, description: 'ConfigurableExtractorJS: only absolute URLs. Accepted, not used.' },
  maximumCandidateLength: { type: 'integer', default: -1, ignored: 'a candidate is limited to the longest URL the crawl ' +
    'keeps', description: 'ConfigurableExtractorJS: longest candidate. Accepted, not used.' },
  rejectRelativeIgnoreList: { type: 'array', items: { type: 'string' }, default: [], ignored: STRICT_ALREADY, description: 'ConfigurableExtractorJS: relative candidates never taken. Accepted, not used.' },
  rejectRelativeMatchingRegexList: { type: 'array', items: { type: 'string' }, default: [], ignored: STRICT_ALREADY, description: 'ConfigurableExtractorJS: patterns of relative candidates not taken. Accepted, not used.' },
  forceStrictIfUrlMatchingRegexList: { type: 'array', items: { type: 'string' }, default: [], ignored: STRICT_ALREADY, description: 'ConfigurableExtractorJS: pages read in strict mode. Accepted, not used.' },
} as const;

export const extractorJsComponent = defineComponent({
  name: 'ExtractorJs',
  // ConfigurableExtractorJS (Heritrix 3.4 on) is ExtractorJS with knobs to make it stricter; this
  // one is already strict (absolute URLs and root-relative paths only), so its knobs are accepted.
  aliases: ['ExtractorJS', 'org.archive.modules.extractor.ExtractorJS', 'ConfigurableExtractorJS', 'org.archive.modules.extractor.ConfigurableExtractorJS'],
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
      description: 'Off by default (Heritrix: on): speculative extraction from scripts requests junk URLs (heritrix3 #232, #595). Set true to read ' +
        'JavaScript files.',
    },
    ...MAX_PARSE_TIME_PROP,
    ...CONFIGURABLE_EXTRACTOR_JS_PROPS,
  },
  refs: {
    ...PROCESSOR_REFS,
  },
  load: async (): Promise<ComponentClass> => ExtractorJs,
});

export type ExtractorJsConfig = ConfigOf<typeof extractorJsComponent>;

/** Types that say nothing of the content: a script may be served with them. */
const GENERIC_TYPES = new Set(['', 'text/plain', 'application/octet-stream']);

/**
 * Heritrix's ExtractorJS, made conservative: in a script, only string literals that are
 * absolute http(s) URLs or root-relative paths, as X hops (`=JS_MISC`), resolved against the
 * URI that loaded the script (its via), as Heritrix resolves them. Reads the whole script, so
 * later extractors skip it.
 */
export class ExtractorJs extends Processor<typeof extractorJsComponent> {

  protected override shouldProcess(curi: CrawlUri): boolean {
    return isExtractable(curi) && isJsResponse(curi);
  }

  protected innerProcess(curi: CrawlUri, c: ExtractorJsConfig): ProcessResult | Promise<ProcessResult> {
    const js = decodeText(curi.response!.body, curi.contentCharset);
    const via = curi.via;
    const base = via !== undefined && (via.startsWith('http:') || via.startsWith('https:')) ? via : curi.uri;
    curi.linkExtractorFinished = true;
    return extractWithinBudget(curi, jsLinkSteps(new OutlinkSink(curi.outlinks), js, base), c.maxParseTimeMs);
  }
}

/** Typed as a script, or untyped (or generically typed) and named .js/.mjs or loaded by `<script src>`. */
function isJsResponse(curi: CrawlUri): boolean {
  const mime = curi.mimeType;
  if (mime.includes('javascript') || mime.includes('ecmascript') || mime.includes('jscript')) return true;
  if (!GENERIC_TYPES.has(mime)) return false;
  return pathEndsWith(curi.uri, '.js') || pathEndsWith(curi.uri, '.mjs') || curi.viaContext?.startsWith('script') === true;
}
