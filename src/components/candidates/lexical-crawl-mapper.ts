import { readFile, stat } from 'node:fs/promises';
import { defineComponent, type BeanView, type ComponentClass, type ConfigOf, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { QueueAssignmentPolicy } from '../../model/uri-policies.js';
import { CRAWL_MAPPER_PROPS, CRAWL_MAPPER_REFS, CrawlMapper } from './crawl-mapper.js';
import { SurtAuthorityQueueAssignmentPolicy } from './surt-authority-queue-assignment-policy.js';
import { ignoreMissing } from '../../util/ignore-missing.js';

/** The map file must be there when no mapUri replaces it (read at start). */
async function validateMapSource(bean: BeanView): Promise<ValidationIssue[]> {
  const { mapUri, mapPath } = bean.config;
  if (typeof mapUri === 'string' && mapUri.trim() !== '') {
    return URL.canParse(mapUri.trim()) ? [] : [{ property: 'mapUri', message: `"${mapUri}" is not a URL` }];
  }
  if (typeof mapPath !== 'string') return [];
  const found = await stat(mapPath).catch(ignoreMissing);
  return found?.isFile() ? [] : [{ property: 'mapPath', message: `no map file at ${mapPath}` }];
}

export const lexicalCrawlMapperComponent = defineComponent({
  name: 'LexicalCrawlMapper',
  aliases: ['org.archive.crawler.processor.LexicalCrawlMapper'],
  description:
    'Divides a crawl among crawlers by ranges of class keys, as Heritrix\'s LexicalCrawlMapper: a map file of `key crawler` lines ' +
    '(`#` comments) gives each URI the crawler of the first key at or after its class key in lexical order, wrapping round to the ' +
    'first. Otherwise as HashCrawlMapper: placement, checkUri, checkOutlinks, divert files.',
  kinds: ['Processor'],
  props: {
    ...CRAWL_MAPPER_PROPS,
    mapPath: { type: 'string', default: 'lexicalcrawlmapper.config', path: true, description: 'The map file (relative to the job folder), read at ' +
      'start when mapUri is empty.' },
    mapUri: { type: 'string', default: '', description: 'A URL the map is read from at start instead of mapPath.' },
  },
  refs: CRAWL_MAPPER_REFS,
  validate: validateMapSource,
  load: async (): Promise<ComponentClass> => LexicalCrawlMapper,
});

/** Heritrix's map lines: blank and `#` lines skipped, a trailing comment cut, then `key crawler` split on white space. */
export function parseLexicalMap(text: string, source: string): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const entry = /^\s*([^#]+?)\s*(#.*)?$/.exec(line)?.[1];
    if (entry === undefined) return;
    const [key, crawler] = entry.split(/\s+/);
    if (crawler === undefined) throw new Error(`${source}:${i + 1}: "${entry}" has a key and no crawler name`);
    entries.push([key, crawler]);
  });
  if (entries.length === 0) throw new Error(`${source}: the map has no entry`);
  return entries;
}

/** Heritrix's LexicalCrawlMapper: the crawler of the first map key at or after the class key (a TreeMap's tailMap), the first key's past the last. */
export class LexicalCrawlMapper extends CrawlMapper<typeof lexicalCrawlMapperComponent> {
  readonly #policy: QueueAssignmentPolicy;
  #keys: string[] = [];
  #crawlers: string[] = [];

  constructor(config: ConfigOf<typeof lexicalCrawlMapperComponent>) {
    super(config);
    this.#policy = config.queueAssignmentPolicy ?? new SurtAuthorityQueueAssignmentPolicy();
  }

  async start(): Promise<void> {
    super.start();
    const uri = this.config.mapUri.trim();
    const text = uri !== '' ? await (await fetch(uri)).text() : await readFile(this.config.mapPath, 'utf8');
    // A later line of the same key replaces the earlier, as in a map; keys sorted by UTF-16 code units, as Java's String.compareTo.
    const map = new Map(parseLexicalMap(text, uri || this.config.mapPath));
    this.#keys = [...map.keys()].sort();
    this.#crawlers = this.#keys.map((k) => map.get(k)!);
  }

  protected map(curi: CrawlUri): { target: string; classKey: string } {
    const classKey = this.#policy.queueKey(curi);
    let lo = 0;
    let hi = this.#keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#keys[mid] < classKey) lo = mid + 1;
      else hi = mid;
    }
    return { target: this.#crawlers[lo === this.#keys.length ? 0 : lo], classKey };
  }
}
