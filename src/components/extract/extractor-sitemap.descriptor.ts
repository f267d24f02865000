import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { fullMatchRegex as javaFullMatch } from '../../util/java-regex.js';

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
      description: 'A regular expression (Java syntax, matching the whole URI): URIs it matches are read as sitemaps whatever their type and content. Unset, only listing, type and content decide.',
      examples: ['.*/sitemap[^/]*\\.xml(\\.gz)?'],
    },
    enableLenientExtraction: {
      type: 'boolean', default: false, overlayable: true,
      description: 'Take every URL a sitemap lists. False (the protocol\'s rule, as crawler-commons applies it for Heritrix): a `<url>` must lie under the sitemap\'s own folder (a sitemap at /news/sitemap.xml may list /news/... only); index entries are never checked.',
    },
    maxUncompressedBytes: {
      type: 'integer', default: 52428800, minimum: 1, overlayable: true,
      description: 'A gzipped sitemap is decompressed up to this many bytes (the protocol\'s 50 MiB limit); the rest is not read, and an entry cut there is dropped.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
  },
  validate: validateUrlPattern,
  load: async (): Promise<ComponentClass> => (await import('./extractor-sitemap.js')).ExtractorSitemap,
});

/** urlPattern must compile. */
function validateUrlPattern(bean: BeanView): ValidationIssue[] {
  const source = bean.config.urlPattern;
  if (typeof source !== 'string') return [];
  try {
    javaFullMatch(source);
    return [];
  } catch (e) {
    return [{ property: 'urlPattern', message: `"${source}" is not a valid regular expression: ${(e as Error).message}` }];
  }
}
