import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { Hop } from '../../model/hop.js';
import { RENDERED_PAGE } from '../../model/rendered-page.js';
import { LoopLoad } from '../../util/loop-load.js';
import type { ProcessorChain } from '../../model/processor-chain.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { browserProcessorComponent } from './browser-processor.descriptor.js';
import type { RenderOptions, RenderOutcome } from './render-page.js';
import { exactBytes, RenderThread } from './render-thread.js';
import { RecordedResponses } from './recorded-responses.js';
import { SubresourceCache } from './subresource-cache.js';
import { BROWSER_CONTEXT, browserHeaders, PageRequests, SubresourceFetcher } from './subresource-fetcher.js';

type Config = ConfigOf<typeof browserProcessorComponent>;

/** Annotations of a rendered page: rendered, cut at its budget, or not rendered (the browser failed). */
export const RENDERED = 'rendered';
export const RENDER_TRUNC = 'renderTrunc';
export const RENDER_FAILED = 'renderFailed';
/** Annotation of a page whose renderer crashed (or whose browser died) while it rendered: it was rendered again once, in a new browser. */
export const RENDER_CRASHED = 'renderCrashed';

/**
 * Heritrix's BrowserProcessor on playwright-core and Debian's Chromium: a 2xx HTML page is
 * rendered (render-page.ts, on the render thread: render-thread.ts), its requests answered
 * through the crawl on the main thread (SubresourceFetcher), and
 * the links of its rendered DOM, its requests and the navigations it tried added to its
 * outlinks; `curi.text` becomes the rendered markup, for ExtractorDocument and receivers after
 * it. Other responses it sees (a stylesheet queued by an extractor and fetched before any page
 * asked for it) are kept for the pages that will. The browser starts with the first page to
 * render: a crawl (or a site, `enabled` false in its sheet) with none never starts it.
 */
export class BrowserProcessor extends Processor<typeof browserProcessorComponent> {
  #thread?: RenderThread;
  #fetcher?: SubresourceFetcher;
  #fetchChain?: ProcessorChain;
  /** Pages rendered, cut at their budget, failed. */
  readonly pages = { rendered: 0, cut: 0, failed: 0, crashed: 0, webSocketsRefused: 0 };
  /** Pages that waited for the crawl's loop to be less busy (maxLoopShare), and how long in all. */
  readonly yields = { pages: 0, ms: 0 };
  readonly #load = new LoopLoad();
  #failureSaid = false;

  override joinedChain(chain: ProcessorChain): void {
    this.#fetchChain ??= chain;
  }

  /** Times Chromium was launched (0 while no page needed it). */
  get launches(): number {
    return this.#thread?.counts.launches ?? 0;
  }

  get fetcher(): SubresourceFetcher | undefined {
    return this.#fetcher;
  }

  async start(): Promise<void> {
    const c = this.config;
    const dir = isAbsolute(c.cacheDir) ? c.cacheDir : join(tmpdir(), `beancrawl-rendered-${process.pid}`);
    const cache = new SubresourceCache(dir, c.maxCacheBytes);
    await cache.open();
    const recorded = new RecordedResponses();
    recorded.attach(c.stateStore);
    c.frontier?.onFinal((curi) => recorded.note(curi));
    this.#fetcher = new SubresourceFetcher({
      fetchChain: () => this.#fetchChain, candidateChain: c.candidateChain, dispositionChain: c.dispositionChain, uriUniqFilter: c.uriUniqFilter,
      sheetOverlaysManager: c.sheetOverlaysManager, loggerModule: c.loggerModule, politeness: c.politeness, frontier: c.frontier,
    }, cache, recorded);
    this.#thread = new RenderThread({
      executablePath: c.executablePath, maxPages: c.maxConcurrentPages, maxRssBytes: c.maxBrowserRssBytes, niceness: c.renderNiceness,
      idleClass: c.renderOnIdleCpu,
    });
    // From the start, so that the first page to render (which launches the browser) has a reading of the loop to go by.
    this.#load.watch();
  }

  async stop(): Promise<void> {
    this.#load.stop();
    await this.#thread?.close();
    await this.#fetcher?.cache.close();
  }

  override reportLines(): string[] {
    const n = this.#fetcher?.counts;
    return [
      `  ${this.pages.rendered} pages rendered (${this.pages.cut} cut at their budget, ${this.pages.failed} failed, ${this.pages.crashed} crashes); ` +
        `${this.launches} browser launches (${this.#thread?.counts.memoryRestarts ?? 0} past maxBrowserRssBytes), ` +
        `${this.#thread?.counts.tabsOpened ?? 0} tabs opened; ${this.yields.pages} pages waited for the crawl's busy loop ` +
        `(${(this.yields.ms / 1000).toFixed(1)} s in all)`,
      ...(n ? [`  ${n.asked} requests of pages: ${n.fetched} fetched, ${n.fromCache} served from what was fetched, ${n.refused} refused, ` +
        `${n.again} fetched though seen before, ${this.pages.webSocketsRefused} WebSockets refused; ${n.fromRecord} served from what was recorded ` +
        `(${n.unread} recorded but not readable, fetched again)`] : []),
    ];
  }

  protected override shouldProcess(curi: CrawlUri): boolean {
    const status = curi.fetchStatus;
    return status >= 200 && status <= 299 && curi.response !== undefined && curi.viaContext !== BROWSER_CONTEXT && !curi.isPrerequisite &&
      (curi.uri.startsWith('http:') || curi.uri.startsWith('https:'));
  }

  protected innerProcess(curi: CrawlUri, c: Config): ProcessResult | Promise<ProcessResult> {
    const fetcher = this.#fetcher;
    if (fetcher === undefined) throw new Error('BrowserProcessor was used before start()');
    if (!isHtml(curi.mimeType)) return fetcher.keep(curi).then(() => PROCEED);
    return this.#render(curi, c, fetcher);
  }

  /**
   * Renders the page on the render thread, each of its requests answered here through the crawl; a
   * page whose renderer crashed (or whose browser died) is annotated renderCrashed and rendered once
   * more in a new browser: failing again, it is renderFailed.
   */
  async #render(curi: CrawlUri, c: Config, fetcher: SubresourceFetcher): Promise<ProcessResult> {
    const waited = await this.#load.below(c.maxLoopShare, c.maxYieldMs);
    if (waited > 0) {
      this.yields.pages++;
      this.yields.ms += waited;
    }
    const response = curi.response!;
    const requests = new PageRequests(curi);
    // The page's own fetch was a request to its server: its requests wait for the rest after it.
    fetcher.rest(curi);
    try {
      const page = { uri: curi.uri, status: response.statusCode, headers: browserHeaders(response.rawHeaders), body: exactBytes(response.body) };
      const result = await this.#thread!.render({ page, userAgent: c.metadata?.forUri(curi).userAgent, options: renderOptions(c) },
        (url, method) => fetcher.serve(url, method, requests));
      if (result.crashes > 0) {
        this.pages.crashed += result.crashes;
        curi.annotations.push(RENDER_CRASHED);
      }
      if (result.outcome !== undefined) this.#apply(curi, result.outcome, requests);
      else this.#failed(curi, new Error(result.error));
    } finally {
      await fetcher.dispose(requests);
    }
    return PROCEED;
  }

  #apply(curi: CrawlUri, outcome: RenderOutcome, requests: PageRequests): void {
    this.pages.rendered++;
    if (outcome.cut) this.pages.cut++;
    this.pages.webSocketsRefused += outcome.webSockets.length;
    curi.annotations.push(outcome.cut ? RENDER_TRUNC : RENDERED);
    if (outcome.html !== undefined) curi.text = outcome.html;
    const dom = this.config.keepRenderedDom && outcome.html !== undefined ? Buffer.from(outcome.html, 'utf8') : undefined;
    const screenshot = outcome.screenshot && Buffer.from(outcome.screenshot.buffer, outcome.screenshot.byteOffset, outcome.screenshot.byteLength);
    if (screenshot !== undefined || dom !== undefined) curi.attempt.setExtra(RENDERED_PAGE, { screenshot, dom });
    const known = new Set(curi.outlinks.map((l) => `${l.hop} ${l.uri}`));
    const add = (uri: string, hop: Hop, context: string) => {
      if (uri === curi.uri || known.has(`${hop} ${uri}`)) return;
      known.add(`${hop} ${uri}`);
      curi.outlinks.push({ uri, hop, context });
    };
    for (const link of outcome.links) add(link.uri, link.hop, link.context);
    for (const uri of requests.asked) add(uri, Hop.EMBED, BROWSER_CONTEXT);
    for (const uri of outcome.navigations) add(uri, Hop.LINK, BROWSER_CONTEXT);
  }

  #failed(curi: CrawlUri, e: unknown): void {
    this.pages.failed++;
    curi.annotations.push(RENDER_FAILED);
    if (this.#failureSaid) return;
    this.#failureSaid = true;
    const why = e instanceof Error ? e.message.split('\n')[0] : String(e);
    this.config.loggerModule?.alert?.('SEVERE', `BrowserProcessor could not render ${curi.uri} (${why}); pages that fail to render are ` +
      `annotated ${RENDER_FAILED} and go on unrendered (executablePath ${this.config.executablePath})`);
  }
}

/** The per-URI options of rendering, as a plain object the render thread can be sent. */
function renderOptions(c: Config): RenderOptions {
  return {
    pageTimeoutMs: c.pageTimeoutMs, waitUntil: c.waitUntil, networkIdleMs: c.networkIdleMs, waitSelector: c.waitSelector, scrollToEnd: c.scrollToEnd,
    scrollMaxSteps: c.scrollMaxSteps, scrollBudgetMs: c.scrollBudgetMs, clickSelector: c.clickSelector, clickMaxTimes: c.clickMaxTimes,
    clickBudgetMs: c.clickBudgetMs, stepWaitMs: c.stepWaitMs, screenshot: c.screenshot,
  };
}

function isHtml(mimeType: string): boolean {
  return mimeType === 'text/html' || mimeType === 'application/xhtml+xml';
}
