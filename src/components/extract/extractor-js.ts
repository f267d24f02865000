import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { addJsLinks } from './add-js-links.js';
import { decodeText } from './decode-text.js';
import type { extractorJsComponent } from './extractor-js.descriptor.js';
import { isExtractable, pathEndsWith } from './is-extractable.js';
import { OutlinkSink } from './outlink-sink.js';

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

  protected innerProcess(curi: CrawlUri): ProcessResult {
    const js = decodeText(curi.response!.body, curi.contentCharset);
    const via = curi.via;
    const base = via !== undefined && (via.startsWith('http:') || via.startsWith('https:')) ? via : curi.uri;
    addJsLinks(new OutlinkSink(curi.outlinks), js, base);
    curi.linkExtractorFinished = true;
    return PROCEED;
  }
}

/** Typed as a script, or untyped (or generically typed) and named .js/.mjs or loaded by `<script src>`. */
function isJsResponse(curi: CrawlUri): boolean {
  const mime = curi.mimeType;
  if (mime.includes('javascript') || mime.includes('ecmascript') || mime.includes('jscript')) return true;
  if (!GENERIC_TYPES.has(mime)) return false;
  return pathEndsWith(curi.uri, '.js') || pathEndsWith(curi.uri, '.mjs') || curi.viaContext?.startsWith('script') === true;
}
