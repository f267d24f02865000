import { COMPOUND, elementUrl, parentUrl, type CompoundElement, type StoredElement } from '../../model/compound.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { DocumentEvent } from '../../model/fetch-history.js';
import type { CrawledDocument } from '../../model/receiver.js';

/** One document a URI gives its receivers: its event, and the document when its content is at hand. */
export interface Delivery {
  readonly event: DocumentEvent;
  readonly doc?: CrawledDocument;
}

/**
 * The documents of a compound's elements (ExtractorCompound), after the compound's own: each
 * with SMILA's `_compoundRecordId` and `_compoundPath`. In a delta run an element is new, changed
 * (its own content changed) or unchanged against the elements the history kept of the compound;
 * one kept that a complete listing no longer has is deleted, as are all of them when the compound
 * is no longer one. A compound not read this run (a 304) has its elements unchanged, as kept.
 */
export function elementDeliveries(curi: CrawlUri, container: CrawledDocument | undefined, containerEvent: DocumentEvent): Delivery[] {
  const listing = curi.attempt.extra(COMPOUND);
  const kept = curi.history?.elements ?? [];
  const delta = curi.delta;
  const out: Delivery[] = [];
  if (listing && container) {
    const before = new Map(kept.map((e) => [e[0], e]));
    for (const element of listing.elements) {
      const prior = before.get(element.path);
      const kind = delta === undefined ? 'found' : !prior ? 'new' : prior[1] !== element.digest ? 'changed' : 'unchanged';
      const doc = elementDocument(container, element);
      out.push({ event: eventOf(kind, doc.url, containerEvent, [element.path, element.digest, element.content.length, element.mimeType]), doc });
    }
    if (delta !== undefined && listing.complete) {
      const read = new Set(listing.elements.map((e) => e.path));
      for (const e of kept) if (!read.has(e[0])) out.push({ event: eventOf('deleted', elementUrl(curi.uri, e[0]), containerEvent, e) });
    }
  } else if (delta === 'unchanged') {
    for (const e of kept) out.push({ event: eventOf('unchanged', elementUrl(curi.uri, e[0]), containerEvent, e) });
  } else if (delta === 'changed' && container) {
    // No longer a compound (or not read as one): what it held is gone.
    for (const e of kept) out.push({ event: eventOf('deleted', elementUrl(curi.uri, e[0]), containerEvent, e) });
  }
  return out;
}

function elementDocument(container: CrawledDocument, element: CompoundElement): CrawledDocument {
  return {
    url: elementUrl(container.url, element.path),
    mimeType: element.mimeType, contentType: element.mimeType, size: element.content.length, content: element.content,
    status: container.status, digest: element.digest, fetchTime: container.fetchTime, hopsPath: container.hopsPath, via: container.url,
    isSeed: false, outlinks: [], ...(element.isCompound ? { isCompound: true } : {}),
    compound: { recordId: parentUrl(container.url, element.path), path: element.path },
  };
}

function eventOf(kind: DocumentEvent['kind'], url: string, container: DocumentEvent, [path, digest, size, mimeType]: StoredElement): DocumentEvent {
  return { kind, url, status: container.status, fetchTime: container.fetchTime, mimeType, size, digest, compound: { recordId: parentUrl(container.url, path), path } };
}
