import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { Processor, type ProcessResult } from '../../model/processor.js';
import { decodeHtml } from './decode-html.js';
import type { extractorHtmlComponent } from './extractor-html.descriptor.js';
import { hasNonHtmlExtension } from './has-non-html-extension.js';
import { HtmlLinkCollector } from './html-link-collector.js';
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
 */
export class ExtractorHtml extends Processor<typeof extractorHtmlComponent> {
  readonly #idle: HtmlLinkCollector[] = [];

  protected override shouldProcess(curi: CrawlUri, c: ConfigOf<typeof extractorHtmlComponent>): boolean {
    const body = curi.response?.body;
    if (body === undefined || body.length === 0 || curi.fetchStatus < 200 || curi.fetchStatus > 299 || curi.linkExtractorFinished) return false;
    if (!isHtmlResponse(curi.mimeType, body)) return false;
    return !(c.ignoreUnexpectedHtml && hasNonHtmlExtension(curi.uri));
  }

  protected innerProcess(curi: CrawlUri, c: ConfigOf<typeof extractorHtmlComponent>): ProcessResult | Promise<ProcessResult> {
    const text = decodeHtml(curi.response!.body, curi.contentCharset, curi.defaultEncoding).text;
    curi.text = text;
    const metadata = this.config.metadata?.forUri(curi);
    curi.linkExtractorFinished = true;
    const collector = this.#idle.pop() ?? new HtmlLinkCollector();
    return extractWithinBudget(curi, this.#steps(collector, collector.steps(curi, text, c, obeysMetaRobots(metadata), c.maxElementDepth)), c.maxParseTimeMs);
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
