import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { findRegex, regexProblem } from '../../util/java-regex.js';
import { CRAWL_MAPPER_PROPS, CRAWL_MAPPER_REFS } from './crawl-mapper.js';

function validateReduceRegex(bean: BeanView): ValidationIssue[] {
  const { reducePrefixRegex } = bean.config;
  if (typeof reducePrefixRegex !== 'string' || reducePrefixRegex === '') return [];
  try {
    findRegex(reducePrefixRegex);
    return [];
  } catch (e) {
    return [{ property: 'reducePrefixRegex', message: `"${reducePrefixRegex}"${regexProblem(e)}` }];
  }
}

// Apart from its class, so that verify does not initialise tldts (its Public Suffix List): see CONTRIBUTING.md, "Adding a component".
export const hashCrawlMapperComponent = defineComponent({
  name: 'HashCrawlMapper',
  aliases: ['org.archive.crawler.processor.HashCrawlMapper'],
  description:
    'Divides a crawl among `crawlerCount` crawlers (Heritrix, beancrawl, or both) by hashing each URI\'s class key (its queue key, ' +
    'reduced to its assignment-level domain or by reducePrefixRegex): Heritrix\'s 64-bit Rabin fingerprint (FPGenerator.std64) modulo ' +
    'crawlerCount names the crawler, `0` … `crawlerCount - 1`, so every crawler given the same settings agrees on the division. ' +
    'Put it in the candidate chain before the preparer (or in the disposition chain before `candidates`, with checkOutlinks); a ' +
    'candidate that belongs to another crawler is not scheduled here (status -5002, annotation `to:N`, shown by explain) but written ' +
    'to the divert file of that crawler in diversionDir, as Heritrix writes them.',
  kinds: ['Processor'],
  props: {
    ...CRAWL_MAPPER_PROPS,
    crawlerCount: { type: 'integer', default: 1, minimum: 1, description: 'How many crawlers share the crawl: the number of buckets.' },
    usePublicSuffixesRegex: {
      type: 'boolean', default: true,
      description: 'Reduce the class key to its topmost assigned SURT prefix (public suffix plus one label, private suffixes counting: ' +
        '`uk,co,example,` for `uk,co,example,www,#8080`) before hashing, as Heritrix\'s PublicSuffixes regex does, so a domain\'s hosts go to one ' +
        'crawler. A key that does not begin with SURT host labels (an IP address) is hashed whole. Takes precedence over reducePrefixRegex.',
    },
    reducePrefixRegex: {
      type: 'string', default: '',
      description: 'Without usePublicSuffixesRegex: the class key is reduced to this regular expression\'s first match in it (Java syntax, ' +
        'Matcher.find), if any, before hashing. Empty hashes the whole key.',
    },
  },
  refs: CRAWL_MAPPER_REFS,
  validate: validateReduceRegex,
  load: async (): Promise<ComponentClass> => (await import('./hash-crawl-mapper.js')).HashCrawlMapper,
});
