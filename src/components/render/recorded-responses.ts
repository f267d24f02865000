import { join } from 'node:path';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { StateStore, StateSublevel } from '../../model/state-store.js';
import { decodeStoredBody } from '../../util/stored-body.js';
import { readWarcRecordAt, type WarcRecordRead } from '../../util/warc-record-reader.js';
import type { Served } from './subresource-cache.js';
import { browserHeaders } from './subresource-fetcher.js';

/** Sublevel of the state store: a URI → `OFFSET PATH` of the first record written for it (a URI taken from a queue has no canonical key). */
export const RECORDED_SUBLEVEL = 'recorded-responses';
/** How many records after a URI's first one are looked at for its `response` (a writer's chain may put another first). */
const RECORDS_LOOKED_AT = 4;
/** Waits before the reads of a record not yet whole in its file (a WARC file's writes reach it in batches, some 20 ms apart). */
const RETRY_MS = [20, 50, 100, 200, 400, 800];

/** Why a record was not read back, for processors-report.txt: the file gone, or no response there. */
export type Unread = 'file' | 'record';

/**
 * Where the crawl recorded the response of each URI a page might ask for (anything but an HTML
 * page, whoever fetched it: the frontier on a site rendered or not, or a page's request), told of
 * every URI done (Frontier.onFinal) and read back from the WARC file when a page asks for one the
 * processor's cache does not hold. Kept in the state store (staged with the commit that has the
 * URI done, so it outlives the cache and a restart), or in memory without one. A crawl without
 * BrowserProcessor never makes one: no cost a URI there.
 */
export class RecordedResponses {
  /** Told since the last commit was staged. */
  #recent = new Map<string, string>();
  /** Staged in the commit under way (not yet readable from the store). */
  #staged = new Map<string, string>();
  #sublevel?: StateSublevel;
  /** Records read back, and those that could not be (the file gone, no response record there). */
  readonly counts = { read: 0, unread: 0 };

  attach(store: StateStore | undefined): void {
    if (store === undefined) return;
    const sublevel = (this.#sublevel = store.sublevel(RECORDED_SUBLEVEL));
    store.participate({
      stage: () => {
        for (const [key, at] of this.#recent) {
          sublevel.put(key, at);
          this.#staged.set(key, at);
        }
        this.#recent = new Map();
      },
      committed: () => this.#staged.clear(),
    });
  }

  /** A URI done (Frontier.onFinal): where its response was written, kept unless it is an HTML page (rendered, not a sub-resource). */
  note(curi: CrawlUri): void {
    const written = curi.writtenResponse;
    if (written?.warcDir === undefined || curi.fetchStatus <= 0) return;
    const mime = curi.mimeType;
    if (mime === 'text/html' || mime === 'application/xhtml+xml') return;
    this.#recent.set(curi.uri, `${written.warcFileOffset} ${join(written.warcDir, written.warcFilename)}`);
  }

  /** Where the key's response was recorded (undefined when it was not, or not yet). */
  async where(key: string): Promise<{ path: string; offset: number } | undefined> {
    const at = this.#recent.get(key) ?? this.#staged.get(key) ?? (await this.#sublevel?.get(key));
    if (at === undefined) return undefined;
    const space = at.indexOf(' ');
    return { offset: Number(at.slice(0, space)), path: at.slice(space + 1) };
  }

  /**
   * The key's response as recorded, for the browser (body without chunk framing or content coding);
   * undefined when nothing was recorded for it; `unread` when it was and cannot be read back.
   */
  async read(key: string): Promise<Served | Unread | undefined> {
    const where = await this.where(key);
    if (where === undefined) return undefined;
    const served = await readResponse(where.path, where.offset);
    if (typeof served === 'string') this.counts.unread++;
    else this.counts.read++;
    return served;
  }
}

/** The first `response` record at or after `offset` among the URI's records, as the browser gets it. */
async function readResponse(path: string, offset: number): Promise<Served | Unread> {
  let at = offset;
  for (let i = 0; i < RECORDS_LOOKED_AT; i++) {
    const record = await recordAt(path, at);
    if (typeof record === 'string') return record;
    if (record.header.get('warc-type') === 'response') return servedOf(record);
    at += record.length;
  }
  return 'record';
}

/** The record at `offset` of the file, under its final name or still `.open`; read again while it is not yet whole there. */
async function recordAt(path: string, offset: number): Promise<WarcRecordRead | Unread> {
  for (let attempt = 0; ; attempt++) {
    let gone = 0;
    for (const name of [path, `${path}.open`, path]) {
      try {
        return await readWarcRecordAt(name, offset);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') gone++;
      }
    }
    if (gone === 3) return 'file';
    if (attempt >= RETRY_MS.length) return 'record';
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS[attempt]));
  }
}

function servedOf(record: WarcRecordRead): Served | Unread {
  const block = record.block;
  const headEnd = block.indexOf('\r\n\r\n');
  if (headEnd === -1 || block.subarray(0, 5).toString('latin1') !== 'HTTP/') return 'record';
  const head = block.subarray(0, headEnd + 2).toString('latin1');
  const lines = head.split('\r\n');
  const status = Number(/^HTTP\/\S+\s+(\d{3})/.exec(lines[0])?.[1]);
  if (!Number.isInteger(status)) return 'record';
  const raw: string[] = [];
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) raw.push(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const { body } = decodeStoredBody(head, block.subarray(headEnd + 4));
  return { kind: 'response', status, headers: browserHeaders(raw), body };
}
