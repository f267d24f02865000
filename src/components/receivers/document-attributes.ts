import type { CrawledDocument } from '../../model/receiver.js';
import { usageMembers } from '../../model/usage-preferences.js';

/** A value an attribute takes: text, a number, or several texts (keywords, a field's every match). */
export type AttributeValue = string | number | boolean | readonly string[] | undefined;

/**
 * A document's attributes by SMILA's names (its web crawler's `mapping` keys), then beancrawl's
 * own. `httpContent` is the content itself, written as the receiver's contentFormat says. The
 * search-index ones (title, text, language, description, keywords) come from ExtractorDocument;
 * without it, `text` is the content decoded and the others are absent. `displayUrl` is there only
 * when a DisplayUrlMapper gave the document one other than its URL.
 * The mail ones (subject, from, to, date, messageId, folder, flags) are a message's envelope, as FetchImap read it.
 * contentSignal and contentUsage are the usage preferences its site stated for it (`search=yes, ai-train=no`), when any.
 */
export const DOCUMENT_ATTRIBUTES = {
  httpUrl: (d: CrawledDocument) => d.url,
  displayUrl: (d: CrawledDocument) => d.displayUrl,
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
  title: (d: CrawledDocument) => d.extracted?.title,
  text: (d: CrawledDocument) => (d.extracted ? d.extracted.text : documentText(d)),
  language: (d: CrawledDocument) => d.extracted?.language ?? d.headers?.['content-language'],
  description: (d: CrawledDocument) => d.extracted?.description,
  keywords: (d: CrawledDocument) => d.extracted?.keywords,
  _compoundRecordId: (d: CrawledDocument) => d.compound?.recordId,
  _compoundPath: (d: CrawledDocument) => d.compound?.path,
  _isCompound: (d: CrawledDocument) => (d.isCompound ? true : undefined),
  subject: (d: CrawledDocument) => d.mail?.subject,
  from: (d: CrawledDocument) => d.mail?.from,
  to: (d: CrawledDocument) => d.mail?.to,
  date: (d: CrawledDocument) => d.mail?.date,
  messageId: (d: CrawledDocument) => d.mail?.messageId,
  folder: (d: CrawledDocument) => d.mail?.folder,
  flags: (d: CrawledDocument) => d.mail?.flags,
  contentSignal: (d: CrawledDocument) => membersOf(d.usagePreferences?.contentSignal),
  contentUsage: (d: CrawledDocument) => membersOf(d.usagePreferences?.contentUsage),
} as const satisfies Record<string, (d: CrawledDocument) => AttributeValue>;

export type DocumentAttribute = keyof typeof DOCUMENT_ATTRIBUTES;

function membersOf(preferences: Readonly<Record<string, string>> | undefined): string | undefined {
  return preferences === undefined ? undefined : usageMembers(preferences, ', ');
}

export const DOCUMENT_ATTRIBUTE_NAMES = Object.keys(DOCUMENT_ATTRIBUTES) as DocumentAttribute[];

/**
 * The attributes a mapping may name besides those: any response header (`header.Content-Language`),
 * any meta tag (`meta.revision`, `meta.og:title`) and any field of a FieldsBySelector (`field.price`).
 */
export const ATTRIBUTE_FAMILIES = ['header.', 'meta.', 'field.'] as const;

/** Whether a mapping may name it: a document attribute, or a header, meta tag or field (a name after the dot). */
export function isAttributeName(name: string): boolean {
  return (DOCUMENT_ATTRIBUTE_NAMES as string[]).includes(name) || ATTRIBUTE_FAMILIES.some((f) => name.startsWith(f) && name.length > f.length);
}

/** How to read an attribute a mapping names, worked out once for the name (headers and meta names in any case). */
export function attributeGetter(name: string): (d: CrawledDocument) => AttributeValue {
  const known = (DOCUMENT_ATTRIBUTES as Record<string, (d: CrawledDocument) => AttributeValue>)[name];
  if (known) return known;
  if (name.startsWith('header.')) {
    const header = name.slice(7).toLowerCase();
    return (d) => d.headers?.[header];
  }
  if (name.startsWith('meta.')) {
    const meta = name.slice(5).toLowerCase();
    return (d) => d.extracted?.meta[meta];
  }
  if (name.startsWith('field.')) {
    const field = name.slice(6);
    return (d) => d.extracted?.fields[field];
  }
  return () => undefined;
}

/** The value of an attribute a mapping names, for one document. */
export function attributeOf(d: CrawledDocument, name: string): AttributeValue {
  return attributeGetter(name)(d);
}

/**
 * One mapping mechanism for every receiver (SMILA's `mapping`, Oracle's per-source attribute
 * names): each attribute the mapping names, under the key it gives, left out when the document
 * has none. `httpContent` is left to the receiver, which writes content its own way.
 */
export function mappedAttributes(d: CrawledDocument, mapping: Readonly<Record<string, string>>): Record<string, Exclude<AttributeValue, undefined>> {
  return compileMapping(mapping)(d);
}

/** A mapping made once into what reads it (see mappedAttributes): for a receiver that maps every document the same way. */
export function compileMapping(mapping: Readonly<Record<string, string>>): (d: CrawledDocument) => Record<string, Exclude<AttributeValue, undefined>> {
  const getters = Object.entries(mapping).filter(([name]) => name !== 'httpContent').map(([name, key]) => [key, attributeGetter(name)] as const);
  return (d) => {
    const out: Record<string, Exclude<AttributeValue, undefined>> = {};
    for (const [key, get] of getters) {
      const value = get(d);
      if (value !== undefined) out[key] = value;
    }
    return out;
  };
}

/** The text of a document: an extractor's when there is one, else the bytes decoded with its charset (UTF-8 when it names none). */
export function documentText(d: CrawledDocument): string {
  if (d.text !== undefined) return d.text;
  try {
    return new TextDecoder(d.charset || 'utf-8').decode(d.content);
  } catch {
    return d.content.toString('latin1');
  }
}
