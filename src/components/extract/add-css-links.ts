import { Hop } from '../../model/hop.js';
import { cssUrlSteps, forEachCssUrl } from './css-urls.js';
import { LinkContext } from './link-context.js';
import type { OutlinkSink } from './outlink-sink.js';
import type { ParseSteps } from './parse-budget.js';

/** Adds the links of style text (a sheet, a `<style>` element, a `style` attribute) to `sink` as Heritrix does: embeds (E), `=EMBED_MISC`. */
export function addCssLinks(sink: OutlinkSink, css: string, base: string): void {
  forEachCssUrl(css, (url) => sink.add(url, base, Hop.EMBED, LinkContext.EMBED_MISC));
}

/** addCssLinks as steps (parse-budget.ts), for style text of any length. */
export function cssLinkSteps(sink: OutlinkSink, css: string, base: string): ParseSteps {
  return cssUrlSteps(css, (url) => sink.add(url, base, Hop.EMBED, LinkContext.EMBED_MISC));
}
