import { Hop } from '../../model/hop.js';
import { forEachCssUrl } from './css-urls.js';
import { LinkContext } from './link-context.js';
import type { OutlinkSink } from './outlink-sink.js';

/** Adds the links of style text (a sheet, a `<style>` element, a `style` attribute) to `sink` as Heritrix does: embeds (E), `=EMBED_MISC`. */
export function addCssLinks(sink: OutlinkSink, css: string, base: string): void {
  forEachCssUrl(css, (url) => sink.add(url, base, Hop.EMBED, LinkContext.EMBED_MISC));
}
