import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { Hop } from '../../model/hop.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { classifyLinkRel } from './link-rel.js';
import { metaRefreshUrl } from './meta-refresh-url.js';
import { OutlinkSink } from './outlink-sink.js';
import { parseLinkHeader } from './parse-link-header.js';
import { hasNofollowDirective, obeysMetaRobots } from './robots-directives.js';

export const extractorHttpComponent = defineComponent({
  name: 'ExtractorHttp',
  aliases: ['ExtractorHTTP', 'org.archive.modules.extractor.ExtractorHTTP'],
  description:
    'Finds links in a response\'s headers: `Location`, `Content-Location` and `Refresh` (hop R, context `Location:` ' +
    'and so on, as Heritrix writes them) and `Link` (E or L by its rel, context `Link:`). An `X-Robots-Tag` saying ' +
    'nofollow or none marks the URI nofollow when the robots policy is obey or classic.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    inferRootPage: {
      type: 'boolean', default: false,
      description: 'Also take the root page `/` of every HTTP URI\'s server as a link (hop I, context `=INFERRED_MISC`), as Heritrix does (its 3.x ' +
        'name for inferPaths `["/"]`).',
    },
    inferPaths: {
      type: 'array', items: { type: 'string', minLength: 1 }, default: [],
      description: 'Paths (or URLs) taken as links of every HTTP URI, resolved against it (hop I, context `=INFERRED_MISC`), as Heritrix 3.4 on ' +
        'does: `["/favicon.ico"]`, say.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    metadata: { kind: 'CrawlMetadata', autowire: true, description: 'Gives the robots policy that decides whether X-Robots-Tag is obeyed; absent, it is.' },
  },
  load: async (): Promise<ComponentClass> => ExtractorHttp,
});

export type ExtractorHttpConfig = ConfigOf<typeof extractorHttpComponent>;

/**
 * Heritrix's ExtractorHTTP: links from response headers, resolved against the URI itself.
 * `Location`, `Content-Location` and `Refresh` are redirects (R); `Link` headers, which
 * Heritrix does not read, are followed by their rel as `<link>` elements are (E or L).
 * Also reads `X-Robots-Tag` for nofollow. Runs on any response, whatever its status.
 */
export class ExtractorHttp extends Processor<typeof extractorHttpComponent> {

  protected override shouldProcess(curi: CrawlUri): boolean {
    return curi.response !== undefined && curi.fetchStatus > 0;
  }

  protected innerProcess(curi: CrawlUri): ProcessResult {
    const headers = curi.response!.headers;
    const sink = new OutlinkSink(curi.outlinks);
    const location = headers.location;
    if (location !== undefined) sink.add(location.trim(), curi.uri, Hop.REFER, 'Location:');
    const contentLocation = headers['content-location'];
    if (contentLocation !== undefined) sink.add(contentLocation.trim(), curi.uri, Hop.REFER, 'Content-Location:');
    const refresh = headers.refresh;
    const refreshUrl = refresh === undefined ? undefined : metaRefreshUrl(refresh);
    if (refreshUrl !== undefined) sink.add(refreshUrl, curi.uri, Hop.REFER, 'Refresh:');
    const link = headers.link;
    if (link !== undefined) addLinkHeader(sink, link, curi.uri);
    if (this.config.inferRootPage) sink.add('/', curi.uri, Hop.INFERRED, '=INFERRED_MISC');
    for (const path of this.config.inferPaths) sink.add(path, curi.uri, Hop.INFERRED, '=INFERRED_MISC');
    const robots = headers['x-robots-tag'];
    if (robots !== undefined && hasNofollowDirective(robots) && obeysMetaRobots(this.config.metadata?.forUri(curi))) curi.noFollow = true;
    return PROCEED;
  }
}

function addLinkHeader(sink: OutlinkSink, value: string, base: string): void {
  for (const { url, rel } of parseLinkHeader(value)) {
    const kind = classifyLinkRel(rel);
    if (kind !== 'none') sink.add(url, base, kind === 'link' ? Hop.LINK : Hop.EMBED, 'Link:');
  }
}
