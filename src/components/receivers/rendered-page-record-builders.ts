import type { CrawlUri } from '../../model/crawl-uri.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { RENDERED_DOM_URN, RENDERED_PAGE, SCREENSHOT_URN } from '../../model/rendered-page.js';
import { recordDate } from './builder-support.js';

/** A `resource` record (`image/png`, Target-URI `urn:view:` + the page) of the screenshot BrowserProcessor took of a rendered page. */
export class ScreenshotRecordBuilder implements WarcRecordBuilder {
  constructor(readonly config: object = {}) {}

  shouldBuildRecord(curi: CrawlUri): boolean {
    return curi.attempt.extra(RENDERED_PAGE)?.screenshot !== undefined;
  }

  buildRecord(curi: CrawlUri): WarcRecordDraft | undefined {
    const png = curi.attempt.extra(RENDERED_PAGE)?.screenshot;
    if (png === undefined) return undefined;
    return { type: 'resource', targetUri: SCREENSHOT_URN + curi.uri, date: recordDate(curi), contentType: 'image/png', fields: [], block: [png] };
  }
}

/** A `resource` record (`text/html; charset=utf-8`, Target-URI `urn:dom:` + the page) of a rendered page's DOM, where BrowserProcessor kept it. */
export class RenderedDomRecordBuilder implements WarcRecordBuilder {
  constructor(readonly config: object = {}) {}

  shouldBuildRecord(curi: CrawlUri): boolean {
    return curi.attempt.extra(RENDERED_PAGE)?.dom !== undefined;
  }

  buildRecord(curi: CrawlUri): WarcRecordDraft | undefined {
    const dom = curi.attempt.extra(RENDERED_PAGE)?.dom;
    if (dom === undefined) return undefined;
    const contentType = 'text/html; charset=utf-8';
    return { type: 'resource', targetUri: RENDERED_DOM_URN + curi.uri, date: recordDate(curi), contentType, fields: [], block: [dom] };
  }
}
