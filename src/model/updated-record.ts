import { COMPOUND, type StoredElement } from './compound.js';
import type { CrawlUri } from './crawl-uri.js';
import { fetchEntryOf, lastContentFetch } from './fetch-entry.js';
import type { FetchHistoryEntry, FetchHistoryRecord, StoredLink } from './fetch-history.js';
import { documentContentOf } from './receiver.js';

/**
 * The record after this fetch: the fetch joins the history (the newest `length` kept, and the
 * last one with content besides); a 2xx with content makes a document, seen this run, with its
 * outlinks; a 304 sees it too; 404 and 410 count towards deletion, once a run. Other outcomes
 * (failures, an empty 2xx) only say it was tried. Undefined when there is nothing worth keeping:
 * a URI that never was a document.
 */
export function updatedRecord(curi: CrawlUri, before: FetchHistoryRecord | undefined, run: number, length: number): FetchHistoryRecord | undefined {
  const status = curi.fetchStatus;
  // As receivers see it: an empty 2xx is no document, or one would be reported deleted that never was new.
  const ok = documentContentOf(curi) !== undefined;
  const notModified = status === 304 && before !== undefined;
  const gone = status === 404 || status === 410;
  if (!before && !ok) return undefined;
  const entry = fetchEntryOf(curi);
  const fetches = before && !(ok || notModified || gone) ? before.fetches : keep([entry, ...(before?.fetches ?? [])], length);
  const seen = ok || notModified;
  const goneCount = before?.goneCount ?? 0;
  // A second gone answer in one run (fetched again after a crash) is the same answer.
  const goneAgain = before?.lastGoneRun === run && goneCount > 0;
  return {
    fetches,
    document: ok || (before?.document ?? false),
    lastSeenRun: seen ? run : (before?.lastSeenRun ?? 0),
    lastTriedRun: run,
    firstSeenRun: before?.document ? before.firstSeenRun : ok ? run : (before?.firstSeenRun ?? 0),
    goneCount: seen ? 0 : gone && !goneAgain ? goneCount + 1 : goneCount,
    lastGoneRun: gone ? run : before?.lastGoneRun,
    reportedRun: before?.reportedRun,
    outlinks: ok ? curi.outlinks.map((l): StoredLink => [l.uri, l.hop, l.context]) : before?.outlinks,
    ...elementsOf(curi, ok, before),
  };
}

/**
 * A compound's elements to keep: as read now when the listing was complete; the earlier ones
 * not read now kept beside them when a limit cut it (an element is gone only by a complete
 * listing); the earlier ones as they were when it was not read (a 304).
 */
function elementsOf(curi: CrawlUri, ok: boolean, before: FetchHistoryRecord | undefined): { elements?: readonly StoredElement[] } {
  const listing = curi.attempt.extra(COMPOUND);
  if (!ok || !listing) return before?.elements && !ok ? { elements: before.elements } : {};
  const now = listing.elements.map((e): StoredElement => [e.path, e.digest, e.content.length, e.mimeType]);
  if (listing.complete || !before?.elements) return { elements: now };
  const read = new Set(now.map((e) => e[0]));
  return { elements: [...now, ...before.elements.filter((e) => !read.has(e[0]))] };
}

/** The newest `length` fetches, and the newest with content if it is older. */
function keep(fetches: readonly FetchHistoryEntry[], length: number): FetchHistoryEntry[] {
  const kept = fetches.slice(0, length);
  const content = lastContentFetch(fetches);
  if (content && !kept.includes(content)) kept.push(content);
  return kept;
}
