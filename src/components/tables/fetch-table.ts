import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { Hop } from '../../model/hop.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { sha1Base32 } from '../../util/sha1-base32.js';
import { errorCodeOf, sourceErrorStatus } from '../../model/source-error-status.js';
import type { ListingCheck } from '../../model/table-driver.js';
import { listingUrl, parseTableUrl, rowUrl, type TableUrl } from './table-url.js';

/** The type of a table's listing page (crawl.log); it is no document. */
export const TABLE_LISTING_TYPE = 'text/x-table-listing';
/** The alert of a listing that did not give every row of its table. */
export const TABLE_INCOMPLETE = 'table incomplete';
/** The link contexts of a listing's rows and of its next page. */
const ROW_CONTEXT = 'table/row';
const PAGE_CONTEXT = 'table/next';

export const fetchTableComponent = defineComponent({
  name: 'FetchTable',
  description:
    'Fetches database tables (Oracle Ultra Search\'s table sources), named by seed URLs as every other source is: ' +
    '`postgresql://[user@][host][:port]/DATABASE?table=NAME&key=COLUMN[,COLUMN]`, with `content=COLUMN,…` (the columns that make the ' +
    'document; all when left out), `version=COLUMN` (a version or modification-time column, the change signal; else the row\'s digest) ' +
    'and `display=TEMPLATE` (a display URL, `{column}` replaced by the row\'s value) optional. The table is read in key order a page ' +
    '(pageSize keys) at a time, never whole: each page is a listing, which no receiver hears, whose links are its rows and the next ' +
    'page. Each row is a document at a stable URL, `…/DATABASE/TABLE/KEY?…`: its content columns as JSON (one text column as text), ' +
    'every column a field (`field.NAME` in a receiver\'s mapping), a `title` column its title. A row no longer there answers 404, so ' +
    'a delta run reports it deleted at the end of a run that could not reach it, through the same rules, counts and circuit ' +
    'breaker as the web; a failure (the database unreachable, a table gone) proves nothing. The database is its TableDriver\'s.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    pageSize: { type: 'integer', default: 1000, minimum: 1, maximum: 100_000, overlayable: true, description: 'Keys a listing page holds.' },
    maxRowBytes: { type: 'integer', default: 16 * 1024 * 1024, minimum: 1, overlayable: true, description: 'A bound on what a row costs: no column ' +
      'is read beyond this (a longer one is read as a prefix, never whole), and a document larger than this is cut (both annotated lenTrunc).' },
  },
  refs: {
    ...PROCESSOR_REFS,
    driver: { kind: 'TableDriver', autowire: true, required: true, description: 'The database the tables are read from (PostgresTableDriver).' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Hears (alerts.log) when a listing did not give every row of its table ' +
      '(its keys against count(*) at its snapshot), or could not be checked.' },
  },
  load: async (): Promise<ComponentClass> => FetchTable,
});

type Config = ConfigOf<typeof fetchTableComponent>;

/** Reads table listings and rows through its driver (see the descriptor). */
export class FetchTable extends Processor<typeof fetchTableComponent> {
  protected override shouldProcess(curi: CrawlUri): boolean {
    const scheme = curi.uri.slice(0, curi.uri.indexOf(':'));
    return this.config.driver.schemes.includes(scheme);
  }

  protected async innerProcess(curi: CrawlUri, c: Config): Promise<ProcessResult> {
    const t = parseTableUrl(curi.uri);
    if (typeof t === 'string') {
      curi.fetchStatus = FetchStatus.UNFETCHABLE_URI;
      curi.annotations.push('table:badUrl');
      return FINISH;
    }
    curi.fetchBeginTime = Date.now();
    try {
      if (t.row) await this.#row(curi, t, t.row, c);
      else await this.#listing(curi, t, c);
    } catch (e) {
      // The classification every source with a server shares: a database restarting (57P03), a connection
      // lost (ECONNRESET) are -2, -3, retried as the web's are; a row too large to read is this row's -5.
      curi.fetchStatus = sourceErrorStatus(e);
      curi.annotations.push(`err:${errorCodeOf(e)}`);
    }
    curi.fetchDurationMs = Date.now() - curi.fetchBeginTime;
    return curi.fetchStatus < 0 ? FINISH : PROCEED;
  }

  /** A page of keys: its rows and the next page as links; a listing, no document. */
  async #listing(curi: CrawlUri, t: TableUrl, c: Config): Promise<void> {
    const { keys: page, more, check } = await this.config.driver.keysAfter(t.source, t.after, c.pageSize, listingOf(t));
    for (const key of page) curi.outlinks.push({ uri: rowUrl(t, key), hop: Hop.LINK, context: ROW_CONTEXT });
    if (more) curi.outlinks.push({ uri: listingUrl(t, page[page.length - 1]), hop: Hop.LINK, context: PAGE_CONTEXT, continues: true });
    const content = Buffer.from(page.map((k) => k.join(',')).join('\n'), 'utf8');
    record(curi, content, TABLE_LISTING_TYPE);
    curi.listing = true;
    if (check) this.#checked(curi, t, check);
  }

  /** The last page's word on the whole listing: every row listed (annotated), or an alert saying how many were not, or why it is not known. */
  #checked(curi: CrawlUri, t: TableUrl, check: ListingCheck): void {
    const table = `table ${t.source.table} of ${listingOf(t)}`;
    if ('unchecked' in check) {
      curi.annotations.push('table:unchecked');
      this.config.loggerModule?.alert?.('WARNING', `${table}: the rows listed could not be checked against count(*): ${check.unchecked}`);
    } else if (check.listed === check.counted) {
      curi.annotations.push(`table:rows=${check.listed}`);
    } else {
      curi.annotations.push(`table:incomplete=${check.listed}/${check.counted}`);
      const nulls = check.nullKeys > 0 ? ` (${check.nullKeys} of them with a NULL key, which no key can name)` : '';
      this.config.loggerModule?.alert?.('SEVERE', `${TABLE_INCOMPLETE}: ${table}: the listing gave ${check.listed} rows, but count(*) at the same ` +
        `snapshot is ${check.counted}${nulls}: ${check.counted - check.listed} rows were not read (is the key unique?)`);
    }
  }

  /** One row: its content, fields, title, display URL and version; 404 when it is gone. */
  async #row(curi: CrawlUri, t: TableUrl, key: readonly string[], c: Config): Promise<void> {
    const read = await this.config.driver.row(t.source, key, c.maxRowBytes);
    if (!read) {
      curi.fetchStatus = 404;
      curi.annotations.push('table:rowGone');
      return;
    }
    const row = read.values;
    const columns = t.content.length ? t.content : Object.keys(row);
    const missing = columns.find((col) => !(col in row));
    if (missing) throw Object.assign(new Error(`no column "${missing}"`), { code: 'noColumn' });
    const single = columns.length === 1 && typeof row[columns[0]] === 'string';
    const text = single ? (row[columns[0]] as string) : JSON.stringify(Object.fromEntries(columns.map((col) => [col, plain(row[col])])));
    let content = Buffer.from(text, 'utf8');
    if (content.length > c.maxRowBytes || read.cut.length > 0) {
      content = content.subarray(0, c.maxRowBytes);
      curi.annotations.push('lenTrunc');
    }
    record(curi, content, single ? 'text/plain; charset=utf-8' : 'application/json');
    const fields: Record<string, string> = {};
    for (const [col, value] of Object.entries(row)) if (value !== null && value !== undefined) fields[col] = textOf(value);
    curi.extracted = { text: single ? text : columns.map((col) => (row[col] === null ? '' : textOf(row[col]))).filter(Boolean).join('\n'), meta: {}, fields, ...(typeof row.title === 'string' ? { title: row.title } : {}) };
    if (t.version && row[t.version] !== null && row[t.version] !== undefined) curi.extraInfo.version = `${t.version}:${textOf(row[t.version])}`;
    if (t.display) curi.displayUrl = t.display.replace(/\{([A-Za-z_][\w$]*)\}/g, (_, col: string) => encodeURIComponent(row[col] === undefined || row[col] === null ? '' : textOf(row[col])));
  }
}

/** A listing's name: its seed (its URL without the page it starts after); its pages are read one after another. */
function listingOf(t: TableUrl): string {
  return listingUrl(t, []).replace(/&after=$/, '');
}

function record(curi: CrawlUri, content: Buffer, contentType: string): void {
  curi.fetchStatus = 200;
  curi.content = content;
  curi.contentType = contentType;
  curi.contentSize = content.length;
  curi.recordedSize = content.length;
  curi.contentDigest = sha1Base32(content);
}

/** A column's value for JSON: dates as ISO dates, bytes as base64, the rest as the client read it. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return value;
}

/** A column's value as text. */
function textOf(value: unknown): string {
  const v = plain(value);
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : JSON.stringify(v);
}
