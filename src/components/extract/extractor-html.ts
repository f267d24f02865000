import { join } from 'node:path';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { packageRoot } from '../../util/package-root.js';
import { ThreadPool } from '../../util/thread-pool.js';
import { decodeHtml } from './decode-html.js';
import type { extractorHtmlComponent } from './extractor-html.descriptor.js';
import { hasNonHtmlExtension } from './has-non-html-extension.js';
import { HtmlLinkCollector } from './html-link-collector.js';
import { applyHtmlParse, type HtmlParseAnswer, type HtmlParseJob } from './html-page-parse.js';
import { parseThreadsFor } from './parse-threads.js';
import { isHtmlResponse } from './is-html-response.js';
import { extractWithinBudget, type ParseSteps } from './parse-budget.js';
import { obeysMetaRobots } from './robots-directives.js';

/** The resolved properties; extractJavascript and extractValueAttributes may be left out by code written before they existed (false). */
export type ExtractorHtmlConfig = Omit<ConfigOf<typeof extractorHtmlComponent>, 'extractJavascript' | 'extractValueAttributes'> & {
  readonly extractJavascript?: boolean;
  readonly extractValueAttributes?: boolean;
};

/**
 * Heritrix's ExtractorHTML on htmlparser2's streaming parser: decodes the body into
 * `curi.text`, then adds the page's links to `curi.outlinks`, inline CSS's included (and
 * inline scripts' with extractJavascript). Only 2xx HTML responses with a body that no earlier
 * extractor finished are read; once read, the page is finished for the extractors after it.
 * The page is parsed in slices within maxParseTimeMs (parse-budget.ts), so several may be
 * parsed at once: each has a collector of its own, taken from the idle ones.
 * With parse threads (parseThreads), a page of minThreadParseBytes or more is decoded and parsed
 * on one (html-parse-thread.ts) while the crawl goes on; the same code, the same links, in the same
 * order. The first such page waits for a thread to be up; if the threads fail, pages are parsed here.
 */
export class ExtractorHtml extends Processor<typeof extractorHtmlComponent> {
  readonly #idle: HtmlLinkCollector[] = [];
  #threads: ThreadPool<HtmlParseJob, HtmlParseAnswer> | undefined;
  /** Pages parsed on the threads of earlier starts. */
  #parsedBefore = 0;

  start(): void {
    const n = parseThreadsFor(this.config.parseThreads);
    if (n > 0 && !this.#threads) this.#threads = new ThreadPool({ file: join(packageRoot(), 'dist', 'src', 'components', 'extract', 'html-parse-thread.js') }, n);
  }

  stop(): void {
    this.#parsedBefore = this.parsedOnThreads;
    this.#threads?.close();
    this.#threads = undefined;
  }

  /** Pages parsed on a parse thread. */
  get parsedOnThreads(): number {
    return this.#parsedBefore + (this.#threads?.answered ?? 0);
  }

  override reportLines(): string[] {
    return parseThreadsFor(this.config.parseThreads) > 0 ? [`  ${this.parsedOnThreads} CrawlURIs parsed on parse threads`] : [];
  }

  protected override shouldProcess(curi: CrawlUri, c: ConfigOf<typeof extractorHtmlComponent>): boolean {
    const body = curi.response?.body;
    if (body === undefined || body.length === 0 || curi.fetchStatus < 200 || curi.fetchStatus > 299 || curi.linkExtractorFinished) return false;
    if (!isHtmlResponse(curi.mimeType, body)) return false;
    return !(c.ignoreUnexpectedHtml && hasNonHtmlExtension(curi.uri));
  }

  protected innerProcess(curi: CrawlUri, c: ConfigOf<typeof extractorHtmlComponent>): ProcessResult | Promise<ProcessResult> {
    const body = curi.response!.body;
    const obeyMetaRobots = obeysMetaRobots(this.config.metadata?.forUri(curi));
    curi.linkExtractorFinished = true;
    const threads = this.#threads;
    if (threads === undefined || body.length < c.minThreadParseBytes) return this.#here(curi, body, c, obeyMetaRobots);
    // Until a thread is up (tens of ms, once), pages wait for it; if none can be, they are parsed here.
    return this.#onThread(curi, body, c, obeyMetaRobots) ?? threads.ready().then(() => this.#onThread(curi, body, c, obeyMetaRobots) ?? this.#here(curi, body, c, obeyMetaRobots));
  }

  /** The page parsed on this thread, in slices. */
  #here(curi: CrawlUri, body: Uint8Array, c: ConfigOf<typeof extractorHtmlComponent>, obeyMetaRobots: boolean): ProcessResult | Promise<ProcessResult> {
    const text = decodeHtml(body, curi.contentCharset, curi.defaultEncoding).text;
    curi.text = text;
    const collector = this.#idle.pop() ?? new HtmlLinkCollector();
    return extractWithinBudget(curi, this.#steps(collector, collector.steps(curi, text, c, obeyMetaRobots, c.maxElementDepth)), c.maxParseTimeMs);
  }

  /** The page sent to a parse thread (a copy of its body); undefined while none is up. A thread that fails leaves the page to #here. */
  #onThread(curi: CrawlUri, body: Uint8Array, c: ConfigOf<typeof extractorHtmlComponent>, obeyMetaRobots: boolean): Promise<ProcessResult> | undefined {
    const copy = new Uint8Array(body);
    const job: HtmlParseJob = {
      uri: curi.uri, body: copy, charset: curi.contentCharset, defaultEncoding: curi.defaultEncoding, obeyMetaRobots,
      options: {
        treatFramesAsEmbedLinks: c.treatFramesAsEmbedLinks, ignoreFormActionUrls: c.ignoreFormActionUrls, extractOnlyFormGets: c.extractOnlyFormGets,
        obeyRelNofollow: c.obeyRelNofollow, extractJavascript: c.extractJavascript, extractValueAttributes: c.extractValueAttributes,
      },
      maxDepth: c.maxElementDepth, maxTimeMs: c.maxParseTimeMs, known: curi.outlinks,
    };
    const answer = this.#threads!.run(job, [copy.buffer]);
    return answer?.then(
      (a) => {
        applyHtmlParse(curi, a);
        return PROCEED;
      },
      () => this.#here(curi, body, c, obeyMetaRobots),
    );
  }

  /** The collector's steps, after which (done, cut or failed) it goes back to the idle ones. */
  *#steps(collector: HtmlLinkCollector, steps: ParseSteps): ParseSteps {
    try {
      yield* steps;
    } finally {
      this.#idle.push(collector);
    }
  }
}
