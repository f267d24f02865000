import { ExtraKey } from './extra-key.js';

/** What rendering a page kept for the WARC writer (BrowserProcessor's screenshot and keepRenderedDom). */
export interface RenderedPage {
  /** The page as shown when rendering ended, whole (PNG). */
  readonly screenshot?: Buffer;
  /** The rendered DOM serialized as HTML (UTF-8). */
  readonly dom?: Buffer;
}

export const RENDERED_PAGE = new ExtraKey<RenderedPage>('renderedPage');

/** The Target-URI prefixes of the records of a rendered page, as Browsertrix names its screenshots (`urn:view:`). */
export const SCREENSHOT_URN = 'urn:view:';
export const RENDERED_DOM_URN = 'urn:dom:';
