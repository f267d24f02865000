import { load } from 'cheerio';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { documentContentOf } from '../../model/receiver.js';
import { decodeHtml } from './decode-html.js';
import { parseFieldSpec, type FieldSpec } from './field-spec.js';
import type { fieldsBySelectorComponent } from './fields-by-selector.descriptor.js';
import { isHtmlResponse } from './is-html-response.js';

/** The crawl.log annotation of a document too large to parse for fields. */
export const FIELDS_SKIPPED = 'fieldsSkipped';

type Config = ConfigOf<typeof fieldsBySelectorComponent>;

/**
 * Fields by CSS selector (see its descriptor) into `curi.extracted.fields`. The fields are read
 * per URI (sheets may give a site its own); their specs are parsed once per distinct map.
 */
export class FieldsBySelector extends Processor<typeof fieldsBySelectorComponent> {
  #specs = new WeakMap<object, ReadonlyArray<readonly [string, FieldSpec]>>();

  protected override shouldProcess(curi: CrawlUri, c: Config): boolean {
    if (Object.keys(c.fields).length === 0) return false;
    const content = documentContentOf(curi);
    return content !== undefined && isHtmlResponse(curi.mimeType, content);
  }

  protected innerProcess(curi: CrawlUri, c: Config): ProcessResult {
    const content = documentContentOf(curi)!;
    if (c.maxBytes > 0 && content.length > c.maxBytes) {
      curi.annotations.push(FIELDS_SKIPPED);
      return PROCEED;
    }
    const $ = load(curi.text ?? decodeHtml(content, curi.contentCharset, curi.defaultEncoding).text);
    const fields: Record<string, string | string[]> = {};
    for (const [name, spec] of this.#specsOf(c.fields)) {
      const matches = $(spec.selector);
      const values: string[] = [];
      for (const el of spec.all ? matches.toArray() : matches.toArray().slice(0, 1)) {
        const value = spec.attribute ? $(el).attr(spec.attribute) : $(el).text().replace(/\s+/g, ' ').trim();
        if (value !== undefined) values.push(value);
      }
      if (spec.all ? values.length > 0 : values[0] !== undefined) fields[name] = spec.all ? values : values[0];
    }
    curi.extracted = { text: '', meta: {}, ...curi.extracted, fields: { ...curi.extracted?.fields, ...fields } };
    return PROCEED;
  }

  #specsOf(fields: Readonly<Record<string, string>>): ReadonlyArray<readonly [string, FieldSpec]> {
    let specs = this.#specs.get(fields);
    if (!specs) {
      specs = Object.entries(fields).map(([name, written]) => [name, parseFieldSpec(written)] as const);
      this.#specs.set(fields, specs);
    }
    return specs;
  }
}
