import { build, uriUnder, type DriveContext } from './driver.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import type { CrawlUri, QueuedUri } from '../../../src/model/crawl-uri.js';
import type { Processor } from '../../../src/model/processor.js';

/** The contact URL of the crawl metadata these tests use (the default, '', would not verify). */
export const CONTACT = 'https://example.org/contact';

/** A real CrawlMetadata with a contact URL, as bean `beanName`. */
export function metadata(beanName = 'metadata', config: Record<string, unknown> = {}): Promise<unknown> {
  return build('CrawlMetadata', { operatorContactUrl: CONTACT, ...config }, beanName);
}

export interface FetchOptions {
  /** Properties of the fetcher, and beans it refers to, besides the defaults. */
  readonly config?: Readonly<Record<string, unknown>>;
  /** The fetcher's bean id: `subject` when FetchHttp itself is driven. */
  readonly beanName?: string;
  /** The URI's queued state (hops, via) and anything set on it before the fetch. */
  readonly init?: Partial<Omit<QueuedUri, 'uri'>>;
  readonly before?: (curi: CrawlUri) => void;
}

/**
 * Fetches `path` of the loopback site with a real FetchHttp (started, then stopped), the URI
 * carrying `overlay`. The site is 127.0.0.1, an address literal, so no lookup is needed.
 */
export async function fetchFromSite(ctx: DriveContext, overlay: RecordingSheetOverlay, path: string, options: FetchOptions = {}): Promise<CrawlUri> {
  const fetcher = await build<Processor & { start(): Promise<void>; stop(): Promise<void> }>('FetchHttp', {
    serverCache: await build('ServerCache', {}, 'serverCache'),
    metadata: await metadata(),
    ...options.config,
  }, options.beanName ?? 'fetchHttp');
  await fetcher.start();
  try {
    const curi = uriUnder(overlay, ctx.site.origin + path, options.init);
    options.before?.(curi);
    await fetcher.process(curi);
    return curi;
  } finally {
    await fetcher.stop();
  }
}

/** The request headers the site's `/echo` sent back in its body. */
export function echoedHeaders(curi: CrawlUri): Record<string, string | undefined> {
  if (curi.response === undefined) return {};
  return JSON.parse(curi.response.body.toString('utf8')) as Record<string, string | undefined>;
}

/** A URI's outlinks as `HOP path` (the site's origin left out: its port changes from run to run). */
export function linksOf(curi: CrawlUri, ctx: DriveContext): string[] {
  return curi.outlinks.map((l) => `${l.hop} ${l.uri.startsWith(ctx.site.origin) ? l.uri.slice(ctx.site.origin.length) : l.uri}`);
}
