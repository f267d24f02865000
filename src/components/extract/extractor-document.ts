import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { ExtractedDocument } from '../../model/extracted-document.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { documentContentOf } from '../../model/receiver.js';
import { decodeHtml } from './decode-html.js';
import { decodeText } from './decode-text.js';
import { DocumentTextCollector, type CollectedText } from './document-text-collector.js';
import type { extractorDocumentComponent } from './extractor-document.descriptor.js';
import { isHtmlResponse } from './is-html-response.js';
import { EXTRACT_TIME_TRUNC, runSliced } from './parse-budget.js';

/** The crawl.log annotation of a document whose text was cut at maxTextChars. */
export const TEXT_TRUNC = 'textTrunc';

type Config = ConfigOf<typeof extractorDocumentComponent>;
type Kind = 'html' | 'xml' | 'text';

/** XML by its media type (not XHTML, which is HTML here). */
function isXml(mimeType: string): boolean {
  return mimeType === 'text/xml' || mimeType === 'application/xml' || (mimeType.endsWith('+xml') && mimeType !== 'application/xhtml+xml');
}

/**
 * The text, title and attributes of a document for a search index (see its descriptor), set as
 * `curi.extracted`. Parsed by htmlparser2's streaming parser in steps within maxParseTimeMs: a
 * document that takes longer keeps the text read so far.
 */
export class ExtractorDocument extends Processor<typeof extractorDocumentComponent> {
  protected override shouldProcess(curi: CrawlUri): boolean {
    const content = documentContentOf(curi);
    return content !== undefined && kindOf(curi, content) !== undefined;
  }

  protected innerProcess(curi: CrawlUri, c: Config): ProcessResult | Promise<ProcessResult> {
    const content = documentContentOf(curi)!;
    const kind = kindOf(curi, content)!;
    if (kind === 'text') {
      const text = decodeText(content, curi.contentCharset);
      const lines = text.split(/\r\n|\r|\n/).map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n');
      this.#set(curi, { text: lines.slice(0, c.maxTextChars), meta: {}, cut: lines.length > c.maxTextChars }, c);
      return PROCEED;
    }
    const markup = kind === 'html' ? (curi.text ?? decodeHtml(content, curi.contentCharset, curi.defaultEncoding).text) : decodeText(content, curi.contentCharset);
    const collector = new DocumentTextCollector(c.maxTextChars);
    const outcome = runSliced(collector.steps(markup, kind === 'xml'), { maxTimeMs: c.maxParseTimeMs });
    const done = (o: string): ProcessResult => {
      if (o === 'timeTrunc' && !curi.annotations.includes(EXTRACT_TIME_TRUNC)) curi.annotations.push(EXTRACT_TIME_TRUNC);
      this.#set(curi, collector.result(), c);
      return PROCEED;
    };
    return typeof outcome === 'string' ? done(outcome) : outcome.then(done);
  }

  #set(curi: CrawlUri, collected: CollectedText, c: Config): void {
    if (collected.cut && c.maxTextChars > 0 && !curi.annotations.includes(TEXT_TRUNC)) curi.annotations.push(TEXT_TRUNC);
    const { meta } = collected;
    const keywords = meta.keywords?.split(',').map((k) => k.trim()).filter(Boolean);
    const language = collected.language ?? curi.response?.headers['content-language']?.split(',')[0]?.trim();
    const extracted: ExtractedDocument = {
      text: collected.text, meta, fields: curi.extracted?.fields ?? {},
      ...(collected.title !== undefined ? { title: collected.title } : {}),
      ...(language ? { language } : {}),
      ...(meta.description !== undefined ? { description: meta.description } : {}),
      ...(keywords?.length ? { keywords } : {}),
    };
    curi.extracted = extracted;
  }
}

function kindOf(curi: CrawlUri, content: Buffer): Kind | undefined {
  if (isHtmlResponse(curi.mimeType, content)) return 'html';
  if (isXml(curi.mimeType)) return 'xml';
  if (curi.mimeType === 'text/plain') return 'text';
  return undefined;
}
