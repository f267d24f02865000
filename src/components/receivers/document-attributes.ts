import type { CrawledDocument } from '../../model/receiver.js';

/**
 * A document's attributes by SMILA's names (its web crawler's `mapping` keys), then beancrawl's
 * own. `httpContent` is the content itself, written as the receiver's contentFormat says.
 */
export const DOCUMENT_ATTRIBUTES = {
  httpUrl: (d: CrawledDocument) => d.url,
  httpMimetype: (d: CrawledDocument) => d.mimeType || undefined,
  httpCharset: (d: CrawledDocument) => d.charset,
  httpContenttype: (d: CrawledDocument) => d.contentType || undefined,
  httpLastModified: (d: CrawledDocument) => d.lastModified?.toISOString(),
  httpSize: (d: CrawledDocument) => d.size,
  httpContent: () => undefined,
  httpStatus: (d: CrawledDocument) => d.status,
  contentDigest: (d: CrawledDocument) => d.digest,
  fetchTime: (d: CrawledDocument) => d.fetchTime.toISOString(),
  hopsPath: (d: CrawledDocument) => d.hopsPath,
  via: (d: CrawledDocument) => d.via,
} as const satisfies Record<string, (d: CrawledDocument) => string | number | undefined>;

export type DocumentAttribute = keyof typeof DOCUMENT_ATTRIBUTES;

export const DOCUMENT_ATTRIBUTE_NAMES = Object.keys(DOCUMENT_ATTRIBUTES) as DocumentAttribute[];

/** The text of a document: an extractor's when there is one, else the bytes decoded with its charset (UTF-8 when it names none). */
export function documentText(d: CrawledDocument): string {
  if (d.text !== undefined) return d.text;
  try {
    return new TextDecoder(d.charset || 'utf-8').decode(d.content);
  } catch {
    return d.content.toString('latin1');
  }
}
