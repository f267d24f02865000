import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { Processor, type ProcessResult } from '../../model/processor.js';
import { cssLinkSteps } from './add-css-links.js';
import { decodeText } from './decode-text.js';
import { isExtractable, pathEndsWith } from './is-extractable.js';
import { OutlinkSink } from './outlink-sink.js';
import { extractWithinBudget, MAX_PARSE_TIME_PROP } from './parse-budget.js';

export const extractorCssComponent = defineComponent({
  name: 'ExtractorCss',
  aliases: ['ExtractorCSS', 'org.archive.modules.extractor.ExtractorCSS'],
  description:
    'Finds the links of style sheets (2xx responses whose Content-Type mentions css, or whose URI ends in .css, as ' +
    'Heritrix decides): `url(...)`, quoted or not, and `@import "..."` or `@import url(...)`, each an embed (hop E, ' +
    'context `=EMBED_MISC`) resolved against the sheet\'s own URI. Comments are skipped. Inline `<style>` elements ' +
    'and `style` attributes are read by ExtractorHtml, in the same way.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    ...MAX_PARSE_TIME_PROP,
  },
  refs: {
    ...PROCESSOR_REFS,
  },
  load: async (): Promise<ComponentClass> => ExtractorCss,
});

export type ExtractorCssConfig = ConfigOf<typeof extractorCssComponent>;

/**
 * Heritrix's ExtractorCSS: the URLs a style sheet refers to, as embeds (E, `=EMBED_MISC`),
 * resolved against the sheet. Reads the whole sheet, so later extractors skip it.
 */
export class ExtractorCss extends Processor<typeof extractorCssComponent> {

  protected override shouldProcess(curi: CrawlUri): boolean {
    return isExtractable(curi) && isCssResponse(curi);
  }

  protected innerProcess(curi: CrawlUri, c: ExtractorCssConfig): ProcessResult | Promise<ProcessResult> {
    const css = decodeText(curi.response!.body, curi.contentCharset ?? charsetRule(curi.response!.body));
    curi.linkExtractorFinished = true;
    return extractWithinBudget(curi, cssLinkSteps(new OutlinkSink(curi.outlinks), css, curi.uri), c.maxParseTimeMs);
  }
}

/** Heritrix's test: the Content-Type mentions css, or the URI ends in `.css`. */
function isCssResponse(curi: CrawlUri): boolean {
  return curi.mimeType.includes('css') || pathEndsWith(curi.uri, '.css');
}

const CHARSET_RULE = Buffer.from('@charset "', 'latin1');

/** The encoding an opening `@charset "...";` names (CSS Syntax §3.2), if the sheet starts with one. */
function charsetRule(body: Buffer): string | undefined {
  if (body.length < 12 || !body.subarray(0, CHARSET_RULE.length).equals(CHARSET_RULE)) return undefined;
  const end = body.indexOf('";', CHARSET_RULE.length, 'latin1');
  return end < 0 || end > 64 ? undefined : body.toString('latin1', CHARSET_RULE.length, end);
}
