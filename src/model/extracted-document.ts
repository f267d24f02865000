/**
 * What a document extractor read from a document for a search index (Oracle Ultra Search's
 * document attributes, SMILA's record): its readable text and title, what its head declares, and
 * the fields its CSS selectors took. Set on the URI by ExtractorDocument; receivers see it on the
 * CrawledDocument.
 */
export interface ExtractedDocument {
  readonly title?: string;
  /** The readable text: scripts, styles and navigation boilerplate left out, white space normalised. */
  readonly text: string;
  /** The language the document declares (`<html lang>`, else Content-Language), as written. */
  readonly language?: string;
  readonly description?: string;
  readonly keywords?: readonly string[];
  /** Each `<meta name|property|http-equiv content>`, by its name lower-cased (the first of a name). */
  readonly meta: Readonly<Record<string, string>>;
  /** Fields by CSS selector (FieldsBySelector): a field whose selector matched nothing is absent. */
  readonly fields: Readonly<Record<string, string | readonly string[]>>;
}
