import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { fullMatchRegex as javaFullMatch, regexProblem } from '../../util/java-regex.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { Hop } from '../../model/hop.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { sitemapLinkSteps, textSitemapLinkSteps } from './add-sitemap-links.js';
import { decodeText } from './decode-text.js';
import { isRobotsListedSitemap } from './extractor-robots-txt.js';
import { gunzipCapped, isGzip } from './gunzip-capped.js';
import { isExtractable, pathEndsWith } from './is-extractable.js';
import { extractWithinBudget, MAX_ELEMENT_DEPTH_PROP, MAX_PARSE_TIME_PROP } from './parse-budget.js';
import { scanSitemap } from './scan-sitemap.js';
import { isSitemapIndexContext } from './sitemap-context.js';

/** urlPattern must compile. */
function validateUrlPattern(bean: BeanView): ValidationIssue[] {
  const source = bean.config.urlPattern;
  if (typeof source !== 'string') return [];
  try {
    javaFullMatch(source);
    return [];
  } catch (e) {
    return [{ property: 'urlPattern', message: `"${source}"${regexProblem(e)}` }];
  }
}

export const extractorSitemapComponent = defineComponent({
  name: 'ExtractorSitemap',
  aliases: ['org.archive.modules.extractor.ExtractorSitemap'],
  description:
    'Reads sitemaps (sitemaps.org): each `<url><loc>` of a `<urlset>` and each `<sitemap><loc>` of a ' +
    '`<sitemapindex>` becomes a manifest outlink (hop M), with context `url/loc` or `sitemap/loc`, or ' +
    '`url[lastmod=\'2024-05-01\']/loc` when the entry has a `<lastmod>`. A URI is read as a sitemap when a ' +
    'robots.txt `Sitemap:` line or a sitemap index listed it, when it matches `urlPattern`, or when its root element ' +
    'is `urlset` or `sitemapindex` and it is typed text/xml or application/xml or named `.xml`, `.xml.gz` or (typed ' +
    'gzip) `.gz`. Gzip data is decompressed, up to maxUncompressedBytes. A listed sitemap that is not XML is read ' +
    'as a text sitemap, one URL a line. At most 50,000 entries are taken from one file (the protocol\'s limit). ' +
    'Only 2xx responses are read.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    urlPattern: {
      type: 'string', overlayable: true,
      description: 'A regular expression (Java syntax, matching the whole URI): URIs it matches are read as sitemaps whatever their type and ' +
        'content. Unset, only listing, type and content decide.',
      examples: ['.*/sitemap[^/]*\\.xml(\\.gz)?'],
    },
    enableLenientExtraction: {
      type: 'boolean', default: false, overlayable: true,
      description: 'Take every URL a sitemap lists. False (the protocol\'s rule, as crawler-commons applies it for Heritrix): a `<url>` must lie ' +
        'under the sitemap\'s own folder (a sitemap at /news/sitemap.xml may list /news/... only); index entries are never checked.',
    },
    maxUncompressedBytes: {
      type: 'integer', default: 52428800, minimum: 1, overlayable: true,
      description: 'A gzipped sitemap is decompressed up to this many bytes (the protocol\'s 50 MiB limit); the rest is not read, and an entry cut ' +
        'there is dropped.',
    },
    ...MAX_PARSE_TIME_PROP,
    maxElementDepth: {
      ...MAX_ELEMENT_DEPTH_PROP.maxElementDepth,
      description:
        'Deepest nesting of open elements the sitemap reader keeps track of. Entries lie at depth 3 (root, entry, ' +
        '`<loc>`); deeper elements are counted, not kept (each end tag then closes the innermost), so a document of ' +
        '100,000 nested elements is read in linear time.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
  },
  validate: validateUrlPattern,
  load: async (): Promise<ComponentClass> => ExtractorSitemap,
});

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
    if (!isGzip(body)) return this.#read(curi, body, config);
    return gunzipCapped(body, config.maxUncompressedBytes).then((g) => this.#read(curi, g.body, config));
  }

  /** Listed as a sitemap by a robots.txt or a sitemap index, or matching urlPattern. */
  #isDeclared(curi: CrawlUri, config: ExtractorSitemapConfig): boolean {
    if (curi.lastHop === Hop.MANIFEST && (isSitemapIndexContext(curi.viaContext) || isRobotsListedSitemap(curi))) return true;
    return config.urlPattern !== undefined && this.#pattern(config.urlPattern).test(curi.uri);
  }

  /** Reads the (decompressed) document within the time budget: an XML sitemap by its root element, or a listed text sitemap. */
  #read(curi: CrawlUri, bytes: Buffer, config: ExtractorSitemapConfig): ProcessResult | Promise<ProcessResult> {
    const encoding = xmlEncoding(bytes);
    const head = decodeText(bytes.subarray(0, SNIFF_BYTES), encoding);
    const root = scanSitemap(head, () => false);
    const lenient = config.enableLenientExtraction;
    if (root === 'urlset' || root === 'sitemapindex' || (root === undefined && head.trimStart().startsWith('<'))) {
      return extractWithinBudget(curi, sitemapLinkSteps(curi, decodeText(bytes, encoding), lenient, config.maxElementDepth), config.maxParseTimeMs);
    }
    if (root === undefined && this.#isDeclared(curi, config)) {
      return extractWithinBudget(curi, textSitemapLinkSteps(curi, decodeText(bytes, undefined), lenient), config.maxParseTimeMs);
    }
    return PROCEED;
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
