import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { Hop } from '../../model/hop.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { decodeText } from './decode-text.js';
import { isExtractable } from './is-extractable.js';
import { LinkContext } from './link-context.js';
import { OutlinkSink } from './outlink-sink.js';
import { robotsSitemapUrls } from './robots-sitemap-urls.js';

export const extractorRobotsTxtComponent = defineComponent({
  name: 'ExtractorRobotsTxt',
  aliases: ['org.archive.modules.extractor.ExtractorRobotsTxt'],
  description:
    'Finds the sitemaps a robots.txt lists: each `Sitemap:` line of a 2xx `/robots.txt` fetched as a prerequisite ' +
    '(hop P, the only way robots.txt is fetched) becomes a manifest outlink (hop M, context `=MANIFEST_MISC`), ' +
    'resolved against the robots.txt. ExtractorSitemap then reads those URIs as sitemaps whatever their ' +
    'Content-Type. When it finds one, the robots.txt is done: later extractors skip it.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
  },
  refs: {
    ...PROCESSOR_REFS,
  },
  load: async (): Promise<ComponentClass> => ExtractorRobotsTxt,
});

export type ExtractorRobotsTxtConfig = ConfigOf<typeof extractorRobotsTxtComponent>;

/** A server's robots.txt: `http(s)://authority/robots.txt`, nothing after. */
const ROBOTS_TXT = /^https?:\/\/[^/?#]+\/robots\.txt$/i;

/**
 * Heritrix's ExtractorRobotsTxt: the `Sitemap:` lines of a robots.txt prerequisite, as M hops
 * (context `=MANIFEST_MISC`). Finding any ends extraction for the robots.txt, as in Heritrix.
 */
export class ExtractorRobotsTxt extends Processor<typeof extractorRobotsTxtComponent> {

  protected override shouldProcess(curi: CrawlUri): boolean {
    return curi.isPrerequisite && ROBOTS_TXT.test(curi.uri) && isExtractable(curi);
  }

  protected innerProcess(curi: CrawlUri): ProcessResult {
    const urls = robotsSitemapUrls(decodeText(curi.response!.body, curi.contentCharset));
    const sink = new OutlinkSink(curi.outlinks);
    for (const url of urls) sink.add(url, curi.uri, Hop.MANIFEST, LinkContext.MANIFEST_MISC);
    if (urls.length > 0) curi.linkExtractorFinished = true;
    return PROCEED;
  }
}

/** Whether `curi` was listed by a robots.txt `Sitemap:` line (so is a sitemap whatever it looks like). */
export function isRobotsListedSitemap(curi: CrawlUri): boolean {
  return curi.lastHop === Hop.MANIFEST && curi.viaContext === LinkContext.MANIFEST_MISC && curi.via !== undefined && ROBOTS_TXT.test(curi.via);
}
