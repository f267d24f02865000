import type { CrawlUri } from '../../model/crawl-uri.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { RENDERED_DOM_URN, RENDERED_PAGE, type RenderedPage, SCREENSHOT_URN } from '../../model/rendered-page.js';
import { recordDate } from './builder-support.js';

/** A `resource` record of one part of what BrowserProcessor kept of a rendered page, under its own URN + the page. */
abstract class RenderedPartRecordBuilder implements WarcRecordBuilder {
  constructor(readonly config: object = {}) {}

  protected abstract readonly urn: string;
  protected abstract readonly contentType: string;
  protected abstract partOf(page: RenderedPage): Buffer | undefined;

  #part(curi: CrawlUri): Buffer | undefined {
    const page = curi.attempt.extra(RENDERED_PAGE);
    return page === undefined ? undefined : this.partOf(page);
  }

  shouldBuildRecord(curi: CrawlUri): boolean {
    return this.#part(curi) !== undefined;
  }

  buildRecord(curi: CrawlUri): WarcRecordDraft | undefined {
    const block = this.#part(curi);
    if (block === undefined) return undefined;
    return { type: 'resource', targetUri: this.urn + curi.uri, date: recordDate(curi), contentType: this.contentType, fields: [], block: [block] };
  }
}

/** A `resource` record (`image/png`, Target-URI `urn:view:` + the page) of the screenshot BrowserProcessor took of a rendered page. */
export class ScreenshotRecordBuilder extends RenderedPartRecordBuilder {
  protected readonly urn = SCREENSHOT_URN;
  protected readonly contentType = 'image/png';
  protected partOf(page: RenderedPage): Buffer | undefined {
    return page.screenshot;
  }
}

/** A `resource` record (`text/html; charset=utf-8`, Target-URI `urn:dom:` + the page) of a rendered page's DOM, where BrowserProcessor kept it. */
export class RenderedDomRecordBuilder extends RenderedPartRecordBuilder {
  protected readonly urn = RENDERED_DOM_URN;
  protected readonly contentType = 'text/html; charset=utf-8';
  protected partOf(page: RenderedPage): Buffer | undefined {
    return page.dom;
  }
}
