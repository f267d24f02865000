import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { Hop } from '../../model/hop.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { addSitemapLinks, addTextSitemapLinks } from './add-sitemap-links.js';
import { decodeText } from './decode-text.js';
import type { extractorSitemapComponent } from './extractor-sitemap.descriptor.js';
import { isRobotsListedSitemap } from './extractor-robots-txt.js';
import { gunzipCapped, isGzip } from './gunzip-capped.js';
import { isExtractable, pathEndsWith } from './is-extractable.js';
import { fullMatchRegex as javaFullMatch } from '../../util/java-regex.js';
import { scanSitemap } from './scan-sitemap.js';
import { isSitemapIndexContext } from './sitemap-context.js';

export type ExtractorSitemapConfig = ConfigOf<typeof extractorSitemapComponent>;

/** How much of a document is decoded to find its root element before the rest. */
const SNIFF_BYTES = 1024;

/** Types a gzipped sitemap is served with. */
const GZIP_TYPES = new Set(['application/gzip', 'application/x-gzip', 'application/octet-stream', 'application/x-gunzip', '']);

/** An XML declaration's encoding (`<?xml version="1.0" encoding="ISO-8859-1"?>`). */
const XML_ENCODING = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/;

/**
 * Heritrix's ExtractorSitemap, without crawler-commons: sitemaps and sitemap indexes (gzipped
 * or not, text sitemaps when listed) become M hops. Sitemaps are excused from nothing else: like
 * Heritrix's, this extractor leaves the document to the extractors after it.
 */
export class ExtractorSitemap extends Processor<typeof extractorSitemapComponent> {
  readonly #patterns = new Map<string, RegExp>();

  protected override shouldProcess(curi: CrawlUri, c: ExtractorSitemapConfig): boolean {
    return isExtractable(curi) && (this.#isDeclared(curi, c) || mayBeSitemap(curi));
  }

  protected innerProcess(curi: CrawlUri, config: ExtractorSitemapConfig): ProcessResult | Promise<ProcessResult> {
    const body = curi.response!.body;
    if (!isGzip(body)) {
      this.#read(curi, body, config);
      return PROCEED;
    }
    return gunzipCapped(body, config.maxUncompressedBytes).then((g) => {
      this.#read(curi, g.body, config);
      return PROCEED;
    });
  }

  /** Listed as a sitemap by a robots.txt or a sitemap index, or matching urlPattern. */
  #isDeclared(curi: CrawlUri, config: ExtractorSitemapConfig): boolean {
    if (curi.lastHop === Hop.MANIFEST && (isSitemapIndexContext(curi.viaContext) || isRobotsListedSitemap(curi))) return true;
    return config.urlPattern !== undefined && this.#pattern(config.urlPattern).test(curi.uri);
  }

  /** Reads the (decompressed) document: an XML sitemap by its root element, or a listed text sitemap. */
  #read(curi: CrawlUri, bytes: Buffer, config: ExtractorSitemapConfig): void {
    const encoding = xmlEncoding(bytes);
    const head = decodeText(bytes.subarray(0, SNIFF_BYTES), encoding);
    const root = scanSitemap(head, () => false);
    const lenient = config.enableLenientExtraction;
    if (root === 'urlset' || root === 'sitemapindex' || (root === undefined && head.trimStart().startsWith('<'))) {
      addSitemapLinks(curi, decodeText(bytes, encoding), lenient);
    } else if (root === undefined && this.#isDeclared(curi, config)) {
      addTextSitemapLinks(curi, decodeText(bytes, undefined), lenient);
    }
  }

  /** urlPattern compiled once per distinct value (sheets may set others). */
  #pattern(source: string): RegExp {
    let regex = this.#patterns.get(source);
    if (regex === undefined) this.#patterns.set(source, (regex = javaFullMatch(source)));
    return regex;
  }
}

/**
 * Whether an unlisted document is worth sniffing for a sitemap root: typed text/xml or
 * application/xml (Heritrix's test), or named `.xml`, `.xml.gz`, or `.gz` with a gzip type.
 */
function mayBeSitemap(curi: CrawlUri): boolean {
  const mime = curi.mimeType;
  if (mime === 'text/xml' || mime === 'application/xml') return true;
  if (pathEndsWith(curi.uri, '.xml') || pathEndsWith(curi.uri, '.xml.gz')) return true;
  return pathEndsWith(curi.uri, '.gz') && GZIP_TYPES.has(mime);
}

/** The encoding the XML declaration names, if any. */
function xmlEncoding(bytes: Buffer): string | undefined {
  return XML_ENCODING.exec(bytes.toString('latin1', 0, Math.min(bytes.length, 200)))?.[1];
}
