import { parseCdxjLine, readCdxjIndex, timestamp14, warcFileOf, writeCdxjIndex, type CdxjEntry } from './cdxj-index.js';
import { cdxUrlKey } from '../util/url/cdx-url-key.js';
import { decodeStoredBody } from '../util/stored-body.js';
import { readWarcRecordAt } from '../util/warc-record-reader.js';

/** A capture found for `get`: its index entry, the record's block, and where its HTTP body starts. */
export interface StoredResponse {
  readonly entry: CdxjEntry;
  /** The record's block: for a response, the status line, headers and body as stored. */
  readonly block: Buffer;
  /** Where the body starts in the block (0 for a resource record, which has no HTTP head). */
  readonly bodyStart: number;
}

/**
 * The capture of `url` in a run closest to `at` (a timestamp of up to 14 digits, or a date;
 * the latest when not given), from the run's CDXJ index, built first when the run has none.
 * Records with a body only: a revisit (`warc/revisit`) stores none. Undefined when there is none.
 */
export async function storedResponse(runDir: string, url: string, at?: string): Promise<StoredResponse | undefined> {
  const entries = (await readCdxjIndex(runDir)) ?? (await writeCdxjIndex(runDir)).lines.map(parseCdxjLine);
  const key = cdxUrlKey(url);
  // The key is pywb's, which several spellings of a URL share: those of this very URL when there are any.
  const keyed = entries.filter((e) => e.surt === key && e.type !== 'revisit' && e.mime !== 'warc/revisit');
  const exact = keyed.filter((e) => e.url === url);
  const captures = exact.length ? exact : keyed;
  if (!captures.length) return undefined;
  const target = at === undefined ? undefined : Number(timestamp14(at.length <= 14 && /^\d+$/.test(at) ? at : new Date(at).toISOString()));
  let best = captures[0];
  for (const e of captures) {
    const closer = target === undefined
      ? e.timestamp >= best.timestamp
      : Math.abs(Number(e.timestamp) - target) <= Math.abs(Number(best.timestamp) - target);
    if (closer) best = e;
  }
  const record = await readWarcRecordAt(await warcFileOf(runDir, best.filename), Number(best.offset));
  const headEnd = record.block.indexOf('\r\n\r\n');
  const isHttp = record.header.get('warc-type') === 'response' && record.block.subarray(0, 5).toString('latin1') === 'HTTP/';
  return { entry: best, block: record.block, bodyStart: isHttp && headEnd !== -1 ? headEnd + 4 : 0 };
}

/**
 * A stored body as the page was meant: without its chunk framing (responses are stored as
 * received, chunked ones framed), then decoded from its Content-Encoding (gzip, deflate, br;
 * other codings left as they are).
 */
export function decodeBody(response: StoredResponse): { body: Buffer; decoded?: string } {
  const stored = response.block.subarray(response.bodyStart);
  if (!response.bodyStart) return { body: stored };
  return decodeStoredBody(response.block.subarray(0, response.bodyStart).toString('latin1'), stored);
}
